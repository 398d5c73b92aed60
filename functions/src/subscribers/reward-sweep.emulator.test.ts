// A tier an Admin adds or lowers reaches the people already past it: saving the tiers through the route
// makes the Functions emulator's settings trigger sweep the list, giving each of them one queue entry and
// one reward e-mail, and nobody below the tier anything; saving the same tiers again gives nothing more.
// A tier that invites automatically invites each person once, also those who reached it before it was
// switched on (invites/invite-for-reward.ts).
import { COLLECTIONS, REWARD_SETTINGS_DOC } from '@silk/schema/constants';
import { rewardEntryId, type RewardTier } from '@silk/schema/rewards';
import { withoutBackgroundTriggers } from '@silk/stack/stack';
import { Timestamp } from 'firebase-admin/firestore';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminServices } from '../shared/admin';
import {
  createStaff,
  eventually,
  functionUrl,
  post,
  unique,
  uniqueEmail,
  type TestStaff,
} from '../../test-support/emulator';
import { mailDocsTo } from '../../test-support/mail';
import { grantRewards } from './reward-grant';
import { sweepThreshold } from './reward-sweep';

const { db } = adminServices();
const settings = db.collection(COLLECTIONS.settings).doc(REWARD_SETTINGS_DOC);
const rewards = db.collection(COLLECTIONS.rewards);
const run = unique('s')
  .replace(/[^a-z0-9]/g, '')
  .slice(-8);
const tier = (id: string, referrals: number, name: string): RewardTier => ({
  id: `${id}${run}`,
  referrals,
  name,
  description: `${name} for the sweep`,
});
let admin: TestStaff;
let saveUrl: string;

beforeAll(async () => {
  admin = await createStaff(['Admin']);
  saveUrl = await functionUrl('rewardTiersSave');
  await settings.delete();
});

afterAll(async () => {
  await settings.delete();
});

/**
 * A subscriber whose signup already has `credited` credited referrals (written with the triggers paused),
 * with `more` of the signup (confirmed, invited...).
 */
async function referrer(credited: number, more: Record<string, unknown> = {}): Promise<string> {
  const email = uniqueEmail('past-tier');
  await withoutBackgroundTriggers(async () => {
    await db
      .collection(COLLECTIONS.subscribers)
      .doc(email)
      .set({ email, subscriberId: unique('sub'), referralCode: 'abcd2345' });
    await db
      .collection(COLLECTIONS.waitlistSignups)
      .doc(email)
      .set({ email, subscriberId: unique('signup'), confirmedReferrals: credited, ...more });
  });
  return email;
}

const save = async (tiers: RewardTier[]) => {
  const answer = await post(saveUrl, { tiers }, { headers: { Authorization: `Bearer ${admin.idToken}` } });
  expect(answer.status).toBe(200);
};
const rewardMails = async (email: string) =>
  (await mailDocsTo(email)).filter((doc) => String(doc.get('message.subject')).startsWith('You earned'));
const hasEntry = async (email: string, tierId: string) =>
  (await rewards.doc(rewardEntryId(email, tierId)).get()).exists;
const invitationsOf = async (email: string) =>
  (await db.collection(COLLECTIONS.invitations).where('email', '==', email).get()).size;
const rewardWavesOf = async (email: string) =>
  (await db.collection(COLLECTIONS.inviteWaves).where('origin', '==', 'reward').get()).docs.filter(
    (wave) => wave.get('target.email') === email,
  );

describe('sweepThreshold', () => {
  it('is the fewest referrals of a tier added or lowered, and none when no tier was', () => {
    const early = tier('early', 3, 'Early');
    const merch = tier('merch', 10, 'Merch');
    expect(sweepThreshold([], [early, merch])).toBe(3);
    expect(sweepThreshold([early], [early, merch])).toBe(10);
    expect(sweepThreshold([early, merch], [early, { ...merch, referrals: 6 }])).toBe(6);
    expect(sweepThreshold([early, merch], [early, { ...merch, name: 'Tote', referrals: 12 }])).toBeNull();
    expect(sweepThreshold([early, merch], [merch])).toBeNull();
  });
});

