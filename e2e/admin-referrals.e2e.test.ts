// The panel's referral views in Chromium against the built panel on the emulators: the Referrals tab
// (top referrers from the signups, the live review queue with an Admin's Grant / Reject, the ranking rule
// chooser with a re-rank's progress read live from settings/ranking), the signups table's referral filter
// from the URL and a row's details dialog — and axe finds nothing serious on any of them.
// The referral records and settings/ranking are written here as the referral and ranking functions write
// them (Admin SDK); the calls through those functions are the functions' own tests.
import { COLLECTIONS, RANKING_SETTINGS_DOC, SIGNUP_SOURCE } from '@silk/schema/constants';
import { rerankDone, rerankRunning } from '@silk/schema/ranking-cases';
import type { ReferralRecord } from '@silk/schema/referrals';
import { adminSdk } from '@silk/stack/admin-sdk';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMember, uniqueSuffix, type SeededMember } from './support/admin-session';
import { adminSuite } from './support/admin-suite';
import { seriousViolations } from './support/axe';
import { detailsOf } from './support/signups-table';

const suite = adminSuite();
const suffix = uniqueSuffix();
const REFERRER = `e2e-referrer-${suffix}@example.com`;
const FRIEND = `e2e-friend-${suffix}@example.com`;
const WITHHELD = `e2e-withheld-${suffix}@mailinator.com`;
/** More than any other suite's signup: the referrer heads the leaderboard. */
const CONFIRMED = 1000;
const day = Date.UTC(2024, 5, 1, 12);

let admin: SeededMember;
let previousRanking: FirebaseFirestore.DocumentData | undefined;
const rankingDoc = () => adminSdk().db.collection(COLLECTIONS.settings).doc(RANKING_SETTINGS_DOC);

beforeAll(async () => {
  admin = await seedMember('referrals', ['Admin']);
  const { db } = adminSdk();
  const batch = db.batch();
  const signup = (email: string, at: number, fields: Record<string, unknown>) =>
    batch.set(db.collection(COLLECTIONS.waitlistSignups).doc(email), {
      email,
      source: SIGNUP_SOURCE,
      ip: '203.0.113.9',
      timestamp: Timestamp.fromMillis(at),
      updatedAt: FieldValue.serverTimestamp(),
      ...fields,
    });
  signup(REFERRER, day, { confirmedReferrals: CONFIRMED });
  signup(FRIEND, day + 3600_000, { referredBy: REFERRER, confirmedAt: Timestamp.fromMillis(day + 7200_000) });
  signup(WITHHELD, day + 4000_000, {
    referredBy: REFERRER,
    confirmedAt: Timestamp.fromMillis(day + 8000_000),
  });
  const withheld: ReferralRecord = {
    referred: WITHHELD,
    referrer: REFERRER,
    code: 'e2e2e2e2',
    status: 'withheld',
    reason: 'disposable-domain',
    createdAt: day + 4000_000,
    confirmedAt: day + 8000_000,
  };
  batch.set(db.collection(COLLECTIONS.referrals).doc(WITHHELD), withheld);
  await batch.commit();
  previousRanking = (await rankingDoc().get()).data();
  await rankingDoc().set(rerankRunning(250, 1000, Date.now()));
});
afterAll(async () => {
  const { db } = adminSdk();
  await Promise.all([
    ...[REFERRER, FRIEND, WITHHELD].map((email) =>
      db.collection(COLLECTIONS.waitlistSignups).doc(email).delete(),
    ),
    db.collection(COLLECTIONS.referrals).doc(WITHHELD).delete(),
    previousRanking ? rankingDoc().set(previousRanking) : rankingDoc().delete(),
  ]);
});

describe('referral views (e2e)', () => {
  it('shows the Referrals tab to an Admin: leaderboard, review queue with its decisions, re-rank progress; axe-clean', async () => {
    const page = await suite.openSignedIn(admin, '/admin/referrals');
    await page.getByRole('heading', { level: 2, name: 'Referrals' }).waitFor({ timeout: 20_000 });

    const leaderboard = page.getByRole('region', { name: 'Leaderboard of top referrers' });
    await expect
      .poll(async () => (await leaderboard.getByRole('row').nth(1).textContent()) ?? '', { timeout: 30_000 })
      .toBe(`1${REFERRER}1,0002`);

    const queue = page.getByRole('region', { name: 'Referrals waiting for review' });
    const row = queue.getByRole('row').filter({ hasText: WITHHELD });
    await row.waitFor({ timeout: 20_000 });
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      WITHHELD,
      REFERRER,
      'Disposable e-mail domain',
      expect.stringContaining('2024'),
      'GrantReject',
    ]);
    expect(await row.getByRole('button', { name: `Grant the referral of ${WITHHELD}` }).isEnabled()).toBe(
      true,
    );

    const progress = page.getByRole('progressbar', { name: /Re-ranking everyone/ });
    await progress.waitFor();
    expect(await progress.getAttribute('value')).toBe('250');
    expect(await page.getByText(/^In force:/).textContent()).toBe('In force: By signup time');
    expect(await page.getByRole('button', { name: 'Apply rule' }).isDisabled()).toBe(true);

    expect(await seriousViolations(page)).toEqual([]);

    // The re-rank's progress and its end arrive live.
    await rankingDoc().set(rerankDone(1000));
    await expect
      .poll(() => page.getByText(/^In force:/).textContent(), { timeout: 15_000 })
      .toBe('In force: Skip 5 places per confirmed referral');
    expect(await page.getByRole('progressbar').count()).toBe(0);
    expect(await page.getByRole('radio', { name: 'Skip places per confirmed referral' }).isChecked()).toBe(
      true,
    );
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('filters the signups by referral from the URL and shows a row’s referrals in its details; axe-clean', async () => {
    const page = await suite.openSignedIn(admin, `/admin?q=${suffix}&referred=referred`);
    const table = page.getByRole('table', { name: 'Waitlist signups' });
    await table.waitFor({ timeout: 20_000 });
    expect(await page.getByRole('combobox', { name: 'Referral' }).inputValue()).toBe('referred');
    const details = page.getByRole('button', { name: `Details of ${FRIEND}` });
    await details.waitFor({ timeout: 30_000 });
    expect(await page.getByRole('button', { name: `Details of ${REFERRER}` }).count()).toBe(0);

    await details.click();
    const dialog = page.getByRole('dialog', { name: FRIEND });
    await dialog.waitFor();
    expect(await detailsOf(dialog)).toMatchObject({
      Confirmed: expect.stringContaining('2024'),
      'Referred by': REFERRER,
      'Confirmed referrals': '0',
      Invitation: 'Waiting',
    });
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('combobox', { name: 'Referral' }).selectOption('all');
    await page.getByRole('combobox', { name: 'Referrers' }).selectOption('yes');
    await expect.poll(() => new URL(page.url()).searchParams.get('referrers')).toBe('yes');
    await page.getByRole('button', { name: `Details of ${REFERRER}` }).click();
    expect(await detailsOf(page.getByRole('dialog', { name: REFERRER }))).toMatchObject({
      Confirmed: 'Not confirmed',
      'Referred by': 'No one (not referred)',
      'Confirmed referrals': '1,000',
      Invitation: 'Waiting',
    });
  });
});
