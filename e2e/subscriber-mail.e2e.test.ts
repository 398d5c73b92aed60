// A subscriber's e-mail, from the site's form to MailDev and back through its links, in Chromium on the
// emulators: the confirmation e-mail (both parts, both unsubscribe headers) → "Confirm my spot" →
// confirmed in Firestore and under the admin panel's Confirmed filter; one-click unsubscribe (RFC 8058)
// and the /unsubscribe page's button and re-subscribe; "Delete my data" → signup, subscriber and pending
// mail gone, and the row leaves an open admin panel; tampered tokens → an error page, nothing changed.
import { COLLECTIONS } from '@silk/schema/constants';
import { LINK_INVALID } from '@silk/schema/messages';
import { adminSdk } from '@silk/stack/admin-sdk';
import type { CaughtMail } from '@silk/stack/maildev';
import { Timestamp } from 'firebase-admin/firestore';
import { request, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedIn, seedMember, type AdminPage } from './support/admin-session';
import { seriousViolations } from './support/axe';
import { cutOffThirdParties, hydrateIslands, openSite, readSignup, uniqueEmail } from './support/site-page';
import { browserSuite } from './support/browser-suite';
import { firstMailTo, joinWithHeroForm, textLink } from './support/subscriber-mail';

const suite = browserSuite();
const { db } = adminSdk();

const subscriber = async (email: string) =>
  (await db.collection(COLLECTIONS.subscribers).doc(email).get()).data();
const mailDocsTo = async (email: string) =>
  (await db.collection(COLLECTIONS.mail).where('to', '==', email).get()).docs;

/** The same token with one character of its signature changed. */
function tampered(token: string): string {
  const [body, signature = ''] = token.split('.');
  const at = Math.floor(signature.length / 2);
  return `${body}.${signature.slice(0, at)}${signature[at] === 'A' ? 'B' : 'A'}${signature.slice(at + 1)}`;
}

/** Joins the waitlist with the landing form, as a visitor does, and waits for the confirmation e-mail. */
async function signUp(label: string): Promise<{ email: string; mail: CaughtMail }> {
  const email = uniqueEmail(label);
  const { context, page } = await openSite(suite.browser, suite.stack.siteUrl, '/');
  suite.contexts.push(context);
  await joinWithHeroForm(page, email);
  const mail = await firstMailTo(email);
  return { email, mail };
}

/** A page in a context of its own (closed after the test), third parties cut off. */
async function newPage(): Promise<Page> {
  const context = await suite.browser.newContext();
  suite.contexts.push(context);
  await cutOffThirdParties(context);
  return context.newPage();
}

/** The e-mail's HTML part, as a mail app shows it. */
async function openMail(mail: CaughtMail): Promise<Page> {
  const page = await newPage();
  await page.setContent(mail.html ?? '');
  return page;
}

/** A link of the e-mail followed, once the page's island has hydrated (its buttons work from then on). */
async function openLink(url: string): Promise<Page> {
  const page = await newPage();
  await page.goto(url);
  await hydrateIslands(page, [new URL(url).pathname.slice(1)]);
  return page;
}

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

