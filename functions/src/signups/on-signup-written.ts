// waitlist_signups/{id} written (by a browser, our functions, the console or any script) → the panel's
// feeds (signup-feeds.ts): the total, the recent copy, the tombstone, and `updatedAt` stamped on a signup
// written without it. Retried by the platform, so a transient failure does not leave an open panel showing
// a deleted signup; a +1 or -1 counted twice is corrected by the scheduled reconciliation.
import { COLLECTIONS } from '@silk/schema/constants';
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { adminServices } from '../shared/admin';
import { triggerDocumentId } from '../shared/trigger-document-id';
import { recordSignupDeletion, recordSignupWrite } from './signup-feeds';

export const onSignupWritten = onDocumentWritten({ document: `${COLLECTIONS.waitlistSignups}/{id}`, retry: true }, async (event) => {
  const change = event.data;
  if (!change) return;
  const { db } = adminServices();
  const id = triggerDocumentId(event.params.id);
  if (!change.after.exists) return recordSignupDeletion(db, id);
  return recordSignupWrite(db, id, change.after.data() ?? {}, !change.before.exists);
});
