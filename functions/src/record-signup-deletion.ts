// waitlist_signups/{id} deleted (by an Admin, a subscriber's own erasure, the console or any script) →
// -1 on the signup total and signup_deletions/{SHA-256 of the id} {deletedAt, expiresAt}: the deletions feed that takes the row out
// of every open admin panel and every browser's copy. The tombstone names the signup by its hash only,
// so an erased address is not kept; it expires (TTL policy on expiresAt) after DELETIONS_KEPT_DAYS.
import { COLLECTIONS, DELETIONS_KEPT_DAYS } from '@silk/schema/constants';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { onDocumentDeleted } from 'firebase-functions/v2/firestore';
import { adminServices } from './lib/admin';
import { adjustSignupCount } from './lib/signup-count';
import { addressHash } from './mail/erasure';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Takes signup `id` out of the total and writes its tombstone, stamped with the server's time, unless
 * the signup exists again: then its new version reaches the panels as a change, and a tombstone would
 * take it out. Read and writes are one transaction, so a signup made again afterwards is always newer
 * than its tombstone.
 */
export async function recordSignupDeletion(id: string): Promise<void> {
  const { db } = adminServices();
  const signup = db.collection(COLLECTIONS.waitlistSignups).doc(id);
  const tombstone = db.collection(COLLECTIONS.signupDeletions).doc(addressHash(id));
  await db.runTransaction(async (transaction) => {
    const again = (await transaction.get(signup)).exists;
    await adjustSignupCount(db, -1, transaction);
    if (again) return;
    transaction.set(tombstone, {
      deletedAt: FieldValue.serverTimestamp(),
      expiresAt: Timestamp.fromMillis(Date.now() + DELETIONS_KEPT_DAYS * DAY_MS),
    });
  });
}

export const recordSignupDeletionTrigger = onDocumentDeleted(
  { document: `${COLLECTIONS.waitlistSignups}/{id}`, retry: true },
  async (event) => recordSignupDeletion(event.params.id),
);