describe('a subscriber and the e-mail links (e2e)', () => {
  let email: string;
  let mail: CaughtMail;
  let admin: AdminPage;

  beforeAll(async () => {
    const member = await seedMember('mail-admin', ['Admin']);
    // Kept open for the whole file (closed by the afterAll), not for one test.
    const keepForFile = (session: AdminPage) => (admin = session);
    await openSignedIn({ browser: suite.browser, stack: suite.stack, track: keepForFile }, member);
    await admin.page.getByRole('heading', { name: 'Waitlist Signups' }).waitFor({ timeout: 20_000 });
  });
  afterAll(async () => {
    await admin?.context.close();
  });

  it('sends the confirmation e-mail with both unsubscribe headers and a working HTML and text part', async () => {
    // The later tests follow this e-mail's links.
    ({ email, mail } = await signUp('mail'));
    expect(mail.subject).toBe('Confirm your spot on the Silk waitlist');
    const oneClick = mail.headers['list-unsubscribe'] ?? '';
    expect(oneClick).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/api\/unsubscribe\?token=[\w.-]+>$/);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(oneClick).not.toContain(email);

    // The HTML part's links are the text part's.
    const page = await openMail(mail);
    for (const label of ['Confirm my spot', 'Unsubscribe', 'Delete my data']) {
      expect(await page.getByRole('link', { name: label, exact: true }).getAttribute('href')).toBe(
        textLink(mail, label),
      );
    }
  });

  it('confirms through "Confirm my spot": the /confirm page, Firestore, and the admin Confirmed filter', async () => {
    const page = await openMail(mail);
    await Promise.all([
      page.waitForURL('**/confirm?token=*'),
      page.getByRole('link', { name: 'Confirm my spot' }).click(),
    ]);
    await heading(page, 'You’re confirmed').waitFor({ timeout: 20_000 });
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    expect(await seriousViolations(page)).toEqual([]);

    const signup = await readSignup(email);
    expect(signup?.confirmedAt).toBeInstanceOf(Timestamp);
    expect((await subscriber(email))?.confirmedAt).toBeInstanceOf(Timestamp);

    const show = admin.page.getByRole('combobox', { name: 'Show' });
    const row = admin.page.getByRole('cell', { name: email });
    await show.selectOption({ label: 'Confirmed' });
    await row.waitFor({ timeout: 20_000 });
    expect(await admin.page.getByText(/^Confirmed: [\d,]+$/).count()).toBe(1);
    await show.selectOption({ label: 'Unconfirmed' });
    await row.waitFor({ state: 'detached' });
    await show.selectOption({ label: 'Confirmed' });
    await row.waitFor();
  });

  it('unsubscribes with a one-click POST to the List-Unsubscribe URL; the page unsubscribes and re-subscribes', async () => {
    const target = (mail.headers['list-unsubscribe'] ?? '').slice(1, -1);
    // A mail provider's POST (RFC 8058), from no browser.
    const provider = await request.newContext();
    const response = await provider.post(target, {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      data: 'List-Unsubscribe=One-Click',
    });
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    await provider.dispose();
    const unsubscribedAt = (await subscriber(email))?.unsubscribedAt as Timestamp;
    expect(unsubscribedAt).toBeInstanceOf(Timestamp);

    // The page's button: nothing happens on load, the click unsubscribes (again: the same success).
    const page = await openLink(textLink(mail, 'Unsubscribe'));
    await heading(page, 'Unsubscribe from Silk e-mails').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page
      .getByRole('status')
      .getByText('You are unsubscribed.', { exact: false })
      .waitFor({ timeout: 20_000 });
    expect(((await subscriber(email))?.unsubscribedAt as Timestamp).isEqual(unsubscribedAt)).toBe(true);

    await page.getByRole('button', { name: 'Re-subscribe' }).click();
    await page.getByRole('status').getByText('subscribed to Silk e-mails again', { exact: false }).waitFor();
    const back = await subscriber(email);
    expect(back?.unsubscribedAt).toBeUndefined();
    expect(back?.resubscribedAt).toBeInstanceOf(Timestamp);
  });

  it('erases through "Delete my data": signup, subscriber and pending mail gone; the row leaves the open panel', async () => {
    // A mail still waiting for its retry goes too.
    await db.collection(COLLECTIONS.mail).add({
      to: email,
      message: { subject: 'Later', text: 'Waiting for a retry.' },
      delivery: { state: 'ERROR', attempts: 2, nextAttemptAt: Timestamp.fromMillis(Date.now() + 3_600_000) },
    });
    expect((await mailDocsTo(email)).length).toBe(2);
    const row = admin.page.getByRole('cell', { name: email });
    await row.waitFor();

    const page = await openLink(textLink(mail, 'Delete my data'));
    expect(new URL(page.url()).hash).toBe('#delete-my-data');
    const section = page.getByRole('region', { name: 'Delete my data' });
    await section.getByRole('button', { name: 'Delete my data' }).click();
    await section.getByRole('button', { name: 'Yes, delete my data' }).click();
    await heading(page, 'Your data has been deleted').waitFor({ timeout: 20_000 });

    expect(await readSignup(email)).toBeUndefined();
    expect(await subscriber(email)).toBeUndefined();
    expect(await mailDocsTo(email)).toHaveLength(0);
    await row.waitFor({ state: 'detached', timeout: 20_000 });
  });
});

describe('a tampered link (e2e)', () => {
  it('shows an error page on /confirm and /unsubscribe, and changes nothing', async () => {
    const { email, mail } = await signUp('tampered');
    const expectUntouched = async () => {
      const stored = await subscriber(email);
      expect(stored).toBeDefined();
      expect(stored?.confirmedAt).toBeUndefined();
      expect(stored?.unsubscribedAt).toBeUndefined();
      expect((await readSignup(email))?.confirmedAt).toBeUndefined();
      expect(await mailDocsTo(email)).toHaveLength(1);
    };

    const confirmLink = new URL(textLink(mail, 'Confirm my spot'));
    confirmLink.searchParams.set('token', tampered(confirmLink.searchParams.get('token') ?? ''));
    const confirmPage = await openLink(confirmLink.href);
    await heading(confirmPage, 'This link cannot be used').waitFor({ timeout: 20_000 });
    expect(await confirmPage.getByRole('alert').textContent()).toBe(LINK_INVALID);
    const home = confirmPage.getByRole('main').getByRole('link', { name: 'Back to Home' });
    expect(await home.getAttribute('href')).toBe('/');
    expect(await seriousViolations(confirmPage)).toEqual([]);
    await expectUntouched();

    const unsubscribeLink = new URL(textLink(mail, 'Unsubscribe'));
    for (const name of ['token', 'erase']) {
      unsubscribeLink.searchParams.set(name, tampered(unsubscribeLink.searchParams.get(name) ?? ''));
    }
    const page = await openLink(unsubscribeLink.href);
    const section = page.getByRole('region', { name: 'Delete my data' });
    await section.getByRole('button', { name: 'Delete my data' }).click();
    await section.getByRole('button', { name: 'Yes, delete my data' }).click();
    expect(await section.getByRole('alert').textContent()).toBe(LINK_INVALID);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await heading(page, 'This link cannot be used').waitFor({ timeout: 20_000 });
    expect(await page.getByRole('alert').first().textContent()).toBe(LINK_INVALID);
    await expectUntouched();
  });
});