describe('saving tiers', () => {
  it('gives a new or lowered tier once to the people already past it, and nothing to anyone below', async () => {
    const [four, one] = await Promise.all([referrer(4), referrer(1)]);
    const early = tier('early', 3, 'Early access');
    const merch = tier('merch', 10, 'Silk merch');

    await save([early, merch]);
    await eventually(() => hasEntry(four, early.id), Boolean, 30_000);
    await eventually(
      () => rewardMails(four),
      (mails) => mails.length === 1,
      30_000,
    );

    // The same tiers again, then the merch tier lowered to four referrals.
    await save([early, merch]);
    await save([early, { ...merch, referrals: 4 }]);
    await eventually(() => hasEntry(four, merch.id), Boolean, 30_000);
    await eventually(
      () => rewardMails(four),
      (mails) => mails.length === 2,
      30_000,
    );

    // Whatever is still running has had its time: nothing twice, nothing below the tiers.
    await sleep(2_000);
    expect(await rewardMails(four)).toHaveLength(2);
    expect((await rewards.where('email', '==', four).get()).size).toBe(2);
    expect((await rewards.where('email', '==', one).get()).size).toBe(0);
    expect(await rewardMails(one)).toHaveLength(0);
  });
});

describe('a tier that invites automatically', () => {
  it('invites each invitable person once when they reach it, however often their rewards are given; nobody invited before', async () => {
    const confirmedAt = Timestamp.fromMillis(Date.UTC(2025, 5, 1));
    const [ready, invitedBefore, unconfirmed] = await Promise.all([
      referrer(5, { confirmedAt }),
      referrer(5, { confirmedAt, inviteStatus: 'invited' }),
      referrer(5),
    ]);
    const access = { ...tier('access', 5, 'Beta access'), autoInvite: true };
    await save([access]);
    await eventually(() => hasEntry(ready, access.id), Boolean, 30_000);
    await eventually(
      () => invitationsOf(ready),
      (count) => count === 1,
      30_000,
    );
    // The rewards given again, five times at once (a retried or repeated trigger): still one invitation.
    await Promise.all(Array.from({ length: 5 }, () => grantRewards(db, ready)));
    await sleep(2_000);
    expect(await invitationsOf(ready)).toBe(1);
    const inviteMails = (await mailDocsTo(ready)).filter((doc) =>
      String(doc.get('message.text')).includes('/invite?code='),
    );
    expect(inviteMails).toHaveLength(1);
    expect((await db.collection(COLLECTIONS.waitlistSignups).doc(ready).get()).get('inviteStatus')).toBe(
      'invited',
    );
    expect(await rewardWavesOf(ready)).toHaveLength(1);
    // Rewarded, not invited: invited before, or not invitable (unconfirmed) when they reached the tier.
    for (const email of [invitedBefore, unconfirmed]) {
      expect(await hasEntry(email, access.id)).toBe(true);
      expect(await invitationsOf(email)).toBe(0);
    }
  });

  it('once switched on, invites those who reached it before, once; not those whose reward was taken back', async () => {
    const confirmedAt = Timestamp.fromMillis(Date.UTC(2025, 5, 1));
    const [earlier, takenBack] = await Promise.all([
      referrer(6, { confirmedAt }),
      referrer(6, { confirmedAt }),
    ]);
    const vip = tier('vip', 6, 'VIP');
    await save([vip]);
    await eventually(
      async () => (await hasEntry(earlier, vip.id)) && (await hasEntry(takenBack, vip.id)),
      Boolean,
      30_000,
    );
    await rewards.doc(rewardEntryId(takenBack, vip.id)).update({ status: 'revoked' });
    expect(await invitationsOf(earlier)).toBe(0);

    await save([{ ...vip, autoInvite: true }]);
    await eventually(
      () => invitationsOf(earlier),
      (count) => count === 1,
      30_000,
    );
    // Saved again while it invites already (a new description): nobody invited twice.
    await save([{ ...vip, autoInvite: true, description: 'VIP, reworded' }]);
    await sleep(2_000);
    expect(await invitationsOf(earlier)).toBe(1);
    expect(await rewardWavesOf(earlier)).toHaveLength(1);
    expect(await invitationsOf(takenBack)).toBe(0);
    expect(await rewardWavesOf(takenBack)).toHaveLength(0);
  });
});
