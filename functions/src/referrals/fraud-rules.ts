// Why a confirmed referral's credit is withheld for review, if it is: the first rule that matches, in
// order — the same person (addresses compared as mailboxes: case, +tags, Gmail's dots), a throwaway
// domain, a burst from one network, the referrer's daily cap.
import type { ReferralRecord, WithholdReason } from '@silk/schema/referrals';
import { mailboxKey } from '@silk/schema/mailbox';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import type { ReferralRules } from '../shared/config';
import { isDisposableAddress } from './disposable';
import { networkOf } from './network';
import { referralsOf } from './referral-records';

const DAY_MS = 24 * 3600 * 1000;

/**
 * The referral came from the referrer's own network within the window of the referrer's signup, or
 * from the network of another referral of the same referrer within the window of it.
 */
async function fromOneNetwork(
  db: Firestore,
  record: ReferralRecord,
  referrerSignup: DocumentSnapshot,
  windowMs: number,
): Promise<boolean> {
  if (windowMs === 0 || !record.network) return false;
  const referrerSince = referrerSignup.createTime?.toMillis();
  if (
    networkOf(referrerSignup.get('ip') as string | undefined) === record.network &&
    referrerSince !== undefined &&
    Math.abs(record.createdAt - referrerSince) <= windowMs
  ) {
    return true;
  }
  const neighbours = await referralsOf(db)
    .where('referrer', '==', record.referrer)
    .where('network', '==', record.network)
    .where('createdAt', '>=', record.createdAt - windowMs)
    .where('createdAt', '<=', record.createdAt + windowMs)
    .limit(2)
    .get();
  return neighbours.docs.some((doc) => doc.id !== record.referred);
}

/** The referrer's credits of the last 24 hours reach the cap (read before the credit: see decisions.md). */
async function overDailyCap(
  db: Firestore,
  record: ReferralRecord,
  cap: number,
  now: number,
): Promise<boolean> {
  if (cap === 0) return true;
  const credited = await referralsOf(db)
    .where('referrer', '==', record.referrer)
    .where('status', '==', 'credited')
    .where('confirmedAt', '>', now - DAY_MS)
    .count()
    .get();
  return credited.data().count >= cap;
}

export async function withholdReason(
  db: Firestore,
  record: ReferralRecord,
  referrerSignup: DocumentSnapshot,
  rules: ReferralRules,
  now: number,
): Promise<WithholdReason | null> {
  if (mailboxKey(record.referred) === mailboxKey(record.referrer)) return 'same-person';
  if (isDisposableAddress(record.referred, rules.extraDisposableDomains)) return 'disposable-domain';
  if (await fromOneNetwork(db, record, referrerSignup, rules.networkWindowSeconds * 1000))
    return 'network-burst';
  if (await overDailyCap(db, record, rules.dailyCap, now)) return 'daily-cap';
  return null;
}
