// Helpers for the reward tiers' emulator tests: tiers saved through the route by an Admin, people already
// past a tier (written with the triggers paused), their queue entries, invitations and reward waves.
import { COLLECTIONS, REWARD_SETTINGS_DOC } from '@silk/schema/constants';
import { rewardEntryId, type RewardTier } from '@silk/schema/rewards';
import { withoutBackgroundTriggers } from '@silk/stack/stack';
import { afterAll, beforeAll, expect } from 'vitest';
import { adminServices } from '../src/shared/admin';
import { createStaff, functionUrl, post, unique, uniqueEmail, type TestStaff } from './emulator';

const { db } = adminServices();
export const rewardSettings = db.collection(COLLECTIONS.settings).doc(REWARD_SETTINGS_DOC);
export const rewards = db.collection(COLLECTIONS.rewards);

/**
 * Saves the tiers through the route as an Admin created by the calling file's beforeAll, which also empties
 * the tiers (and afterAll again): `save(tiers)`, and `tier(id, referrals, name)` for tiers of the file's own.
 */
export function rewardTiersByRoute(label: string): {
  save: (tiers: RewardTier[]) => Promise<void>;
  tier: (id: string, referrals: number, name: string) => RewardTier;
} {
  const run = unique(label)
    .replace(/[^a-z0-9]/g, '')
    .slice(-8);
  let admin: TestStaff;
  let saveUrl: string;
  beforeAll(async () => {
    admin = await createStaff(['Admin']);
    saveUrl = await functionUrl('rewardTiersSave');
    await rewardSettings.delete();
  });
  afterAll(async () => {
    await rewardSettings.delete();
  });
  return {
    async save(tiers) {
      const answer = await post(
        saveUrl,
        { tiers },
        { headers: { Authorization: `Bearer ${admin.idToken}` } },
      );
      expect(answer.status).toBe(200);
    },
    tier: (id, referrals, name) => ({
      id: `${id}${run}`,
      referrals,
      name,
      description: `${name} (${label})`,
    }),
  };
}

/**
 * A subscriber whose signup already has `credited` credited referrals (written with the triggers paused),
 * with `more` of the signup (confirmed, invited...).
 */
export async function pastTierReferrer(
  credited: number,
  more: Record<string, unknown> = {},
): Promise<string> {
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

export const hasRewardEntry = async (email: string, tierId: string) =>
  (await rewards.doc(rewardEntryId(email, tierId)).get()).exists;

export const invitationsOf = async (email: string) =>
  (await db.collection(COLLECTIONS.invitations).where('email', '==', email).get()).size;

export const rewardWavesOf = async (email: string) =>
  (await db.collection(COLLECTIONS.inviteWaves).where('origin', '==', 'reward').get()).docs.filter(
    (wave) => wave.get('target.email') === email,
  );
