// waitlist_signups/{id} written (by a browser, our functions, the console or any script) → the panel's
// feeds (signup-feeds.ts): the total, the recent copy, the tombstone, and `updatedAt` stamped on a signup
// written without it; a new signup's subscriber id and first signup time (signup-subscriber-id.ts) and its
// signup.created; the first signup time of any other signup without one (first-signup-stamp.ts); its place
// in the ranking's index when its first signup time or confirmed referrals changed (ranking/sync-entry.ts);
// and a plain edit key from before keys were hashed replaced by its hash (edit-key-hash.ts). Retried by
// the platform, so a transient failure does not leave an open panel showing
// a deleted signup; a +1 or -1 counted twice is corrected by the scheduled reconciliation.
import { COLLECTIONS } from '@silk/schema/constants';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { isDeepStrictEqual } from 'node:util';
import { signupCreatedEvent } from '../events/signup-events';
import { emitEvent } from '../events/emit';
import { rankSpace } from '../ranking/rank-store';
import { syncRankEntry } from '../ranking/sync-entry';
import { adminServices } from '../shared/admin';
import { triggerDocumentId } from '../shared/trigger-document-id';
import { FIRST_SIGNUP_FIELD, hasFirstSignup } from '../shared/first-signup';
import { hashPlainEditKey, holdsPlainEditKey } from './edit-key-hash';
import { stampFirstSignup } from './first-signup-stamp';
import { recordSignupDeletion, recordSignupWrite } from './signup-feeds';
import { assignSubscriberId } from './signup-subscriber-id';

export const onSignupWritten = onDocumentWritten({ document: `${COLLECTIONS.waitlistSignups}/{id}`, retry: true }, async (event) => {
  const change = event.data;
  if (!change) return;
  const { db } = adminServices();
  const id = triggerDocumentId(event.params.id);
  const ranked = rankedFieldsChanged(change.before, change.after) ? syncRankEntry(db, rankSpace(db), id) : undefined;
  const feeds = change.after.exists ? recordSignupWrite(db, id, change.after.data() ?? {}, !change.before.exists) : recordSignupDeletion(db, id);
  const isNew = !change.before.exists && change.after.exists;
  // A new signup's id and first signup time are given in one write, whose own event places it.
  const created = isNew ? announceSignup(db, id, change.after) : undefined;
  const stamped = !isNew && change.after.exists && !hasFirstSignup(change.after) ? stampFirstSignup(db, id) : undefined;
  const keyHashed = holdsPlainEditKey(change.after.data()) ? hashPlainEditKey(db, id) : undefined;
  await Promise.all([feeds, ranked, created, stamped, keyHashed]);
});

/** signup.created, with the subscriber id the signup is given; nothing when the signup is gone already. */
async function announceSignup(db: Firestore, id: string, signup: DocumentSnapshot): Promise<void> {
  const subscriberId = await assignSubscriberId(db, id);
  if (subscriberId !== null) await emitEvent(db, signupCreatedEvent(id, signup, subscriberId));
}

/** Created, deleted, or a field the ranking follows changed (any other write, a repeat signup's too, leaves its place alone). */
function rankedFieldsChanged(before: DocumentSnapshot, after: DocumentSnapshot): boolean {
  if (before.exists !== after.exists) return true;
  return [FIRST_SIGNUP_FIELD, 'confirmedReferrals'].some((field) => !isDeepStrictEqual(before.get(field), after.get(field)));
}
