// "Download my data" on the private status page, in Chromium on the emulators: the button downloads a
// JSON file of the link's subscriber's records (signup and answers, consent, referrals, invitations,
// mails), and nothing of the subscriber they referred, nor of their referrer; a tampered link gives no
// file, only the usual refusal.
import { COLLECTIONS } from '@silk/schema/constants';
import { LINK_INVALID } from '@silk/schema/messages';
import { adminSdk } from '@silk/stack/admin-sdk';
import type { CaughtMail } from '@silk/stack/maildev';
import type { Page } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { browserSuite } from './support/browser-suite';
import { cutOffThirdParties, openSite, uniqueEmail } from './support/site-page';
import { firstMailTo, joinWithHeroForm, textLink } from './support/subscriber-mail';

const suite = browserSuite();
const { db } = adminSdk();

async function signUp(label: string, path = '/'): Promise<{ email: string; mail: CaughtMail }> {
  const email = uniqueEmail(label);
  const { context, page } = await openSite(suite.browser, suite.stack.siteUrl, path);
  suite.contexts.push(context);
  await joinWithHeroForm(page, email);
  return { email, mail: await firstMailTo(email) };
}

async function newPage(): Promise<Page> {
  const context = await suite.browser.newContext({ acceptDownloads: true });
  suite.contexts.push(context);
  await cutOffThirdParties(context);
  return context.newPage();
}

/** The parts of the downloaded file these tests read. */
interface DataFile {
  email: string;
  signup: Record<string, unknown>;
  subscription: Record<string, unknown>;
  referrals: {
    referredBy: { status: string } | null;
    made: { count: number; referrals: { status: string }[] };
  };
  invitations: Record<string, unknown>[];
  invitationHistory: Record<string, unknown>[];
  mails: { subject: string | null }[];
}

/** The status page's "Download my data": the file's name and its JSON. */
async function downloadData(page: Page): Promise<{ name: string; text: string; data: DataFile }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download my data' }).click(),
  ]);
  const path = await download.path();
  const text = await readFile(path, 'utf8');
  return { name: download.suggestedFilename(), text, data: JSON.parse(text) as DataFile };
}

async function waitForReferral(referred: string): Promise<void> {
  await expect
    .poll(async () => (await db.collection(COLLECTIONS.referrals).doc(referred).get()).exists, {
      timeout: 20_000,
    })
    .toBe(true);
}

describe('"Download my data" (e2e)', () => {
  it("downloads the subscriber's own records and nothing of the person they referred or of their referrer", async () => {
    const referrer = await signUp('data-referrer');
    const referrerSignup = db.collection(COLLECTIONS.waitlistSignups).doc(referrer.email);
    const code = (await referrerSignup.get()).get('referralCode') as string;
    const referred = await signUp('data-referred', `/?ref=${code}`);
    await waitForReferral(referred.email);
    const referredSignup = await db.collection(COLLECTIONS.waitlistSignups).doc(referred.email).get();
    const referredSecrets = [
      referred.email,
      referredSignup.get('subscriberId') as string,
      referredSignup.get('referralCode') as string,
    ];
    // An answer and an invitation of the referrer's, whose status a staff member changed.
    await referrerSignup.update({ travelFrequency: 'Monthly' });
    const staff = 'data-admin@silk.test';
    await db
      .collection(COLLECTIONS.invitations)
      .doc(`data-${code}`)
      .set({
        email: referrer.email,
        waveId: 'wave-data',
        createdAt: Date.now(),
        expiresAt: Date.now() + 86_400_000,
        state: 'sent',
        tokenHash: 'f'.repeat(64),
      });
    await db
      .collection(COLLECTIONS.inviteHistory)
      .add({ email: referrer.email, status: 'invited', at: Date.now(), by: staff, waveId: 'wave-data' });

    const page = await newPage();
    await page.goto(textLink(referrer.mail, 'Your place in line'));
    await page.getByRole('heading', { name: 'Your data' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const { name, text, data } = await downloadData(page);
    expect(name).toMatch(/^silk-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    expect(data.email).toBe(referrer.email);
    expect(data.signup).toMatchObject({
      email: referrer.email,
      referralCode: code,
      travelFrequency: 'Monthly',
    });
    expect(data.signup).not.toHaveProperty('editKeyHash');
    expect(data.subscription).toMatchObject({ email: referrer.email, source: expect.any(String) });
    expect(typeof data.subscription.subscribedAt).toBe('string');
    expect(data.referrals.referredBy).toBeNull();
    expect(data.referrals.made).toMatchObject({ count: 1, byStatus: { pending: 1 } });
    expect(data.referrals.made.referrals[0]).toEqual({
      status: 'pending',
      createdAt: expect.any(String),
      confirmedAt: null,
    });
    expect(data.invitations).toEqual([
      expect.objectContaining({ state: 'sent', waveId: 'wave-data', redeemedAt: null }),
    ]);
    expect(data.invitationHistory).toEqual([expect.objectContaining({ status: 'invited', by: 'staff' })]);
    expect(data.mails.map((mail) => mail.subject)).toContain(referrer.mail.subject);
    // Nothing of anyone else: not the referred person, not the staff member, no invitation token hash.
    for (const secret of [...referredSecrets, staff, 'f'.repeat(64)]) expect(text).not.toContain(secret);

    // The referred person's file names neither their referrer nor the referrer's code.
    const theirs = await newPage();
    await theirs.goto(textLink(referred.mail, 'Your place in line'));
    const other = await downloadData(theirs);
    expect(other.data.email).toBe(referred.email);
    expect(other.data.referrals.referredBy).toMatchObject({ status: 'pending' });
    expect(other.data.referrals.made).toMatchObject({ count: 0 });
    for (const secret of [referrer.email, code]) expect(other.text).not.toContain(secret);
  });

  it('gives nothing for a tampered link: no file, only the refusal', async () => {
    const { email, mail } = await signUp('data-tampered');
    const link = new URL(textLink(mail, 'Your place in line'));
    const token = link.searchParams.get('token') ?? '';
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;

    // A tampered status link shows no download at all.
    const page = await newPage();
    link.searchParams.set('token', tampered);
    await page.goto(link.href);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(LINK_INVALID);
    expect(await page.getByRole('button', { name: 'Download my data' }).count()).toBe(0);

    // The genuine page's form with its token tampered: the refusal page, no file.
    const genuine = await newPage();
    await genuine.goto(textLink(mail, 'Your place in line'));
    await genuine.locator('input[name="token"]').evaluate((input, value) => {
      (input as HTMLInputElement).value = value;
    }, tampered);
    let downloads = 0;
    genuine.on('download', () => (downloads += 1));
    const [answer] = await Promise.all([
      genuine.waitForResponse('**/api/status-data'),
      genuine.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(answer.status()).toBe(401);
    await genuine.getByRole('heading', { level: 1, name: LINK_INVALID }).waitFor();
    expect(downloads).toBe(0);
    expect(await genuine.content()).not.toContain(email);

    // Straight to the route, as JSON: the usual error, no data.
    const response = await fetch(`${suite.stack.siteUrl}/api/status-data`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: tampered }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: LINK_INVALID });
  });
});
