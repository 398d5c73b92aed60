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
