// referrals/{referred e-mail}: one ReferralRecord per referred signup (server-written; staff read).
import { COLLECTIONS } from '@silk/schema/constants';
import type { ReferralRecord } from '@silk/schema/referrals';
import type {
  CollectionReference,
  DocumentReference,
  DocumentSnapshot,
  Firestore,
} from 'firebase-admin/firestore';

export function referralsOf(db: Firestore): CollectionReference {
  return db.collection(COLLECTIONS.referrals);
}

export function referralRef(db: Firestore, referred: string): DocumentReference {
  return referralsOf(db).doc(referred);
}

export function signupDoc(db: Firestore, email: string): DocumentReference {
  return db.collection(COLLECTIONS.waitlistSignups).doc(email);
}

/** A stored record, or null when the document is missing or not a record. */
export function referralRecord(snapshot: DocumentSnapshot): ReferralRecord | null {
  const data = snapshot.data();
  if (!data || typeof data.referrer !== 'string' || typeof data.status !== 'string') return null;
  return data as ReferralRecord;
}
