// What the admin panel reads beside waitlist_signups itself, kept by the trigger on every signup write
// (on-signup-written.ts) and repaired on a schedule (maintain-signup-feeds.ts):
// - signup_counts: the total, and its changes not yet folded into it (signup-count.ts);
// - signup_recent/{id}: a copy of each signup changed in the last RECENT_SIGNUPS_KEPT_HOURS (TTL on
//   expiresAt), so that a panel's first rows come from a small collection whatever the total;
// - signup_deletions/{SHA-256 of the id} {deletedAt, expiresAt}: tombstones that take a deleted signup
//   out of open panels and browser copies, without keeping its address (TTL DELETIONS_KEPT_DAYS).
// A signup written without `updatedAt` (the console, a script, an import: any writer but ours) would be
// counted and exported but never shown, since the panel reads by `updatedAt`: the trigger stamps it.
import { COLLECTIONS, DELETIONS_KEPT_DAYS, RECENT_SIGNUPS_KEPT_HOURS } from '@silk/schema/constants';
import { FieldValue, Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { addressHash } from '../subscribers/erasure';
import { stampMissingField } from './missing-field-stamp';
import { foldSignupCountWhenDue, signupCountChange } from './signup-count';

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
  return {
    ...data,
    expiresAt: Timestamp.fromMillis(millis(data.updatedAt) + RECENT_SIGNUPS_KEPT_HOURS * HOUR_MS),
  };
}

/** The signup carries the field the panel's reads and feeds follow (a Firestore timestamp). */
export function hasUpdatedAt(data: DocumentData): boolean {
  return data.updatedAt instanceof Timestamp;
}

/**
 * A signup created or changed: its recent copy (unless the change is older than the window), and +1 on
 * the total when it is new. Without `updatedAt`, the signup is stamped first (stampSignup).
 */
export async function recordSignupWrite(
  db: Firestore,
  id: string,
  data: DocumentData,
  created: boolean,
): Promise<void> {
  if (!hasUpdatedAt(data)) return stampSignup(db, id, created);
  const batch = db.batch();
  const copy = recentCopy(data);
  const copied = (copy.expiresAt as Timestamp).toMillis() > Date.now();
  if (copied) batch.set(recentRef(db, id), copy);
  if (created) {
    const count = signupCountChange(db, 1);
    batch.create(count.ref, count.data);
  }
  await batch.commit();
  // Events may be handled out of order, and a copy written after the signup's deletion had been handled
  // would outlive it: the signup is read back, without a lock (a transaction here held the signup against
  // other transactions' writes, an invitation's redemption among them). Gone: the copy goes too; deleted
  // after this read: its deletion's trigger removes the copy.
  if (copied && !(await db.collection(COLLECTIONS.waitlistSignups).doc(id).get()).exists) {
    await recentRef(db, id).delete();
  }
  if (created) await foldSignupCountWhenDue(db);
}

/**
 * A signup written without `updatedAt`: one transaction stamps the server's time on it and writes its
 * recent copy with the same time (+1 on the total when it is new). The stamp is a write of its own, whose
 * trigger finds `updatedAt` and a signup that is not new: no loop, and no second count. Nothing is stamped
 * when the signup is gone (its deletion's trigger takes the -1) or a later write already stamped it.
 */
async function stampSignup(db: Firestore, id: string, created: boolean): Promise<void> {
  const signup = db.collection(COLLECTIONS.waitlistSignups).doc(id);
  await db.runTransaction(async (transaction) => {
    const current = await transaction.get(signup);
    if (created) {
      const count = signupCountChange(db, 1);
      transaction.create(count.ref, count.data);
    }
    const data = current.data();
    if (!data || hasUpdatedAt(data)) return;
    // One commit: both server timestamps are its time.
    const updatedAt = FieldValue.serverTimestamp();
    transaction.update(signup, { updatedAt });
    transaction.set(recentRef(db, id), {
      ...data,
      updatedAt,
      expiresAt: Timestamp.fromMillis(Date.now() + RECENT_SIGNUPS_KEPT_HOURS * HOUR_MS),
    });
  });
  if (created) await foldSignupCountWhenDue(db);
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
    transaction.create(count.ref, count.data);
    if (again) return;
    transaction.delete(recentRef(db, id));
    transaction.set(tombstone, {
      deletedAt: FieldValue.serverTimestamp(),
      expiresAt: Timestamp.fromMillis(Date.now() + DELETIONS_KEPT_DAYS * 24 * HOUR_MS),
    });
  });
  await foldSignupCountWhenDue(db);
}

/**
 * Stamps the server's time as `updatedAt` on every signup without one (written while the trigger did not
 * run, or where it failed), so the panel shows it; the stamp's trigger writes its recent copy. Returns how
 * many were stamped.
 */
export function stampMissingUpdatedAt(db: Firestore): Promise<number> {
  return stampMissingField(db, {
    field: 'updatedAt',
    read: ['updatedAt'],
    has: (signup) => hasUpdatedAt(signup.data()),
    stamp: () => ({ updatedAt: FieldValue.serverTimestamp() }),
  });
}

/**
 * Writes the recent copy of every signup changed in the last RECENT_SIGNUPS_KEPT_HOURS (a trigger that
 * did not run, signups written before the copies existed). Returns how many were written.
 */
export async function refreshRecentSignups(db: Firestore, now = Date.now()): Promise<number> {
  const since = Timestamp.fromMillis(now - RECENT_SIGNUPS_KEPT_HOURS * HOUR_MS);
  const found = await db
    .collection(COLLECTIONS.waitlistSignups)
    .where('updatedAt', '>=', since)
    .select()
    .get();
  let written = 0;
  for (let start = 0; start < found.docs.length; start += RECENT_BATCH)
    written += await writeRecentCopies(
      db,
      found.docs.slice(start, start + RECENT_BATCH).map((document) => document.id),
    );
  return written;
}

/**
 * The recent copies of `ids` from their signups as they are at the write, in one transaction: a signup
 * deleted since it was found gets none. (Its deletion's trigger has removed the copy or will; a copy
 * written after that would stay, and every panel opened in the next two days would show a signup that
 * is gone.) Returns how many were written.
 */
export async function writeRecentCopies(db: Firestore, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const signups = db.collection(COLLECTIONS.waitlistSignups);
  return db.runTransaction(async (transaction) => {
    const current = await transaction.getAll(...ids.map((id) => signups.doc(id)));
    let written = 0;
    for (const signup of current) {
      const data = signup.data();
      if (!data || !hasUpdatedAt(data)) continue;
      transaction.set(recentRef(db, signup.id), recentCopy(data));
      written += 1;
    }
    return written;
  });
}
