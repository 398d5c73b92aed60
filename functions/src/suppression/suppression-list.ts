// The suppression list: suppressions/{mailboxKey} (@silk/schema/suppression), the mailboxes no mail of
// any kind goes to: an entry made for one spelling of an address (victim+1@…) holds for every other
// (victim+2@…, V.ictim@googlemail.com), so every reader and writer names the entry by mailboxKey. Each
// change is mirrored on the signup of the address it was made for (`suppressedReason`, `suppressedAt`,
// through signupChange so the panel's feed sees it) in the same transaction; another spelling's signup
// gets the mirror when it joins the mailing list (`missingMirror`). A bounce or complaint is
// permanent: nothing replaces or lifts it; an unsubscribe is replaced by a later bounce or complaint and
// lifted by re-subscribing. Erasure removes the entry with everything else held for the address
// (subscribers/erasure.ts; docs/decisions.md).
import { COLLECTIONS } from '@silk/schema/constants';
import { mailboxKey } from '@silk/schema/mailbox';
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

/** An unsubscribe (`detail`: from where): no more mail of any kind, lifted by re-subscribing. */
export function unsubscribed(detail: string): Suppression {
  return { reason: 'unsubscribe', detail, source: 'unsubscribe' };
}

/** A document created in the same transaction, once: when it exists already, nothing is written. */
export interface OnceMarker {
  ref: DocumentReference;
  data: (suppressed: number) => DocumentData;
}

/** The entry of the mailbox `email` delivers to. */
export function suppressionRef(db: Firestore, email: string): DocumentReference {
  return db.collection(COLLECTIONS.suppressions).doc(mailboxKey(email));
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
 * Puts each address's mailbox on the list for `suppression` (in one transaction, each address's signup
 * mirrored; an entry names the first of the addresses given for its mailbox) and answers how many of the
 * addresses are on it afterwards, whatever the reason. With `once`, the marker is created in the same
 * transaction, and an existing marker means the change was made before: nothing is written (`applied`
 * false).
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
  // The first address given for each mailbox names its entry (one write per entry).
  const mailboxes = new Map<string, string>();
  for (const email of addresses)
    if (!mailboxes.has(mailboxKey(email))) mailboxes.set(mailboxKey(email), email);
  return db.runTransaction(async (transaction) => {
    const entryRefs = [...mailboxes.values()].map((email) => suppressionRef(db, email));
    const signupRefs = addresses.map((email) => signupRefOf(db, email));
    const snapshots = await transaction.getAll(...(once ? [once.ref] : []), ...entryRefs, ...signupRefs);
    const marker = once ? snapshots.shift() : undefined;
    if (marker?.exists) return { applied: false, suppressed: Number(marker.get('suppressed') ?? 0) };
    const entries = new Map([...mailboxes.keys()].map((key, index) => [key, snapshots[index]]));
    const at = now();
    const detail = suppression.detail.slice(0, SUPPRESSION_DETAIL_MAX);
    const replaced = new Set<string>();
    for (const [key, email] of mailboxes) {
      if (!replaces(reasonOf(entries.get(key)), suppression.reason)) continue;
      replaced.add(key);
      transaction.set(suppressionRef(db, email), {
        email,
        ...suppression,
        detail,
        at,
      } satisfies SuppressionEntry);
    }
    for (const [index, email] of addresses.entries()) {
      const signup = snapshots[mailboxes.size + index];
      const entry = entries.get(mailboxKey(email));
      if (!signup?.exists) continue;
      if (replaced.has(mailboxKey(email))) {
        transaction.update(
          signup.ref,
          signupChange({ suppressedReason: suppression.reason, suppressedAt: at }),
        );
      } else if (entry) {
        const mirror = missingMirror(entry, signup);
        if (mirror.suppressedReason) transaction.update(signup.ref, signupChange(mirror));
      }
    }
    if (once) transaction.create(once.ref, once.data(addresses.length));
    return { applied: true, suppressed: addresses.length };
  });
}

/** The addresses among `emails` whose mailbox is on the list, with its reason. */
export async function suppressedAmong(
  db: Firestore,
  emails: readonly string[],
): Promise<Map<string, SuppressionReason>> {
  const addresses = [...new Set(emails)];
  const found = new Map<string, SuppressionReason>();
  if (addresses.length === 0) return found;
  const keys = [...new Set(addresses.map(mailboxKey))];
  const snapshots = await db.getAll(...keys.map((key) => db.collection(COLLECTIONS.suppressions).doc(key)));
  const reasons = new Map(keys.map((key, index) => [key, reasonOf(snapshots[index])]));
  for (const email of addresses) {
    const reason = reasons.get(mailboxKey(email));
    if (reason) found.set(email, reason);
  }
  return found;
}

/**
 * Takes the address's mailbox off the list if an unsubscribe put it there (a bounce or complaint stays);
 * the mirror is lifted from this address's signup.
 */
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
