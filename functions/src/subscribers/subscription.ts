// What the links in our e-mails do to a subscriber (found by the subscriberId the link names). Each is
// idempotent: confirming or unsubscribing twice changes nothing the second time.
import { SUBSCRIPTION_NOT_FOUND } from '@silk/schema/messages';
import { FieldValue, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { eventSink } from '../events/emit';
import { unsubscribedEvent } from '../events/signup-events';
import { HttpError } from '../http/http';
import { signupChange } from '../shared/signup-change';
import { eraseAndAudit } from './erasure';
import { addressOf, signupRef, subscriberRef } from './subscribers';

/** The actor of a self-service erasure in the audit trail (the person holding the e-mail's link). */
export const SUBSCRIBER_ACTOR = 'subscriber (e-mail link)';

async function requireAddress(db: Firestore, subscriberId: string): Promise<string> {
  const email = await addressOf(db, subscriberId);
  if (!email) throw new HttpError(404, SUBSCRIPTION_NOT_FOUND);
  return email;
}

/** Records confirmedAt on the subscriber and the signup (the first confirmation only); returns the address. */
export async function confirmSubscriber(db: Firestore, subscriberId: string): Promise<string> {
  const email = await requireAddress(db, subscriberId);
  const emit = await eventSink(db, 'signup.confirmed');
  await db.runTransaction(async (transaction) => {
    const [subscriber, signup] = await Promise.all([
      transaction.get(subscriberRef(db, email)),
      transaction.get(signupRef(db, email)),
    ]);
    const unconfirmed = (snapshot: DocumentSnapshot) =>
      snapshot.exists && snapshot.get('confirmedAt') === undefined;
    const confirmation = { confirmedAt: FieldValue.serverTimestamp() };
    if (unconfirmed(subscriber)) transaction.update(subscriber.ref, confirmation);
    if (unconfirmed(signup)) transaction.update(signup.ref, signupChange(confirmation));
    if (unconfirmed(subscriber) || unconfirmed(signup)) {
      const at = Date.now();
      const key = `${email}\n${(signup.exists ? signup : subscriber).createTime?.toMillis() ?? ''}`;
      emit(transaction, {
        key,
        at,
        subjects: [email],
        data: { email, subscriberId, confirmedAt: new Date(at).toISOString() },
      });
    }
  });
  return email;
}

/**
 * Marks the subscriber unsubscribed (keeps the first date) and answers the address; an erased subscriber
 * is unsubscribed already (null).
 */
export async function unsubscribeSubscriber(db: Firestore, subscriberId: string): Promise<string | null> {
  const email = await addressOf(db, subscriberId);
  if (!email) return null;
  const emit = await eventSink(db, 'signup.unsubscribed');
  await db.runTransaction(async (transaction) => {
    const snapshot = await transaction.get(subscriberRef(db, email));
    if (snapshot.exists && snapshot.get('unsubscribedAt') === undefined) {
      transaction.update(snapshot.ref, { unsubscribedAt: FieldValue.serverTimestamp() });
      emit(transaction, unsubscribedEvent(email, subscriberId, snapshot.updateTime?.toMillis()));
    }
  });
  return email;
}

/** Undoes an unsubscribe (with the same link's token); answers the address. */
export async function resubscribeSubscriber(db: Firestore, subscriberId: string): Promise<string> {
  const email = await requireAddress(db, subscriberId);
  await db.runTransaction(async (transaction) => {
    const snapshot = await transaction.get(subscriberRef(db, email));
    if (snapshot.exists && snapshot.get('unsubscribedAt') !== undefined) {
      transaction.update(snapshot.ref, {
        unsubscribedAt: FieldValue.delete(),
        resubscribedAt: FieldValue.serverTimestamp(),
      });
    }
  });
  return email;
}

/** An audit writer for a self-service erasure (the route's frame provides it). */
export type ErasureAudit = (entry: {
  actor: string;
  action: 'signup.erased';
  target: string;
  details: Record<string, unknown>;
}) => Promise<void>;

/** Erases everything held for the subscriber's address; nothing left to erase is a success too. */
export async function eraseSubscriber(
  db: Firestore,
  subscriberId: string,
  secret: string,
  audit: ErasureAudit,
): Promise<void> {
  const email = await addressOf(db, subscriberId, { signups: true });
  if (email)
    await eraseAndAudit(db, email, secret, (entry) =>
      audit({ actor: SUBSCRIBER_ACTOR, action: 'signup.erased', ...entry }),
    );
}
