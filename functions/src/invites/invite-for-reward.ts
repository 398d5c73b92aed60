// A tier that invites automatically invites the people who reach it, each by a wave of one whose id
// follows from the person and the tier: a retried or repeated event finds the same wave, so one invitation
// at most, and none when they were invited before or are not invitable (unsubscribed, suppressed) at that
// moment (the waves' selection). Someone who has not confirmed yet is marked on their queue entry instead,
// and invited by the hourly invitation schedule once they have (inviteConfirmedHolders).
//   - rewards/{entryId} created → the entry's tier, if it invites in the tiers in force;
//   - settings/rewards written → a tier switched to invite automatically invites everyone already in its
//     queue (not taken back), so reaching it before the switch counts too.
import { COLLECTIONS, REWARD_SETTINGS_DOC } from '@silk/schema/constants';
import { rewardEntryId, type RewardEntry, type RewardTier } from '@silk/schema/rewards';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { onDocumentCreated, onDocumentWritten } from 'firebase-functions/v2/firestore';
import { rewardRef } from '../referrals/reward-store';
import { adminServices } from '../shared/admin';
import { queryPages } from '../shared/query-pages';
import { rewardTiers, tiersWritten } from '../shared/reward-settings';
import { startWave } from './waves';

/** Who started a reward tier's invitation (the wave's `createdBy`). */
export const REWARD_INVITER = 'reward';

/** Queue entries read at once when a tier's holders are invited, and waves started at once. */
const HOLDERS_PAGE = 300;
const CONCURRENCY = 8;

type HolderEntry = Pick<RewardEntry, 'email' | 'tierId' | 'tierName'>;

/** The wave of one that invites the entry's holder (found, not started again, when it exists). */
async function inviteForTier(db: Firestore, { email, tierId, tierName }: HolderEntry): Promise<void> {
  await startWave(db, {
    target: { kind: 'reward', email, tierName },
    includeUnconfirmed: false,
    requestId: `reward\n${tierId}\n${email}`,
    by: REWARD_INVITER,
    origin: 'reward',
  });
}

/**
 * Invites the entry's holder, or marks the entry to be invited once its holder has confirmed; nothing for
 * an entry taken back or gone by now (a trigger may run late, after an Admin rejected the credit).
 */
async function inviteHolder(db: Firestore, entry: HolderEntry): Promise<void> {
  const ref = rewardRef(db, rewardEntryId(entry.email, entry.tierId));
  const [current, signup] = await Promise.all([
    ref.get(),
    db.collection(COLLECTIONS.waitlistSignups).doc(entry.email).get(),
  ]);
  if (!current.exists || current.get('status') === 'revoked') return;
  if (signup.exists && signup.get('confirmedAt') === undefined) {
    await ref.update({ awaitsConfirmation: true });
    return;
  }
  await inviteForTier(db, entry);
}

/** Starts the invitation a new queue entry's tier asks for; whether its tier invites. */
export async function inviteForReachedTier(db: Firestore, entry: RewardEntry): Promise<boolean> {
  const tier = (await rewardTiers(db)).find((each) => each.id === entry.tierId);
  if (!tier?.autoInvite) return false;
  await inviteHolder(db, entry);
  return true;
}

/**
 * The entries marked to wait for a confirmation: each whose holder has confirmed is invited (if its tier
 * still invites automatically) and unmarked; one whose tier no longer invites, whose holder is gone or
 * whose reward was taken back is unmarked without an invitation; the rest keep waiting. Returns how many
 * were invited.
 */
export async function inviteConfirmedHolders(db: Firestore): Promise<number> {
  const query = db.collection(COLLECTIONS.rewards).where('awaitsConfirmation', '==', true);
  const inviting = new Set((await rewardTiers(db)).filter((tier) => tier.autoInvite).map((tier) => tier.id));
  let invited = 0;
  for await (const docs of queryPages(query, HOLDERS_PAGE)) {
    for (const doc of docs) {
      const entry = doc.data() as RewardEntry;
      const signup = await db.collection(COLLECTIONS.waitlistSignups).doc(entry.email).get();
      const confirmed = signup.get('confirmedAt') !== undefined;
      const holds = entry.status !== 'revoked' && inviting.has(entry.tierId) && signup.exists;
      if (holds && !confirmed) continue;
      if (holds) {
        await inviteForTier(db, entry);
        invited += 1;
      }
      await doc.ref.update({ awaitsConfirmation: FieldValue.delete() });
    }
  }
  return invited;
}

/** The tiers that invite automatically after a change of the tiers and did not before it. */
export function tiersNowInviting(before: readonly RewardTier[], after: readonly RewardTier[]): RewardTier[] {
  const invitedBefore = new Set(before.filter((tier) => tier.autoInvite).map((tier) => tier.id));
  return after.filter((tier) => tier.autoInvite && !invitedBefore.has(tier.id));
}

/** Invites everyone in `tier`'s queue whose entry was not taken back; how many entries were read. */
export async function inviteTierHolders(db: Firestore, tier: RewardTier): Promise<number> {
  const query = db.collection(COLLECTIONS.rewards).where('tierId', '==', tier.id);
  let read = 0;
  for await (const docs of queryPages(query, HOLDERS_PAGE)) {
    read += docs.length;
    const holders = docs
      .map((doc) => doc.data() as RewardEntry)
      .filter((entry) => entry.status !== 'revoked');
    for (let start = 0; start < holders.length; start += CONCURRENCY) {
      await Promise.all(holders.slice(start, start + CONCURRENCY).map((entry) => inviteHolder(db, entry)));
    }
  }
  return read;
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
