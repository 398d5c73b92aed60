// Confirmed subscribers waiting in line, written straight to Firestore for the invitation benchmark and
// tests: each one's signup, with the first signup time the signup trigger would stamp (the line's order
// without a ranking index), and its subscriber entry.
import { COLLECTIONS } from '@silk/schema/constants';
import type { DocumentData, Firestore, Timestamp, WriteBatch } from 'firebase-admin/firestore';

/** Adds to `batch` the confirmed signup of `email`, in line from `at`, and its subscriber entry. */
export function setWaitingSubscriber(
  db: Firestore,
  batch: WriteBatch,
  email: string,
  at: Timestamp,
  { signup, subscriber }: { signup?: DocumentData; subscriber: DocumentData },
): void {
  batch.set(db.collection(COLLECTIONS.waitlistSignups).doc(email), {
    email,
    timestamp: at,
    firstSignupAt: at,
    confirmedAt: at,
    ...signup,
  });
  batch.set(db.collection(COLLECTIONS.subscribers).doc(email), { email, ...subscriber });
}
