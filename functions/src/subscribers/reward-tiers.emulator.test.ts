// Reward tiers end to end in the emulators: an Admin defines the tiers through the route (anyone else is
// refused), 100 referred friends confirm at the same moment through the real confirmation handler served
// by the Functions Framework (real concurrency), and the signup trigger of the Functions emulator gives
// each referrer who crossed a tier exactly one queue entry and one reward e-mail per tier; an Admin marks
// a reward fulfilled, then rejects credit: the unfulfilled reward out of reach is revoked (audited), the
// fulfilled one stays.
import { COLLECTIONS, REWARD_SETTINGS_DOC } from '@silk/schema/constants';
import {
  REFERRAL_REJECTED,
  REWARD_ALREADY_FULFILLED,
  REWARD_FULFILLED,
  REWARD_NOT_FOUND,
  REWARD_REQUEST_INVALID,
  REWARD_REVOKED,
  REWARD_TIERS_SAVED,
  REWARDS_ADMIN_REQUIRED,
} from '@silk/schema/messages';
import type { ReferralRecord } from '@silk/schema/referrals';
import { rewardEntryId, type RewardEntry, type RewardTier } from '@silk/schema/rewards';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signLinkToken } from '../http/link-token';
import { adminServices } from '../shared/admin';
import { readServerConfig } from '../shared/config';
import { makeConfirmSubscriptionHandler } from './confirm-subscription';
import {
  createStaff,
  eventually,
  functionUrls,
  post,
  unique,
  uniqueEmail,
  type TestStaff,
} from '../../test-support/emulator';
import { serveWithFunctionsFramework } from '../../test-support/functions-framework';
import { mailDocsTo } from '../../test-support/mail';
import type { ServedHandler } from '../../test-support/serve-handler';

const { db } = adminServices();
const signups = db.collection(COLLECTIONS.waitlistSignups);
const rewards = db.collection(COLLECTIONS.rewards);
const SECRET = 'reward-burst-secret';
const urls = functionUrls({ tiers: 'rewardTiersSave', fulfil: 'rewardFulfil', review: 'reviewReferral' });
const run = unique('t')
  .replace(/[^a-z0-9]/g, '')
  .slice(-8);
const EARLY: RewardTier = {
  id: `early${run}`,
  referrals: 3,
  name: 'Early beta',
  description: 'Skip the line.',
};
const MERCH: RewardTier = {
  id: `merch${run}`,
  referrals: 10,
  name: 'Silk merch',
  description: 'A tote bag.',
};

let admin: TestStaff;
let staff: TestStaff;
let served: ServedHandler | undefined;

const as = (caller: TestStaff | null, url: string, body: unknown) =>
  post(url, body, caller ? { headers: { Authorization: `Bearer ${caller.idToken}` } } : {});

beforeAll(async () => {
  [admin, staff] = await Promise.all([createStaff(['Admin']), createStaff(['Staff'])]);
});

afterAll(async () => {
  await served?.close();
  await db.collection(COLLECTIONS.settings).doc(REWARD_SETTINGS_DOC).delete();
});

const entriesOf = async (email: string) =>
  (await rewards.where('email', '==', email).get()).docs.map((doc) => doc.data() as RewardEntry);
const rewardMailsTo = async (email: string) =>
  (await mailDocsTo(email))
    .map((doc) => doc.get('message.subject') as string)
    .filter((subject) => subject.startsWith('You earned a reward'))
    .sort();
const audited = async (action: string, target: string) =>
  (await db.collection(COLLECTIONS.auditLog).where('target', '==', target).get()).docs
    .map((doc) => doc.data())
    .filter((entry) => entry.action === action);

