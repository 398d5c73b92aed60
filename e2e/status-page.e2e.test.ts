// The private status page and the referral link on the site, in Chromium on the emulators: the link in
// the subscriber's e-mail opens their numbers (with scripts and without), the share buttons work, axe
// finds nothing serious; a tampered link offers a fresh one, which reaches the mailbox; a visit through a
// referral link sends its code with the signup; /waitlist shows the subscriber's own link.
import { COLLECTIONS, SESSION_REFERRAL_CODE_KEY } from '@silk/schema/constants';
import { LINK_INVALID } from '@silk/schema/messages';
import { adminSdk } from '@silk/stack/admin-sdk';
import { waitForMailTo, type CaughtMail } from '@silk/stack/maildev';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { browserSuite } from './support/browser-suite';
import { cutOffThirdParties, openSite, uniqueEmail } from './support/site-page';
import { firstMailTo, joinWithHeroForm, textLink } from './support/subscriber-mail';

const suite = browserSuite();
const { db } = adminSdk();

/** Joins with the landing form (at `path`) and returns the address and its confirmation e-mail. */
async function signUp(
  label: string,
  path = '/',
): Promise<{ email: string; mail: CaughtMail; subscribeBody: unknown; page: Page }> {
  const email = uniqueEmail(label);
  const { context, page } = await openSite(suite.browser, suite.stack.siteUrl, path);
  suite.contexts.push(context);
  const subscribe = page.waitForRequest('**/api/subscribe');
  await joinWithHeroForm(page, email);
  const subscribeBody = (await subscribe).postDataJSON() as unknown;
  const mail = await firstMailTo(email);
  return { email, mail, subscribeBody, page };
}

