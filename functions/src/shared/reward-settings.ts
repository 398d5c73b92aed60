// The reward tiers in force (settings/rewards, an Admin's): read by the referrals' routes, the rewards
// given on a signup change and the ranking (a tier's places skipped), so kept below all of them.
import { COLLECTIONS, REWARD_SETTINGS_DOC } from '@silk/schema/constants';
import { tiersIn, type RewardSettings, type RewardTier } from '@silk/schema/rewards';
import type { DocumentReference, Firestore } from 'firebase-admin/firestore';

export function rewardSettingsRef(db: Firestore): DocumentReference {
  return db.collection(COLLECTIONS.settings).doc(REWARD_SETTINGS_DOC);
}

/** The tiers in force, fewest referrals first (none until an Admin defines them). */
export async function rewardTiers(db: Firestore): Promise<RewardTier[]> {
  return tiersIn((await rewardSettingsRef(db).get()).data() as Partial<RewardSettings> | undefined);
}

interface SettingsSnapshot {
  data(): unknown;
}

/** The tiers before and after a write of settings/rewards (none on the side where it did not exist). */
export function tiersWritten(change: { before: SettingsSnapshot; after: SettingsSnapshot } | undefined): {
  before: RewardTier[];
  after: RewardTier[];
} {
  const tiersOf = (snapshot: SettingsSnapshot | undefined) =>
    tiersIn(snapshot?.data() as Partial<RewardSettings> | undefined);
  return { before: tiersOf(change?.before), after: tiersOf(change?.after) };
}
