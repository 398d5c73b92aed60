// Referrals end to end in Chromium on the emulators, under the "skip N places" rule: A joins and copies
// their link from /waitlist; B joins through it (scripts on) and C (scripts off: the form's Referer);
// A joins again as A+tag through it; B and A+tag confirm from MailDev. A's status page then shows one
// confirmed referral and a better place; C's unconfirmed signup gives no credit, and A+tag none (same
// person). The emulator's network rule is off (REFERRAL_NETWORK_WINDOW_SECONDS=0: every local visitor
// shares one address); the functions tests show that rule withholding.
import { COLLECTIONS } from '@silk/schema/constants';
import type { RankingRule } from '@silk/schema/referrals';
import { adminSdk } from '@silk/stack/admin-sdk';
import type { CaughtMail } from '@silk/stack/maildev';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMember } from './support/admin-session';
import { browserSuite } from './support/browser-suite';
import { cutOffThirdParties, openSite, seedSignup, uniqueEmail } from './support/site-page';
import { firstMailTo, joinWithHeroForm, textLink } from './support/subscriber-mail';

const suite = browserSuite();
const { db } = adminSdk();
const SKIP: RankingRule = { kind: 'skip', places: 5 };
const settings = db.collection('settings').doc('ranking');

/** An Admin's ID token (the Auth emulator's REST sign-in, as the panel signs in). */
async function adminToken(): Promise<string> {
  const admin = await seedMember('referrals', ['Admin']);
  const response = await fetch(
    `http://${suite.stack.authHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: admin.email, password: admin.password, returnSecureToken: true }),
    },
  );
  return ((await response.json()) as { idToken: string }).idToken;
}

/** Chooses the rule through the panel's route and waits until the re-rank has switched to it. */
async function chooseRule(token: string, rule: RankingRule): Promise<void> {
  const response = await fetch(`${suite.stack.adminUrl}/api/ranking`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ rule }),
  });
  if (response.status !== 200)
    throw new Error(`setRankingRule answered ${response.status}: ${await response.text()}`);
  const deadline = Date.now() + 120_000;
  while (JSON.stringify((await settings.get()).get('rule')) !== JSON.stringify(rule)) {
    if (Date.now() > deadline) throw new Error(`The re-rank to ${JSON.stringify(rule)} did not finish.`);
    await sleep(500);
  }
}

/** Joins with the landing form at `path` (scripts on or off); returns the address's confirmation e-mail. */
async function join(
  email: string,
  path: string,
  javaScriptEnabled = true,
): Promise<{ mail: CaughtMail; page: Page }> {
  let page: Page;
  if (javaScriptEnabled) {
    const site = await openSite(suite.browser, suite.stack.siteUrl, path);
    suite.contexts.push(site.context);
    page = site.page;
  } else {
    const context = await suite.browser.newContext({ javaScriptEnabled: false });
    suite.contexts.push(context);
    await cutOffThirdParties(context);
    page = await context.newPage();
    await page.goto(new URL(path, suite.stack.siteUrl).href);
  }
  await joinWithHeroForm(page, email);
  const mail = await firstMailTo(email);
  return { mail, page };
}

/** Follows the e-mail's "Confirm my spot" link in a browser and waits for the confirmation to land. */
async function confirm(email: string, mail: CaughtMail): Promise<void> {
  const context = await suite.browser.newContext();
  suite.contexts.push(context);
  await cutOffThirdParties(context);
  await (await context.newPage()).goto(textLink(mail, 'Confirm my spot'));
  await expect
    .poll(async () => (await db.collection(COLLECTIONS.subscribers).doc(email).get()).get('confirmedAt'), {
      timeout: 20_000,
    })
    .toBeDefined();
}

const referral = async (referred: string) =>
  (await db.collection(COLLECTIONS.referrals).doc(referred).get()).data() as
    { referrer?: string; status?: string; reason?: string } | undefined;

/** A's status page: the place and the confirmed referrals as shown. */
async function statusOf(link: string): Promise<{ place: number; referrals: number }> {
  const context = await suite.browser.newContext();
  suite.contexts.push(context);
  await cutOffThirdParties(context);
  const page = await context.newPage();
  await page.goto(link);
  const place = (await page.getByTestId('status-place').textContent()) ?? '';
  const referrals = (await page.getByTestId('status-referrals').textContent()) ?? '';
  await context.close();
  const match = /^#([\d,]+) of/.exec(place);
  return { place: match ? Number(match[1]!.replaceAll(',', '')) : Number.NaN, referrals: Number(referrals) };
}

let token = '';
let previousRule: RankingRule | undefined;

beforeAll(async () => {
  token = await adminToken();
  previousRule = (await settings.get()).get('rule') as RankingRule | undefined;
  await chooseRule(token, SKIP);
}, 180_000);

afterAll(async () => {
  // Leave the stack's line as it was for the other tests of the run.
  if (token && previousRule) await chooseRule(token, previousRule);
}, 180_000);

describe('referrals (e2e)', () => {
  it(
    'credit a confirmed friend once, move the referrer up, and give nothing for an unconfirmed friend or oneself',
    { timeout: 240_000 },
    async () => {
      // Signups ahead of A, so that a place gained can show — eight, so that A, five places up, stays
      // behind the first three of the line (other files, e.g. invites.e2e.test.ts, invite "the next 3").
      for (let index = 0; index < 8; index += 1) await seedSignup(uniqueEmail('ahead'));
      const a = uniqueEmail('referrer');
      const { mail: aMail, page: aPage } = await join(a, '/');
      await aPage
        .context()
        .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.stack.siteUrl });
      await aPage.getByTestId('referral-link').waitFor();
      await aPage.getByRole('button', { name: 'Copy link' }).click();
      await aPage.getByRole('button', { name: 'Copied' }).waitFor();
      const link = await aPage.evaluate(() => navigator.clipboard.readText());
      expect(link).toBe(await aPage.getByTestId('referral-link').textContent());
      const refPath = new URL(link).pathname + new URL(link).search;
      const statusLink = textLink(aMail, 'Your place in line');
      await expect
        .poll(async () => (await statusOf(statusLink)).place, { timeout: 30_000 })
        .toBeGreaterThan(8);
      const before = await statusOf(statusLink);
      expect(before.referrals).toBe(0);

      const b = uniqueEmail('friend');
      const c = uniqueEmail('nojs-friend');
      const self = a.replace('@', '+tag@');
      const { mail: bMail } = await join(b, refPath);
      await join(c, refPath, false);
      const { mail: selfMail } = await join(self, refPath);
      for (const referred of [b, c, self]) {
        await expect.poll(async () => (await referral(referred))?.referrer, { timeout: 20_000 }).toBe(a);
      }

      await confirm(self, selfMail);
      await expect
        .poll(async () => await referral(self), { timeout: 20_000 })
        .toMatchObject({ status: 'withheld', reason: 'same-person' });
      await confirm(b, bMail);
      await expect.poll(async () => (await referral(b))?.status, { timeout: 20_000 }).toBe('credited');

      await expect.poll(async () => (await statusOf(statusLink)).referrals, { timeout: 30_000 }).toBe(1);
      await expect
        .poll(async () => (await statusOf(statusLink)).place, { timeout: 30_000 })
        .toBeLessThan(before.place);
      expect((await referral(c))?.status).toBe('pending');
      expect((await db.collection(COLLECTIONS.waitlistSignups).doc(a).get()).get('confirmedReferrals')).toBe(
        1,
      );
    },
  );
});
