// Why a confirmed referral's credit is withheld for review, if it is: the first rule that matches, in
// order — the same person (addresses compared as mailboxes, mailboxKey), a mailbox that has earned this
// referrer credit before (credit-memory.ts), a throwaway domain, a burst from one network, the referrer's
// daily cap. The network and the cap count credit events (which outlive erasures) as well as the
// referral records still stored; networks are only those the server observed (signup-network.ts).
import { mailboxKey } from '@silk/schema/mailbox';
import type { ReferralRecord, WithholdReason } from '@silk/schema/referrals';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import type { ReferralRules } from '../shared/config';
import { creditedBefore, creditEventsOf } from './credit-memory';
import { isDisposableAddress } from './disposable';
import { referralsOf } from './referral-records';
import { signupNetwork } from './signup-network';

const DAY_MS = 24 * 3600 * 1000;

/** What the rules read besides the record: the server secret the credit events are keyed with. */
export interface RuleContext {
  secret: string;
  rules: ReferralRules;
  now: number;
}

/**
 * The referral came from the referrer's own network within the window of the referrer's signup, or
 * from the network of another referral of the same referrer (stored, or a credit given) within the
 * window of it. A referral without a recorded network is never a burst (its network cannot be trusted).
 */
async function fromOneNetwork(
  db: Firestore,
  record: ReferralRecord,
  referrerSignup: DocumentSnapshot,
  { secret, rules }: RuleContext,
): Promise<boolean> {
  const windowMs = rules.networkWindowSeconds * 1000;
  if (windowMs === 0 || !record.network) return false;
  const referrerSince = referrerSignup.createTime?.toMillis();
  if (
    referrerSince !== undefined &&
    Math.abs(record.createdAt - referrerSince) <= windowMs &&
    (await signupNetwork(db, record.referrer)) === record.network
  ) {
    return true;
  }
  const [neighbours, credits] = await Promise.all([
    referralsOf(db)
      .where('referrer', '==', record.referrer)
      .where('network', '==', record.network)
      .where('createdAt', '>=', record.createdAt - windowMs)
      .where('createdAt', '<=', record.createdAt + windowMs)
      .limit(2)
      .get(),
    creditEventsOf(db, secret, record.referrer)
      .where('network', '==', record.network)
      .where('creditedAt', '>=', record.createdAt - windowMs)
      .where('creditedAt', '<=', record.createdAt + windowMs)
      .limit(1)
      .get(),
  ]);
  return !credits.empty || neighbours.docs.some((doc) => doc.id !== record.referred);
}

/** The referrer's credits of the last 24 hours reach the cap (read before the credit: see decisions.md). */
async function overDailyCap(db: Firestore, record: ReferralRecord, { secret, rules, now }: RuleContext) {
  if (rules.dailyCap === 0) return true;
  const credited = await creditEventsOf(db, secret, record.referrer)
    .where('creditedAt', '>', now - DAY_MS)
    .count()
    .get();
  return credited.data().count >= rules.dailyCap;
}

export async function withholdReason(
  db: Firestore,
  record: ReferralRecord,
  referrerSignup: DocumentSnapshot,
  context: RuleContext,
): Promise<WithholdReason | null> {
  if (mailboxKey(record.referred) === mailboxKey(record.referrer)) return 'same-person';
  if (await creditedBefore(db, context.secret, record.referrer, record.referred)) return 'already-credited';
  if (isDisposableAddress(record.referred, context.rules.extraDisposableDomains)) return 'disposable-domain';
  if (await fromOneNetwork(db, record, referrerSignup, context)) return 'network-burst';
  if (await overDailyCap(db, record, context)) return 'daily-cap';
  return null;
}