async function newPage(javaScriptEnabled = true): Promise<Page> {
  const context = await suite.browser.newContext({ javaScriptEnabled });
  suite.contexts.push(context);
  await cutOffThirdParties(context);
  return context.newPage();
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

describe('the status page (e2e)', () => {
  it("opens from the e-mail with the subscriber's numbers and share buttons, without axe violations", async () => {
    const { email, mail } = await signUp('status');
    const signup = db.collection(COLLECTIONS.waitlistSignups).doc(email);
    const code = (await signup.get()).get('referralCode') as string;
    await signup.update({ confirmedReferrals: 1 });
    const link = textLink(mail, 'Your place in line');
    expect(decodeURIComponent(link)).not.toContain(email);

    const page = await newPage();
    await page.goto(link);
    // The ranking index places a new signup from its trigger: until then the page says so.
    await expect
      .poll(async () => (await page.reload(), page.getByTestId('status-place').textContent()), {
        timeout: 20_000,
      })
      .toMatch(/^#[\d,]+ of [\d,]+$/);
    expect(await page.getByTestId('status-referrals').textContent()).toBe('1');
    expect(await page.getByTestId('status-link').textContent()).toBe(`${new URL(link).origin}/?ref=${code}`);
    for (const name of ['E-mail', 'X', 'WhatsApp', 'LinkedIn']) {
      expect(await page.getByRole('link', { name, exact: true }).getAttribute('href')).toContain(code);
    }
    // The page's script reveals the copy button.
    await page.getByRole('button', { name: 'Copy link' }).waitFor({ state: 'visible' });
    expect(await page.getByRole('heading', { name: 'Top referrers' }).count()).toBe(1);
    expect(await page.content()).not.toContain(email);
    expect(await seriousViolations(page)).toEqual([]);

    // Without JavaScript: the same numbers, and no button that could not work.
    const plain = await newPage(false);
    await plain.goto(link);
    expect(await plain.getByTestId('status-place').textContent()).toMatch(/^#[\d,]+ of [\d,]+$/);
    expect(await plain.getByRole('button', { name: 'Copy link' }).count()).toBe(0);
    expect(await plain.getByRole('link', { name: 'LinkedIn', exact: true }).count()).toBe(1);
  });

  it('answers a tampered link with a clear page whose form e-mails a fresh link to the address', async () => {
    const { email, mail } = await signUp('fresh');
    const link = new URL(textLink(mail, 'Your place in line'));
    const token = link.searchParams.get('token') ?? '';
    link.searchParams.set('token', `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`);

    const page = await newPage();
    await page.goto(link.href);
    expect(await heading(page).textContent()).toBe(LINK_INVALID);
    expect(await page.getByTestId('status-place').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
    await Promise.all([
      page.waitForURL('**/status?sent'),
      page.getByRole('button', { name: 'E-mail me a fresh link' }).click(),
    ]);
    expect(await heading(page).textContent()).toBe('Check your inbox');
    expect(await seriousViolations(page)).toEqual([]);

    const mails = await waitForMailTo(email, { count: 2, timeoutMs: 30_000 });
    const fresh = mails.find((entry) => entry.subject === 'Your place on the Silk waitlist');
    if (!fresh) throw new Error('No fresh status link.');
    const again = await newPage();
    await again.goto(textLink(fresh, 'See my place in line'));
    expect(await heading(again).textContent()).toBe('Your place in line');
  });
});

describe('referral links on the site (e2e)', () => {
  it("sends the code of the visit's referral link with the signup, and shows the subscriber's own link on /waitlist", async () => {
    const { email, subscribeBody, page } = await signUp('referred', '/?ref=abcd2345');
    expect(subscribeBody).toMatchObject({ ref: 'abcd2345' });
    const code = (await db.collection(COLLECTIONS.subscribers).doc(email).get()).get(
      'referralCode',
    ) as string;
    await page.getByTestId('referral-link').waitFor();
    expect(await page.getByTestId('referral-link').textContent()).toBe(
      `${new URL(suite.stack.siteUrl).origin}/?ref=${code}`,
    );
  });

  it('shows the link on /waitlist once /api/subscribe answers, also when it answers only after 5 s', async () => {
    const email = uniqueEmail('held');
    const { context, page } = await openSite(suite.browser, suite.stack.siteUrl, '/');
    suite.contexts.push(context);
    await context.route('**/api/subscribe', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      // The landing page's own call may have gone with the page; /waitlist's is the one that must arrive.
      await route.continue().catch(() => undefined);
    });
    await joinWithHeroForm(page, email);
    expect(await page.getByTestId('referral-link').count()).toBe(0);
    await page.getByTestId('referral-link').waitFor({ timeout: 30_000 });
    const code = (await db.collection(COLLECTIONS.subscribers).doc(email).get()).get(
      'referralCode',
    ) as string;
    expect(await page.getByTestId('referral-link').textContent()).toBe(
      `${new URL(suite.stack.siteUrl).origin}/?ref=${code}`,
    );
  });

  it("shows the subscriber's own link with its share buttons on /waitlist, without axe violations", async () => {
    const { context, page } = await openSite(suite.browser, suite.stack.siteUrl, '/waitlist', {
      beforeGoto: async (opening) => {
        await opening.addInitScript(
          (key) => window.sessionStorage.setItem(key, 'wa7t5ref'),
          SESSION_REFERRAL_CODE_KEY,
        );
      },
    });
    suite.contexts.push(context);
    await page.getByTestId('referral-link').waitFor();
    expect(await page.getByTestId('referral-link').textContent()).toBe(
      `${new URL(suite.stack.siteUrl).origin}/?ref=wa7t5ref`,
    );
    await page.getByRole('button', { name: 'Copy link' }).waitFor();
    expect(await page.getByRole('link', { name: 'WhatsApp', exact: true }).getAttribute('href')).toContain(
      'wa7t5ref',
    );
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('the status page through Hosting (e2e)', () => {
  it("carries the site's security headers and the function's own", async () => {
    const response = await fetch(`${suite.stack.siteUrl}/status`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    // Hosting's header wins over the function's no-referrer: the token's URL never leaves the origin.
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-robots-tag')).toBe('noindex');
  });
});
