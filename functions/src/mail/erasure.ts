// Erasure of what we hold for an address: the signup (with its feedback and consent), the mailing-list
// entry, its suppression entry and every queued or sent mail to it, in one batch, then its referral data
// (referrals/erase-referrals.ts) and the webhook events naming it, then the `signup.erased` event (the
// subscriber's opaque id, never the address) and an audit entry that names the address by its SHA-256
// hash only. (Rate-limit
// counters hold a hash too and expire within their window.)
import { COLLECTIONS } from '@silk/schema/constants';
import type { DocumentReference, Firestore } from 'firebase-admin/firestore';
import { createHash } from 'node:crypto';
import { emitEvent, eraseEventsAbout } from '../events/emit';
import { erasedEvent } from '../events/signup-events';
import { eraseReferrals } from '../referrals/erase-referrals';
import { signupRef, subscriberRef } from './subscribers';
import { suppressionRef } from '../suppression/suppression-list';

export interface ErasureResult {
  signup: boolean;
  subscriber: boolean;
  /** Mail documents removed (waiting, pending or sent). */
  mail: number;
}

/** How audit entries name an erased address: SHA-256 of the normalised address, hex. */
export function addressHash(email: string): string {
  return createHash('sha256').update(email).digest('hex');
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
  const refs = new Map([...single.docs, ...listed.docs, ...waiting.docs].map((doc) => [doc.ref.path, doc.ref]));
  return [...refs.values()];
}

export async function eraseAddress(db: Firestore, email: string): Promise<ErasureResult> {
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
  await batch.commit();
  await eraseReferrals(db, email);
  await eraseEventsAbout(db, email);
  const subscriberId = [subscriberSnapshot, signupSnapshot].map((snapshot) => snapshot.get('subscriberId') as unknown).find((id) => typeof id === 'string' && id !== '');
  if (typeof subscriberId === 'string') await emitEvent(db, erasedEvent(subscriberId));
  return { signup: signupSnapshot.exists, subscriber: subscriberSnapshot.exists, mail: mail.length };
}

/** Erases the address and audits it with `audit`; the entry carries the address's hash, never the address. */
export async function eraseAndAudit(
  db: Firestore,
  email: string,
  audit: (entry: { target: string; details: { removed: ErasureResult } }) => Promise<void>,
): Promise<ErasureResult> {
  const removed = await eraseAddress(db, email);
  await audit({ target: addressHash(email), details: { removed } });
  return removed;
}
