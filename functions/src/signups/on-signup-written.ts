// waitlist_signups/{id} written (by a browser, our functions, the console or any script) → the panel's
// feeds (signup-feeds.ts): the total, the recent copy, the tombstone, and `updatedAt` stamped on a signup
// written without it; in one transaction what server code stamps on a signup (server-stamps.ts: its first
// signup time, a new signup's subscriber id, a plain edit key's hash) and then a new signup's
// signup.created; its place in the ranking's index when its first signup time or confirmed referrals
// changed (ranking/sync-entry.ts); the reward tiers its credited referrals reach when they changed
// (subscribers/reward-grant.ts). Retried by the platform, so a transient failure does not leave an open
// panel showing
// a deleted signup; a +1 or -1 counted twice is corrected by the scheduled reconciliation.
import { COLLECTIONS } from '@silk/schema/constants';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { isDeepStrictEqual } from 'node:util';
import { signupCreatedEvent } from '../events/signup-events';
import { emitEvent } from '../events/emit';
import { rankSpace } from '../ranking/rank-store';
import { syncRankEntry } from '../ranking/sync-entry';
import { grantRewards } from '../subscribers/reward-grant';
import { adminServices } from '../shared/admin';
import { mailTokenSecret } from '../shared/secrets';
import { triggerDocumentId } from '../shared/trigger-document-id';
import { FIRST_SIGNUP_FIELD, hasFirstSignup } from '../shared/first-signup';
import { holdsPlainEditKey } from './edit-key-hash';
import { stampSignup } from './server-stamps';
import { recordSignupDeletion, recordSignupWrite } from './signup-feeds';

export const onSignupWritten = onDocumentWritten(
  { document: `${COLLECTIONS.waitlistSignups}/{id}`, retry: true, secrets: [mailTokenSecret] },
  async (event) => {
    const change = event.data;
    if (!change) return;
    const { db } = adminServices();
    const id = triggerDocumentId(event.params.id);
    const isNew = !change.before.exists && change.after.exists;
    const lacksStamp =
      change.after.exists && (!hasFirstSignup(change.after) || holdsPlainEditKey(change.after.data()));
    // First the one write that stamps what the signup lacks (its own event then places it), and a new one's
    // signup.created; then the feeds and the ranking, whose transactions read the same signup: run side by
    // side with the stamp, they waited on its lock, and a run that timed out there stamped nothing.
    if (isNew) await announceSignup(db, id, change.after);
    else if (lacksStamp) await stampSignup(db, id, { giveSubscriberId: false });
    const ranked = rankedFieldsChanged(change.before, change.after)
      ? syncRankEntry(db, rankSpace(db), id)
      : undefined;
    const feeds = change.after.exists
      ? recordSignupWrite(db, id, change.after.data() ?? {}, !change.before.exists)
      : recordSignupDeletion(db, id);
    const rewarded = creditChanged(change.before, change.after) ? grantRewards(db, id) : undefined;
    await Promise.all([feeds, ranked, rewarded]);
  },
);

/** signup.created, with the subscriber id the signup is given; nothing when the signup is gone already. */
async function announceSignup(db: Firestore, id: string, signup: DocumentSnapshot): Promise<void> {
  const stamped = await stampSignup(db, id, { giveSubscriberId: true });
  if (stamped?.subscriberId) await emitEvent(db, signupCreatedEvent(id, signup, stamped.subscriberId));
}

/** Its credited referrals changed (a signup that is gone has no rewards to give). */
function creditChanged(before: DocumentSnapshot, after: DocumentSnapshot): boolean {
  return (
    after.exists && !isDeepStrictEqual(before.get('confirmedReferrals'), after.get('confirmedReferrals'))
  );
}

/** Created, deleted, or a field the ranking follows changed (any other write, a repeat signup's too, leaves its place alone). */
function rankedFieldsChanged(before: DocumentSnapshot, after: DocumentSnapshot): boolean {
  if (before.exists !== after.exists) return true;
  return [FIRST_SIGNUP_FIELD, 'confirmedReferrals'].some(
    (field) => !isDeepStrictEqual(before.get(field), after.get(field)),
  );
}
