// A tier that invites automatically invites the people who reach it, each by a wave of one whose id
// follows from the person and the tier: a retried or repeated event finds the same wave, so one invitation
// at most, and none when they were invited before or are not invitable (unconfirmed, unsubscribed,
// suppressed) at that moment (the waves' selection).
//   - rewards/{entryId} created → the entry's tier, if it invites in the tiers in force;
//   - settings/rewards written → a tier switched to invite automatically invites everyone already in its
//     queue (not taken back), so reaching it before the switch counts too.
import { COLLECTIONS, REWARD_SETTINGS_DOC } from '@silk/schema/constants';
import type { RewardEntry, RewardTier } from '@silk/schema/rewards';
import { FieldPath, type Firestore, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { onDocumentCreated, onDocumentWritten } from 'firebase-functions/v2/firestore';
import { adminServices } from '../shared/admin';
import { rewardTiers, tiersWritten } from '../shared/reward-settings';
import { startWave } from './waves';

/** Who started a reward tier's invitation (the wave's `createdBy`). */
export const REWARD_INVITER = 'reward';

/** Queue entries read at once when a tier's holders are invited, and waves started at once. */
const HOLDERS_PAGE = 300;
const CONCURRENCY = 8;

/** The wave of one that invites `email` for reaching `tier` (found, not started again, when it exists). */
async function inviteForTier(db: Firestore, email: string, tier: Pick<RewardTier, 'id' | 'name'>) {
  await startWave(db, {
    target: { kind: 'reward', email, tierName: tier.name },
    includeUnconfirmed: false,
    requestId: `reward\n${tier.id}\n${email}`,
    by: REWARD_INVITER,
    origin: 'reward',
  });
}

/** Starts the invitation a new queue entry's tier asks for; whether its tier invites. */
export async function inviteForReachedTier(db: Firestore, entry: RewardEntry): Promise<boolean> {
  const tier = (await rewardTiers(db)).find((each) => each.id === entry.tierId);
  if (!tier?.autoInvite) return false;
  await inviteForTier(db, entry.email, { id: tier.id, name: entry.tierName });
  return true;
}

/** The tiers that invite automatically after a change of the tiers and did not before it. */
export function tiersNowInviting(before: readonly RewardTier[], after: readonly RewardTier[]): RewardTier[] {
  const invitedBefore = new Set(before.filter((tier) => tier.autoInvite).map((tier) => tier.id));
  return after.filter((tier) => tier.autoInvite && !invitedBefore.has(tier.id));
}

/** Invites everyone in `tier`'s queue whose entry was not taken back; how many entries were read. */
export async function inviteTierHolders(db: Firestore, tier: RewardTier): Promise<number> {
  const query = db
    .collection(COLLECTIONS.rewards)
    .where('tierId', '==', tier.id)
    .orderBy(FieldPath.documentId())
    .limit(HOLDERS_PAGE);
  let read = 0;
  let last: QueryDocumentSnapshot | undefined;
  for (;;) {
    const page = await (last ? query.startAfter(last) : query).get();
    read += page.size;
    const holders = page.docs
      .map((doc) => doc.data() as RewardEntry)
      .filter((entry) => entry.status !== 'revoked');
    for (let start = 0; start < holders.length; start += CONCURRENCY) {
      await Promise.all(
        holders
          .slice(start, start + CONCURRENCY)
          .map((entry) => inviteForTier(db, entry.email, { id: tier.id, name: entry.tierName })),
      );
    }
    if (page.size < HOLDERS_PAGE) return read;
    last = page.docs[page.docs.length - 1];
  }
}

export const inviteForReward = onDocumentCreated(
  { document: `${COLLECTIONS.rewards}/{entryId}`, retry: true },
  async (event) => {
    const entry = event.data?.data() as RewardEntry | undefined;
    if (entry) await inviteForReachedTier(adminServices().db, entry);
  },
);

export const inviteForRewardTiers = onDocumentWritten(
  { document: `${COLLECTIONS.settings}/${REWARD_SETTINGS_DOC}`, retry: true, timeoutSeconds: 540 },
  async (event) => {
    const { before, after } = tiersWritten(event.data);
    const { db } = adminServices();
    for (const tier of tiersNowInviting(before, after)) await inviteTierHolders(db, tier);
  },
);
