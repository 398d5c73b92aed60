// Erasure of what we hold for an address: the signup (with its feedback and consent), the mailing-list
// entry, its suppression entry and every queued or sent mail to it, in one batch with the mailbox's entry
// in erased_mailboxes (erased-mailboxes.ts: no import brings it back), then its referral data
// (referrals/erase-referrals.ts) and the webhook events naming it, then the `signup.erased` event (the
// subscriber's opaque id, never the address) and an audit entry that names the address by its keyed hash
// only (auditAddressHash). (Rate-limit
// counters hold a hash too and expire within their window.)
import { COLLECTIONS } from '@silk/schema/constants';
import type { DocumentReference, Firestore } from 'firebase-admin/firestore';
import { createHash } from 'node:crypto';
import { emitEvent, eraseEventsAbout } from '../events/emit';
import { keyedHash } from '../shared/keyed-hash';
import { erasedEvent } from '../events/signup-events';
import { eraseReferrals } from '../referrals/erase-referrals';
import { erasedMailboxRef, type ErasedMailbox } from './erased-mailboxes';
import { signupRef, subscriberRef } from './subscribers';
import { suppressionRef } from '../suppression/suppression-list';

export interface ErasureResult {
  signup: boolean;
  subscriber: boolean;
  /** Mail documents removed (waiting, pending or sent). */
  mail: number;
}

/**
 * How a signup_deletions tombstone names a deleted signup: SHA-256 of its id, hex. Unkeyed on purpose: the
 * panel matches tombstones against the ids of rows it already holds.
 */
export function addressHash(email: string): string {
  return createHash('sha256').update(email).digest('hex');
}

/**
 * How audit entries name an address: its keyed hash under the server secret (purpose 'audit'), so someone
 * holding the log and a list of addresses cannot test them; whoever holds the secret can still match an
 * entry to an address they know.
 */
export function auditAddressHash(secret: string, email: string): string {
  return keyedHash(secret, 'audit', email);
}

async function mailTo(db: Firestore, email: string): Promise<DocumentReference[]> {
  const mail = db.collection(COLLECTIONS.mail);
  // `to` is a string in our queue; the extension's contract allows a list too. Confirmations still
  // waiting for the hourly ceiling (mail_waiting) go as well.
  const [single, listed, waiting] = await Promise.all([
    mail.where('to', '==', email).get(),
    mail.where('to', 'array-contains', email).get(),
    db.collection(COLLECTIONS.mailWaiting).where('to', '==', email).get(),
  ]);
  const refs = new Map(
    [...single.docs, ...listed.docs, ...waiting.docs].map((doc) => [doc.ref.path, doc.ref]),
  );
  return [...refs.values()];
}

/** `secret`: the server secret the erased mailbox is remembered under (MAIL_TOKEN_SECRET). */
export async function eraseAddress(db: Firestore, email: string, secret: string): Promise<ErasureResult> {
  const signup = signupRef(db, email);
  const subscriber = subscriberRef(db, email);
  const [signupSnapshot, subscriberSnapshot, mail] = await Promise.all([
    signup.get(),
    subscriber.get(),
    mailTo(db, email),
  ]);
  const batch = db.batch();
  batch.delete(signup);
  batch.delete(subscriber);
  batch.delete(suppressionRef(db, email)); // its mailbox leaves the suppression list too (docs/decisions.md)
  for (const ref of mail) batch.delete(ref);
  const erased: ErasedMailbox = { erasedAt: Date.now() };
  batch.set(erasedMailboxRef(db, secret, email), erased);
  await batch.commit();
  await eraseReferrals(db, email);
  await eraseEventsAbout(db, email);
  const subscriberId = [subscriberSnapshot, signupSnapshot]
    .map((snapshot) => snapshot.get('subscriberId') as unknown)
    .find((id) => typeof id === 'string' && id !== '');
  if (typeof subscriberId === 'string') await emitEvent(db, erasedEvent(subscriberId));
  return { signup: signupSnapshot.exists, subscriber: subscriberSnapshot.exists, mail: mail.length };
}

/**
 * Erases the address and audits it with `audit`; the entry carries the address's keyed hash (under
 * `secret`, MAIL_TOKEN_SECRET), never the address.
 */
export async function eraseAndAudit(
  db: Firestore,
  email: string,
  secret: string,
  audit: (entry: { target: string; details: { removed: ErasureResult } }) => Promise<void>,
): Promise<ErasureResult> {
  const target = auditAddressHash(secret, email); // a missing secret refuses before anything is erased
  const removed = await eraseAddress(db, email, secret);
  await audit({ target, details: { removed } });
  return removed;
}