/** A referrer on the mailing list with `friends` referred signups, each pending until it confirms. */
async function referrerWith(
  friends: number,
): Promise<{ email: string; friends: { email: string; subscriberId: string }[] }> {
  const email = uniqueEmail('referrer');
  await db
    .collection(COLLECTIONS.subscribers)
    .doc(email)
    .set({
      email,
      subscriberId: unique('referrer'),
      referralCode: 'abcd2345',
    });
  await signups.doc(email).set({ email, subscriberId: unique('referrer-signup') });
  const list = Array.from({ length: friends }, (_, index) => ({
    email: uniqueEmail(`friend${index}`),
    subscriberId: unique('friend'),
  }));
  const writer = db.bulkWriter();
  for (const friend of list) {
    void writer.set(db.collection(COLLECTIONS.subscribers).doc(friend.email), friend);
    void writer.set(signups.doc(friend.email), { ...friend, referredBy: email });
    const record: ReferralRecord = {
      referred: friend.email,
      referrer: email,
      code: 'abcd2345',
      status: 'pending',
      createdAt: Date.now(),
    };
    void writer.set(db.collection(COLLECTIONS.referrals).doc(friend.email), record);
  }
  await writer.close();
  return { email, friends: list };
}

describe('reward tiers', () => {
  it('only an Admin defines the tiers; a bad list is refused and nothing is saved', async () => {
    const tiers = [MERCH, EARLY];
    expect(await as(null, urls.tiers, { tiers })).toMatchObject({ status: 401 });
    expect(await as(staff, urls.tiers, { tiers })).toMatchObject({
      status: 403,
      body: { error: REWARDS_ADMIN_REQUIRED },
    });
    const settings = db.collection(COLLECTIONS.settings).doc(REWARD_SETTINGS_DOC);
    expect((await settings.get()).get('tiers')).toBeUndefined();
    for (const bad of [
      [EARLY, { ...MERCH, referrals: 3 }],
      [{ ...EARLY, name: ' ' }],
      [{ ...EARLY, referrals: 0 }],
      [{ ...EARLY, id: 'Not_An_Id' }],
      [{ ...EARLY, placesSkipped: -1 }],
      [{ ...EARLY, placesSkipped: 1001 }],
      [{ ...EARLY, placesSkipped: 2.5 }],
      [{ ...EARLY, autoInvite: 'yes' }],
    ]) {
      expect(await as(admin, urls.tiers, { tiers: bad })).toMatchObject({
        status: 400,
        body: { error: REWARD_REQUEST_INVALID },
      });
    }
    expect((await settings.get()).get('tiers')).toBeUndefined();

    expect(await as(admin, urls.tiers, { tiers })).toMatchObject({
      status: 200,
      body: { ok: true, message: REWARD_TIERS_SAVED },
    });
    expect((await settings.get()).get('tiers')).toEqual([EARLY, MERCH]);
    expect(await audited('reward.tiers.changed', 'settings/rewards')).toContainEqual(
      expect.objectContaining({ actor: admin.email }),
    );
  });

  let top: string;

  it(
    '100 confirmations at once: one queue entry and one reward e-mail per person and tier crossed',
    { timeout: 180_000 },
    async () => {
      // 9 referrers cross both tiers (10 friends each), 5 cross none (2 each): 100 confirmations.
      const crossers = await Promise.all(Array.from({ length: 9 }, () => referrerWith(10)));
      const below = await Promise.all(Array.from({ length: 5 }, () => referrerWith(2)));
      const friends = [...crossers, ...below].flatMap((referrer) => referrer.friends);
      expect(friends).toHaveLength(100);

      const config = readServerConfig({
        REFERRAL_NETWORK_WINDOW_SECONDS: '0',
        REFERRAL_DAILY_CAP: '1000',
        RATE_LIMIT_SUBSCRIPTION_PER_IP: '100000',
      });
      served = await serveWithFunctionsFramework(
        makeConfirmSubscriptionHandler({ config: () => config, linkSecret: () => SECRET }),
      );
      const answers = await Promise.all(
        friends.map(({ subscriberId }) =>
          post(served!.url, { token: signLinkToken(SECRET, 'confirm', subscriberId) }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(friends.map(() => 200));

      for (const { email } of crossers) {
        await eventually(
          () => entriesOf(email),
          (entries) => entries.length === 2,
          60_000,
        );
        await eventually(
          () => rewardMailsTo(email),
          (mails) => mails.length === 2,
          30_000,
        );
      }
      // Every trigger of the burst has had time to run again: still one of each.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      for (const { email } of crossers) {
        expect((await signups.doc(email).get()).get('confirmedReferrals')).toBe(10);
        const entries = await entriesOf(email);
        expect(entries.map((entry) => [entry.tierName, entry.referrals, entry.status]).sort()).toEqual([
          ['Early beta', 3, 'unfulfilled'],
          ['Silk merch', 10, 'unfulfilled'],
        ]);
        expect(await rewardMailsTo(email)).toEqual([
          'You earned a reward: Early beta',
          'You earned a reward: Silk merch',
        ]);
        expect((await rewards.doc(rewardEntryId(email, EARLY.id)).get()).exists).toBe(true);
      }
      for (const { email } of below) {
        expect((await signups.doc(email).get()).get('confirmedReferrals')).toBe(2);
        expect(await entriesOf(email)).toEqual([]);
        expect(await rewardMailsTo(email)).toEqual([]);
      }
      const [early] = (await mailDocsTo(crossers[0]!.email)).filter((doc) =>
        (doc.get('message.subject') as string).endsWith('Early beta'),
      );
      expect(early?.get('message.text')).toContain('Skip the line.');
      expect(early?.get('headers')).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
      top = crossers[0]!.email;
    },
  );

  it(
    'a rejected credit takes back an unfulfilled reward; a fulfilled one stays',
    { timeout: 60_000 },
    async () => {
      const earlyId = rewardEntryId(top, EARLY.id);
      const merchId = rewardEntryId(top, MERCH.id);

      expect(await as(staff, urls.fulfil, { id: earlyId })).toMatchObject({
        status: 403,
        body: { error: REWARDS_ADMIN_REQUIRED },
      });
      expect((await rewards.doc(earlyId).get()).get('status')).toBe('unfulfilled');
      expect(await as(admin, urls.fulfil, { id: `${top}_nosuchtier` })).toMatchObject({
        status: 404,
        body: { error: REWARD_NOT_FOUND },
      });
      expect(await as(admin, urls.fulfil, { id: earlyId })).toMatchObject({
        status: 200,
        body: { message: REWARD_FULFILLED },
      });
      const fulfilled = (await rewards.doc(earlyId).get()).data();
      expect(fulfilled).toMatchObject({ status: 'fulfilled', fulfilledBy: admin.email });
      expect(fulfilled?.fulfilledAt).toEqual(expect.any(Number));
      expect(await as(admin, urls.fulfil, { id: earlyId })).toMatchObject({
        status: 200,
        body: { message: REWARD_ALREADY_FULFILLED },
      });
      expect(await audited('reward.fulfilled', earlyId)).toHaveLength(1);

      // Eight of the ten credits rejected: 2 left, below both tiers.
      const credited = await db
        .collection(COLLECTIONS.referrals)
        .where('referrer', '==', top)
        .where('status', '==', 'credited')
        .get();
      for (const referral of credited.docs.slice(0, 8)) {
        expect(await as(admin, urls.review, { referred: referral.id, decision: 'reject' })).toMatchObject({
          status: 200,
          body: { status: 'rejected', message: REFERRAL_REJECTED },
        });
      }
      expect((await signups.doc(top).get()).get('confirmedReferrals')).toBe(2);
      expect((await rewards.doc(merchId).get()).data()).toMatchObject({
        status: 'revoked',
        revokedBy: admin.email,
      });
      expect((await rewards.doc(earlyId).get()).data()).toMatchObject({
        status: 'fulfilled',
        fulfilledBy: admin.email,
      });
      expect(await audited('reward.revoked', top)).toEqual([
        expect.objectContaining({
          actor: admin.email,
          details: expect.objectContaining({ tier: 'Silk merch' }),
        }),
      ]);
      expect(await as(admin, urls.fulfil, { id: merchId })).toMatchObject({
        status: 409,
        body: { error: REWARD_REVOKED },
      });
      // Taking credit back sends nothing and gives nothing again.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(await rewardMailsTo(top)).toHaveLength(2);
      expect(await entriesOf(top)).toHaveLength(2);
    },
  );
});
