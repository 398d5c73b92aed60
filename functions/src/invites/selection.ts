// Who a wave invites, in order. Only signups still waiting (no invite status), confirmed unless the
// Admin includes unconfirmed ones, on the mailing list (a subscriber entry, not unsubscribed; an
// erased address has neither) and not on the suppression list. `next`: the live ranking index's
// order (rank_entries by sort key), or first signup time while there is no index; `view`: the panel's
// filtered view (parsed and matched as the filtered export does), in its sort, else newest first like
// the table; `reward`: the one person, if invitable.
import { COLLECTIONS } from '@silk/schema/constants';
import { SIGNUP_VIEW_FIELDS } from '@silk/schema/signup-fields';
import { normalizeSort, parseSignupView, signupMatcher, sortSignups } from '@silk/schema/signup-view';
import type { StoredWaveTarget, WavePreview } from '@silk/schema/invites';
import { FieldPath, type DocumentData, type Firestore, type Query } from 'firebase-admin/firestore';
import { buildRef, rankSpace, readSettings } from '../ranking/rank-store';
import { FIRST_SIGNUP_FIELD } from '../shared/first-signup';
import { suppressionRef } from '../suppression/suppression-list';

const PAGE = 500;
/** Addresses a preview lists. */
export const PREVIEW_ADDRESSES = 10;

export interface Candidate {
  signup: DocumentData | undefined;
  subscriber: DocumentData | undefined;
  /** Its mailbox on the suppression list: no mail goes to the address, so no invitation either. */
  suppressed?: boolean;
}

/** May this person be invited now? */
export function isInvitable(
  { signup, subscriber, suppressed }: Candidate,
  includeUnconfirmed: boolean,
): boolean {
  if (!signup || !subscriber || suppressed) return false;
  const status = signup.inviteStatus as unknown;
  if (status !== undefined && status !== 'waiting') return false;
  if (!includeUnconfirmed && signup.confirmedAt === undefined) return false;
  return typeof subscriber.subscriberId === 'string' && subscriber.unsubscribedAt === undefined;
}

/** The signups, subscriber entries and suppression entries of `emails`, read together. */
export async function readCandidates(db: Firestore, emails: readonly string[]): Promise<Candidate[]> {
  if (emails.length === 0) return [];
  const refs = emails.flatMap((email) => [
    db.collection(COLLECTIONS.waitlistSignups).doc(email),
    db.collection(COLLECTIONS.subscribers).doc(email),
    suppressionRef(db, email),
  ]);
  const snapshots = await db.getAll(...refs);
  return emails.map((_, index) => ({
    signup: snapshots[3 * index]?.data(),
    subscriber: snapshots[3 * index + 1]?.data(),
    suppressed: snapshots[3 * index + 2]?.exists === true,
  }));
}

/** Addresses in line order, page by page: the live ranking index's, or first signup time without one. */
async function* lineOrder(db: Firestore): AsyncGenerator<string[]> {
  const space = rankSpace(db);
  const settings = readSettings((await space.settings.get()).data());
  const entries = buildRef(db, space, settings.version).collection('rank_entries');
  const indexed = !(await entries.limit(1).get()).empty;
  let query: Query = indexed
    ? entries.orderBy('sort').select('sort')
    : db
        .collection(COLLECTIONS.waitlistSignups)
        .orderBy(FIRST_SIGNUP_FIELD)
        .orderBy(FieldPath.documentId())
        .select(FIRST_SIGNUP_FIELD);
  for (;;) {
    const page = await query.limit(PAGE).get();
    // A deleted signup's marker ({gone: true}) has no sort key, so the index query leaves it out.
    if (page.size > 0) yield page.docs.map((doc) => doc.id);
    if (page.size < PAGE) return;
    query = query.startAfter(page.docs[page.size - 1]);
  }
}

/** Everyone the wave would invite, in order (for `next`, at most `count`). */
export async function selectWave(
  db: Firestore,
  target: StoredWaveTarget,
  includeUnconfirmed: boolean,
): Promise<string[]> {
  if (target.kind === 'reward') {
    const [candidate] = await readCandidates(db, [target.email]);
    return candidate && isInvitable(candidate, includeUnconfirmed) ? [target.email] : [];
  }
  if (target.kind === 'next') {
    const chosen: string[] = [];
    for await (const emails of lineOrder(db)) {
      const candidates = await readCandidates(db, emails);
      for (const [index, email] of emails.entries()) {
        if (candidates[index] && isInvitable(candidates[index], includeUnconfirmed)) chosen.push(email);
        if (chosen.length === target.count) return chosen;
      }
    }
    return chosen;
  }
  const view = parseSignupView(new URLSearchParams(target.query));
  const matches = signupMatcher(view);
  const rows: Array<DocumentData & { email: string }> = [];
  const fields = [...new Set([...SIGNUP_VIEW_FIELDS, 'inviteStatus'])];
  const stream = db
    .collection(COLLECTIONS.waitlistSignups)
    .orderBy('timestamp', 'desc')
    .select(...fields)
    .stream();
  for await (const doc of stream as AsyncIterable<FirebaseFirestore.QueryDocumentSnapshot>) {
    const row = { ...doc.data(), email: doc.id };
    if (matches(row)) rows.push(row);
  }
  const ordered = normalizeSort(view.sort) ? sortSignups(rows, view.sort) : rows;
  const chosen: string[] = [];
  for (let start = 0; start < ordered.length; start += PAGE) {
    const emails = ordered.slice(start, start + PAGE).map((row) => row.email);
    const candidates = await readCandidates(db, emails);
    for (const [index, email] of emails.entries()) {
      if (candidates[index] && isInvitable(candidates[index], includeUnconfirmed)) chosen.push(email);
    }
  }
  return chosen;
}

export function previewOf(target: StoredWaveTarget, chosen: readonly string[]): WavePreview {
  return {
    count: chosen.length,
    first: chosen.slice(0, PREVIEW_ADDRESSES),
    fewerThanAsked: target.kind === 'next' && chosen.length < target.count,
  };
}
