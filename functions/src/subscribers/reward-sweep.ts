// When an Admin adds a tier or lowers the referrals one asks for, the people already past it get it now
// rather than at their next credited referral: the signups with at least that many credited referrals are
// read page by page and each is given its rewards as the signup trigger gives them (grantRewards, which
// creates nothing twice), so a sweep run again, or beside a burst of confirmations, adds nothing.
import { COLLECTIONS } from '@silk/schema/constants';
import type { RewardTier } from '@silk/schema/rewards';
import type { Firestore } from 'firebase-admin/firestore';
import { queryPages } from '../shared/query-pages';
import { rewardTiers } from '../shared/reward-settings';
import { grantRewards } from './reward-grant';

const PAGE = 300;
/** People given their rewards at once. */
const CONCURRENCY = 8;

/** The fewest referrals a tier new in `after`, or asking fewer than in `before`, asks for; null: none. */
export function sweepThreshold(before: readonly RewardTier[], after: readonly RewardTier[]): number | null {
  const previous = new Map(before.map((tier) => [tier.id, tier.referrals]));
  const widened = after.filter((tier) => tier.referrals < (previous.get(tier.id) ?? Infinity));
  return widened.length > 0 ? Math.min(...widened.map((tier) => tier.referrals)) : null;
}

/**
 * Gives every signup with at least `threshold` credited referrals the tiers it reaches (the tiers in force
 * when the sweep starts, read once); how many were created.
 */
export async function sweepRewards(db: Firestore, threshold: number): Promise<number> {
  const tiers = await rewardTiers(db);
  const grant = (email: string) => grantRewards(db, email, { tiers });
  const query = db
    .collection(COLLECTIONS.waitlistSignups)
    .where('confirmedReferrals', '>=', threshold)
    .orderBy('confirmedReferrals');
  let created = 0;
  for await (const docs of queryPages(query, PAGE)) {
    for (let start = 0; start < docs.length; start += CONCURRENCY) {
      const granted = await Promise.all(docs.slice(start, start + CONCURRENCY).map((doc) => grant(doc.id)));
      created += granted.reduce((sum, count) => sum + count, 0);
    }
  }
  return created;
}
