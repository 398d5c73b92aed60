// The fulfilment queue (rewards/{email}_{tierId}: one entry per person who reached a tier, created once by
// subscribers/reward-grant.ts; the tiers themselves are read through shared/reward-settings.ts). Here: the two changes an entry goes through after it is created — marked fulfilled by an Admin, or
// revoked when rejected credit takes its referrer below the tier. Each is a transaction on the entry, so
// a fulfilment and a revocation never both win: a fulfilled reward stays, a revoked one cannot be fulfilled.
import { COLLECTIONS } from '@silk/schema/constants';
import type { RewardEntry } from '@silk/schema/rewards';
import type { DocumentReference, Firestore } from 'firebase-admin/firestore';

export function rewardRef(db: Firestore, id: string): DocumentReference {
  return db.collection(COLLECTIONS.rewards).doc(id);
}

export type FulfilOutcome = 'fulfilled' | 'already-fulfilled' | 'revoked' | 'missing';

/** Marks an unfulfilled entry fulfilled by `admin` now; says what it found otherwise. */
export async function fulfilReward(
  db: Firestore,
  id: string,
  admin: string,
  now = Date.now(),
): Promise<FulfilOutcome> {
  return db.runTransaction(async (transaction) => {
    const entry = await transaction.get(rewardRef(db, id));
    const status = entry.get('status') as unknown;
    if (!entry.exists) return 'missing';
    if (status === 'fulfilled') return 'already-fulfilled';
    if (status === 'revoked') return 'revoked';
    transaction.update(entry.ref, { status: 'fulfilled', fulfilledAt: now, fulfilledBy: admin });
    return 'fulfilled';
  });
}

/**
 * After credit was taken back: each unfulfilled entry of `email` for a tier above the referrer's credited
 * referrals now is revoked by `admin`. Resolves the entries this call revoked (for the audit trail).
 */
export async function revokeRewardsAbove(
  db: Firestore,
  email: string,
  admin: string,
  now = Date.now(),
): Promise<RewardEntry[]> {
  const credited = Number(
    (await db.collection(COLLECTIONS.waitlistSignups).doc(email).get()).get('confirmedReferrals') ?? 0,
  );
  const candidates = await db
    .collection(COLLECTIONS.rewards)
    .where('email', '==', email)
    .where('status', '==', 'unfulfilled')
    .get();
  const revoked: RewardEntry[] = [];
  for (const candidate of candidates.docs) {
    if (Number(candidate.get('referrals')) <= credited) continue;
    const entry = await db.runTransaction(async (transaction) => {
      const fresh = await transaction.get(candidate.ref);
      if (fresh.get('status') !== 'unfulfilled') return null;
      const change = { status: 'revoked', revokedAt: now, revokedBy: admin } as const;
      transaction.update(fresh.ref, change);
      return { ...(fresh.data() as RewardEntry), ...change };
    });
    if (entry) revoked.push(entry);
  }
  return revoked;
}
