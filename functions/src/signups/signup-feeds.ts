// What the admin panel reads beside waitlist_signups itself, kept by the trigger on every signup write
// (on-signup-written.ts) and repaired on a schedule (maintain-signup-feeds.ts):
// - signup_counts: the total, in shards (signup-count.ts);
// - signup_recent/{id}: a copy of each signup changed in the last RECENT_SIGNUPS_KEPT_HOURS (TTL on
//   expiresAt), so that a panel's first rows come from a small collection whatever the total;
// - signup_deletions/{SHA-256 of the id} {deletedAt, expiresAt}: tombstones that take a deleted signup
//   out of open panels and browser copies, without keeping its address (TTL DELETIONS_KEPT_DAYS).
import { COLLECTIONS, DELETIONS_KEPT_DAYS, RECENT_SIGNUPS_KEPT_HOURS } from '@silk/schema/constants';
import { FieldValue, Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { addressHash } from '../mail/erasure';
import { signupCountChange } from './signup-count';

const HOUR_MS = 3600 * 1000;
const RECENT_BATCH = 400;

function recentRef(db: Firestore, id: string) {
  return db.collection(COLLECTIONS.recentSignups).doc(id);
}

function millis(value: unknown): number {
  return value instanceof Timestamp ? value.toMillis() : Date.now();
}

/** The copy of a signup in signup_recent: the same fields, and when it expires. */
function recentCopy(data: DocumentData): DocumentData {
  return { ...data, expiresAt: Timestamp.fromMillis(millis(data.updatedAt) + RECENT_SIGNUPS_KEPT_HOURS * HOUR_MS) };
}

/** A signup created or changed: its recent copy (unless the change is older than the window), and +1 on the total when it is new. */
export async function recordSignupWrite(db: Firestore, id: string, data: DocumentData, created: boolean): Promise<void> {
  const batch = db.batch();
  const copy = recentCopy(data);
  if ((copy.expiresAt as Timestamp).toMillis() > Date.now()) batch.set(recentRef(db, id), copy);
  if (created) {
    const count = signupCountChange(db, 1);
    batch.set(count.ref, count.data, { merge: true });
  }
  await batch.commit();
}

/**
 * A signup deleted: -1 on the total, its recent copy removed, and its tombstone stamped with the server's
 * time — unless the signup exists again (its new version reaches the panels as a change, and a tombstone
 * would take it out). One transaction, so a signup made again afterwards is always newer than its tombstone.
 */
export async function recordSignupDeletion(db: Firestore, id: string): Promise<void> {
  const signup = db.collection(COLLECTIONS.waitlistSignups).doc(id);
  const tombstone = db.collection(COLLECTIONS.signupDeletions).doc(addressHash(id));
  await db.runTransaction(async (transaction) => {
    const again = (await transaction.get(signup)).exists;
    const count = signupCountChange(db, -1);
    transaction.set(count.ref, count.data, { merge: true });
    if (again) return;
    transaction.delete(recentRef(db, id));
    transaction.set(tombstone, {
      deletedAt: FieldValue.serverTimestamp(),
      expiresAt: Timestamp.fromMillis(Date.now() + DELETIONS_KEPT_DAYS * 24 * HOUR_MS),
    });
  });
}

/**
 * Writes the recent copy of every signup changed in the last RECENT_SIGNUPS_KEPT_HOURS (a trigger that
 * did not run, signups written before the copies existed). Returns how many were written.
 */
export async function refreshRecentSignups(db: Firestore, now = Date.now()): Promise<number> {
  const since = Timestamp.fromMillis(now - RECENT_SIGNUPS_KEPT_HOURS * HOUR_MS);
  const recent = await db.collection(COLLECTIONS.waitlistSignups).where('updatedAt', '>=', since).get();
  for (let start = 0; start < recent.docs.length; start += RECENT_BATCH) {
    const batch = db.batch();
    for (const document of recent.docs.slice(start, start + RECENT_BATCH)) batch.set(recentRef(db, document.id), recentCopy(document.data()));
    await batch.commit();
  }
  return recent.size;
}
