// referral_credits/{id}: every referral credit ever given, remembered for good without an address. The id
// is a keyed hash of the referrer's and the referred person's mailboxes (mailboxKey), so the same mailbox
// under any spelling, and after any erasure, cannot earn the same referrer credit twice; each entry keeps
// the credit's time, the referrer's hashed mailbox and the referred signup's hashed network, which the
// daily cap and the network window count (erasing a referral record does not erase the credit event).
import { COLLECTIONS } from '@silk/schema/constants';
import { mailboxKey } from '@silk/schema/mailbox';
import type { DocumentReference, Firestore, WriteBatch } from 'firebase-admin/firestore';
import { keyedHash } from '../shared/keyed-hash';

export interface CreditEvent {
  /** The referrer's mailbox, hashed. */
  referrer: string;
  /** Milliseconds since the epoch. */
  creditedAt: number;
  /** The referred signup's network as recorded (already a keyed hash). */
  network?: string;
}

/** The referrer's mailbox as the credit events name it. */
export function referrerId(secret: string, referrer: string): string {
  return keyedHash(secret, 'referral-credit', mailboxKey(referrer));
}

export function creditEventRef(
  db: Firestore,
  secret: string,
  referrer: string,
  referred: string,
): DocumentReference {
  const pair = `${mailboxKey(referrer)}\n${mailboxKey(referred)}`;
  return db.collection(COLLECTIONS.referralCredits).doc(keyedHash(secret, 'referral-credit', pair));
}

export function creditEventsOf(db: Firestore, secret: string, referrer: string) {
  return db.collection(COLLECTIONS.referralCredits).where('referrer', '==', referrerId(secret, referrer));
}

/** Whether the referred mailbox has earned this referrer credit before. */
export async function creditedBefore(
  db: Firestore,
  secret: string,
  referrer: string,
  referred: string,
): Promise<boolean> {
  return (await creditEventRef(db, secret, referrer, referred).get()).exists;
}

/**
 * Remembers a credit in the batch that gives it. `create`: the batch fails (ALREADY_EXISTS) when the same
 * mailbox was credited meanwhile, so a credit and its memory exist together or not at all.
 */
export function rememberCredit(
  batch: WriteBatch,
  db: Firestore,
  secret: string,
  credit: { referrer: string; referred: string; at: number; network?: string },
): void {
  const event: CreditEvent = {
    referrer: referrerId(secret, credit.referrer),
    creditedAt: credit.at,
    ...(credit.network ? { network: credit.network } : {}),
  };
  batch.create(creditEventRef(db, secret, credit.referrer, credit.referred), event);
}
