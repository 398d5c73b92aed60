// Reward tiers end to end in Chromium on the emulators: an Admin defines two tiers in the panel's
// Referrals tab; a subscriber's third friend to confirm from MailDev brings the reward e-mail to MailDev;
// its status link shows the tier reached and the progress to the next; the panel's queue marks it
// fulfilled (who and when); the spreadsheet's Rewards worksheet lists it. axe finds nothing serious on
// the tier editor, the queue or the status page. The emulator's network rule is off
// (REFERRAL_NETWORK_WINDOW_SECONDS=0: every local visitor shares one address).
import { COLLECTIONS, REWARD_SETTINGS_DOC } from '@silk/schema/constants';
import { adminSdk } from '@silk/stack/admin-sdk';
import { waitForMailTo, type CaughtMail } from '@silk/stack/maildev';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMember, type SeededMember } from './support/admin-session';
import { adminSuite, workbookDownloads } from './support/admin-suite';
import { seriousViolations } from './support/axe';
import { cutOffThirdParties, openSite, uniqueEmail } from './support/site-page';
import { firstMailTo, joinWithHeroForm, textLink } from './support/subscriber-mail';

const suite = adminSuite();
const download = workbookDownloads('silk-rewards-e2e-');
const { db } = adminSdk();
const tiersDoc = db.collection(COLLECTIONS.settings).doc(REWARD_SETTINGS_DOC);
const REWARD_SUBJECT = 'You earned a reward: Early beta';

let admin: SeededMember;
let previousTiers: FirebaseFirestore.DocumentData | undefined;

beforeAll(async () => {
  admin = await seedMember('rewards', ['Admin']);
  previousTiers = (await tiersDoc.get()).data();
  await tiersDoc.delete();
});

afterAll(async () => {
  if (previousTiers) await tiersDoc.set(previousTiers);
  else await tiersDoc.delete();
});

/** Joins with the landing form at `path`; returns the confirmation e-mail. */
async function join(email: string, path: string): Promise<CaughtMail> {
  const site = await openSite(suite.browser, suite.stack.siteUrl, path);
  suite.contexts.push(site.context);
  await joinWithHeroForm(site.page, email);
  return firstMailTo(email);
}

/** Follows the e-mail's "Confirm my spot" link and waits for the confirmation to land. */
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

async function fillTier(page: Page, index: number, referrals: string, name: string, description: string) {
  const tier = page.getByRole('group', { name: `Tier ${index}` });
  await tier.getByRole('spinbutton', { name: 'Credited referrals needed' }).fill(referrals);
  await tier.getByRole('textbox', { name: 'Name' }).fill(name);
  await tier.getByRole('textbox', { name: 'Description' }).fill(description);
}

