// The mailing list: subscribers/{email} {email, subscribedAt, source, subscriberId, confirmedAt?,
// unsubscribedAt?, resubscribedAt?}. subscriberId is random: it is the subject of the signed links in our
// e-mails, so no link carries the address. The signup (waitlist_signups/{email}) carries the same id,
// the consent record and, once confirmed, confirmedAt. Written by server code only.
import { COLLECTIONS } from '@silk/schema/constants';
import type { DocumentReference, Firestore } from 'firebase-admin/firestore';
import { randomBytes } from 'node:crypto';

export function newSubscriberId(): string {
  return randomBytes(16).toString('base64url');
}

export function subscriberRef(db: Firestore, email: string): DocumentReference {
  return db.collection(COLLECTIONS.subscribers).doc(email);
}

export function signupRef(db: Firestore, email: string): DocumentReference {
  return db.collection(COLLECTIONS.waitlistSignups).doc(email);
}

/** The address a subscriber id belongs to: its subscriber entry, else a signup carrying it; null if none. */
export async function addressOf(
  db: Firestore,
  subscriberId: string,
  options = { signups: false },
): Promise<string | null> {
  const collections = [COLLECTIONS.subscribers, ...(options.signups ? [COLLECTIONS.waitlistSignups] : [])];
  for (const name of collections) {
    const found = await db.collection(name).where('subscriberId', '==', subscriberId).limit(1).get();
    const first = found.docs[0];
    if (first) return first.id;
  }
  return null;
}
