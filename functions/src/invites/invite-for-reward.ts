// rewards/{entryId} created → when the tier reached invites automatically (in the tiers in force), the
// person is invited by a wave of one whose id follows from the person and the tier: a retried or repeated
// event finds the same wave, so one invitation at most, and none when they were invited before or are
// not invitable (unconfirmed, unsubscribed, suppressed) when they reach the tier (the waves' selection).
import { COLLECTIONS } from '@silk/schema/constants';
import type { RewardEntry } from '@silk/schema/rewards';
import type { Firestore } from 'firebase-admin/firestore';
import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import { adminServices } from '../shared/admin';
import { rewardTiers } from '../shared/reward-settings';
import { startWave } from './waves';

/** Who started a reward tier's invitation (the wave's `createdBy`). */
export const REWARD_INVITER = 'reward';

/** Starts the invitation a new queue entry's tier asks for; whether its tier invites. */
export async function inviteForReachedTier(db: Firestore, entry: RewardEntry): Promise<boolean> {
  const tier = (await rewardTiers(db)).find((each) => each.id === entry.tierId);
  if (!tier?.autoInvite) return false;
  await startWave(db, {
    target: { kind: 'reward', email: entry.email, tierName: entry.tierName },
    includeUnconfirmed: false,
    requestId: `reward\n${entry.tierId}\n${entry.email}`,
    by: REWARD_INVITER,
    origin: 'reward',
  });
  return true;
}

export const inviteForReward = onDocumentCreated(
  { document: `${COLLECTIONS.rewards}/{entryId}`, retry: true },
  async (event) => {
    const entry = event.data?.data() as RewardEntry | undefined;
    if (entry) await inviteForReachedTier(adminServices().db, entry);
  },
);