describe('reward tiers (e2e)', () => {
  it(
    'an Admin defines tiers; a third confirmed referral brings the reward e-mail, the status page shows it, the queue fulfils it, the worksheet lists it',
    { timeout: 300_000 },
    async () => {
      // The Admin defines the tiers in the panel.
      const panel = await suite.openSignedIn(admin, '/admin/referrals');
      await panel.getByRole('heading', { level: 3, name: 'Reward tiers' }).waitFor({ timeout: 20_000 });
      await panel.getByRole('button', { name: 'Add a tier' }).click();
      await panel.getByRole('button', { name: 'Add a tier' }).click();
      await fillTier(panel, 1, '3', 'Early beta', 'Your invitation before everyone else.');
      await fillTier(panel, 2, '5', 'Silk tote', 'A tote bag for your travels.');
      expect(await seriousViolations(panel)).toEqual([]);
      await panel.getByRole('button', { name: 'Save tiers' }).click();
      await panel.getByText('The reward tiers have been saved.').waitFor({ timeout: 20_000 });
      expect(((await tiersDoc.get()).get('tiers') as { name: string }[]).map((tier) => tier.name)).toEqual([
        'Early beta',
        'Silk tote',
      ]);

      // A joins; three friends join through A's link and confirm.
      const a = uniqueEmail('rewarded');
      await join(a, '/');
      let code = '';
      await expect
        .poll(
          async () =>
            (code = String(
              (await db.collection(COLLECTIONS.subscribers).doc(a).get()).get('referralCode') ?? '',
            )),
          {
            timeout: 20_000,
          },
        )
        .not.toBe('');
      const friends = [uniqueEmail('friend1'), uniqueEmail('friend2'), uniqueEmail('friend3')];
      const mails: CaughtMail[] = [];
      for (const friend of friends) mails.push(await join(friend, `/?ref=${code}`));
      for (const [index, friend] of friends.entries()) {
        await confirm(friend, mails[index]!);
        if (index < 2) {
          await expect
            .poll(
              async () =>
                (await db.collection(COLLECTIONS.waitlistSignups).doc(a).get()).get('confirmedReferrals'),
              {
                timeout: 20_000,
              },
            )
            .toBe(index + 1);
        }
      }

      // The third credited referral: the reward e-mail in MailDev, once.
      const reward = async () =>
        (await waitForMailTo(a, { count: 1, timeoutMs: 30_000 })).filter(
          (mail) => mail.subject === REWARD_SUBJECT,
        );
      await expect.poll(async () => (await reward()).length, { timeout: 45_000 }).toBe(1);
      const [rewardMail] = await reward();
      expect(rewardMail!.text).toContain('Your invitation before everyone else.');
      expect(rewardMail!.text).toContain('Next: 3 of 5 referrals to Silk tote.');

      // Its status link: the tier reached and the progress to the next.
      const statusContext = await suite.browser.newContext();
      suite.contexts.push(statusContext);
      await cutOffThirdParties(statusContext);
      const status = await statusContext.newPage();
      await status.goto(textLink(rewardMail!, 'See my rewards'));
      expect(await status.getByTestId('status-rewards').textContent()).toContain('Early beta');
      expect(await status.getByTestId('status-next-reward').textContent()).toBe(
        '3 of 5 referrals to Silk tote',
      );
      expect(await seriousViolations(status)).toEqual([]);

      // The queue: A waits for Early beta; the Admin marks it fulfilled.
      const queue = panel.getByRole('region', { name: 'Reward fulfilment queue' });
      const row = queue.getByRole('row').filter({ hasText: a });
      await row.waitFor({ timeout: 30_000 });
      expect(await row.getByRole('cell').nth(1).textContent()).toBe('Early beta');
      expect(await seriousViolations(panel)).toEqual([]);
      await row.getByRole('button', { name: `Mark fulfilled: Early beta for ${a}` }).click();
      await panel.getByText('Marked fulfilled.').waitFor({ timeout: 20_000 });
      await panel.getByRole('combobox', { name: 'Show' }).selectOption('fulfilled');
      const fulfilled = queue.getByRole('row').filter({ hasText: a });
      await fulfilled.waitFor({ timeout: 20_000 });
      expect(await fulfilled.getByRole('cell').nth(4).textContent()).toMatch(
        new RegExp(`^Fulfilled by ${admin.email.replaceAll('.', '\\.')}, `),
      );
      expect(await seriousViolations(panel)).toEqual([]);

      // The spreadsheet's Rewards worksheet lists it.
      const table = await suite.openSignedIn(admin, '/admin');
      await expect
        .poll(() => table.getByRole('button', { name: 'Download spreadsheet' }).isEnabled(), {
          timeout: 30_000,
        })
        .toBe(true);
      const { workbook } = await download(table, () =>
        table.getByRole('button', { name: 'Download spreadsheet' }).click(),
      );
      const sheet = workbook.getWorksheet('Rewards');
      expect(sheet).toBeDefined();
      const rows: unknown[][] = [];
      sheet!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      expect(rows[0]).toEqual(expect.arrayContaining(['Email', 'Reward', 'Status', 'Fulfilled By']));
      expect(rows.filter((cells) => cells[0] === a)).toEqual([
        [a, 'Early beta', '3', 'fulfilled', expect.any(Date), expect.any(Date), admin.email, 'N/A', 'N/A'],
      ]);
    },
  );
});
