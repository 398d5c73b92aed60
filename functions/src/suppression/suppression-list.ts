// The suppression list: suppressions/{email} (@silk/schema/suppression), the addresses no mail of any
// kind goes to. Each change is mirrored on the address's signup (`suppressedReason`, `suppressedAt`,
// through signupChange so the panel's feed sees it) in the same transaction. A bounce or complaint is
// permanent: nothing replaces or lifts it; an unsubscribe is replaced by a later bounce or complaint and
// lifted by re-subscribing. Erasure removes the entry with everything else held for the address
// (mail/erasure.ts; docs/decisions.md).
import { COLLECTIONS } from '@silk/schema/constants';
import {
  liftedByResubscribing,
  SUPPRESSION_DETAIL_MAX,
  type SuppressionEntry,
  type SuppressionReason,
  type SuppressionSource,
} from '@silk/schema/suppression';
import {
  FieldValue,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
} from 'firebase-admin/firestore';
import { signupChange } from '../shared/signup-change';

export interface Suppression {
  reason: SuppressionReason;
  detail: string;
  source: SuppressionSource;
}

/** A document created in the same transaction, once: when it exists already, nothing is written. */
export interface OnceMarker {
  ref: DocumentReference;
  data: (suppressed: number) => DocumentData;
}

export function suppressionRef(db: Firestore, email: string): DocumentReference {
  return db.collection(COLLECTIONS.suppressions).doc(email);
}

const signupRefOf = (db: Firestore, email: string) => db.collection(COLLECTIONS.waitlistSignups).doc(email);

function reasonOf(snapshot: DocumentSnapshot | undefined): SuppressionReason | null {
  const reason = snapshot?.exists ? (snapshot.get('reason') as SuppressionReason | undefined) : undefined;
  return reason ?? null;
}

/** The mirror of a list entry a signup lacks (a signup made after the address was put on the list), else nothing. */
export function missingMirror(
  entry: DocumentSnapshot,
  signup: DocumentSnapshot,
): { suppressedReason?: SuppressionReason; suppressedAt?: number } {
  if (!entry.exists || signup.get('suppressedReason') !== undefined) return {};
  return {
    suppressedReason: entry.get('reason') as SuppressionReason,
    suppressedAt: Number(entry.get('at')),
  };
}

/** Does `next` take the place of what the list holds? Only where nothing is, or over an unsubscribe. */
function replaces(current: SuppressionReason | null, next: SuppressionReason): boolean {
  if (current === null) return true;
  return liftedByResubscribing(current) && !liftedByResubscribing(next);
}

/**
 * Puts each address on the list for `suppression` (in one transaction, each signup mirrored) and
 * answers how many of them are on it afterwards, whatever the reason. With `once`, the marker is
 * created in the same transaction, and an existing marker means the change was made before: nothing
 * is written (`applied` false).
 */
export async function suppress(
  db: Firestore,
  emails: readonly string[],
  suppression: Suppression,
  once?: OnceMarker,
  now: () => number = Date.now,
): Promise<{ applied: boolean; suppressed: number }> {
  const addresses = [...new Set(emails)];
  if (addresses.length === 0 && !once) return { applied: true, suppressed: 0 };
  return db.runTransaction(async (transaction) => {
    const refs = addresses.flatMap((email) => [suppressionRef(db, email), signupRefOf(db, email)]);
    const snapshots = await transaction.getAll(...(once ? [once.ref] : []), ...refs);
    const marker = once ? snapshots.shift() : undefined;
    if (marker?.exists) return { applied: false, suppressed: Number(marker.get('suppressed') ?? 0) };
    const at = now();
    const detail = suppression.detail.slice(0, SUPPRESSION_DETAIL_MAX);
    for (const [index, email] of addresses.entries()) {
      const entry = snapshots[2 * index];
      const signup = snapshots[2 * index + 1];
      if (replaces(reasonOf(entry), suppression.reason)) {
        transaction.set(suppressionRef(db, email), {
          email,
          ...suppression,
          detail,
          at,
        } satisfies SuppressionEntry);
        if (signup?.exists)
          transaction.update(
            signup.ref,
            signupChange({ suppressedReason: suppression.reason, suppressedAt: at }),
          );
      } else if (signup?.exists && entry) {
        const mirror = missingMirror(entry, signup);
        if (mirror.suppressedReason) transaction.update(signup.ref, signupChange(mirror));
      }
    }
    if (once) transaction.create(once.ref, once.data(addresses.length));
    return { applied: true, suppressed: addresses.length };
  });
}

/** The addresses among `emails` that are on the list, with their reason. */
export async function suppressedAmong(
  db: Firestore,
  emails: readonly string[],
): Promise<Map<string, SuppressionReason>> {
  const addresses = [...new Set(emails)];
  const found = new Map<string, SuppressionReason>();
  if (addresses.length === 0) return found;
  const snapshots = await db.getAll(...addresses.map((email) => suppressionRef(db, email)));
  for (const [index, email] of addresses.entries()) {
    const reason = reasonOf(snapshots[index]);
    if (reason) found.set(email, reason);
  }
  return found;
}

/** Takes the address off the list if an unsubscribe put it there (a bounce or complaint stays). */
export async function liftUnsubscribe(db: Firestore, email: string): Promise<boolean> {
  return db.runTransaction(async (transaction) => {
    const [entry, signup] = await transaction.getAll(suppressionRef(db, email), signupRefOf(db, email));
    const reason = reasonOf(entry);
    if (reason === null || !liftedByResubscribing(reason)) return false;
    transaction.delete(suppressionRef(db, email));
    if (signup?.exists) {
      transaction.update(
        signup.ref,
        signupChange({ suppressedReason: FieldValue.delete(), suppressedAt: FieldValue.delete() }),
      );
    }
    return true;
  });
}
