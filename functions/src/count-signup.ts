// waitlist_signups/{id} created → +1 on the signup total (lib/signup-count.ts); its deletion's -1 is
// written with the tombstone (record-signup-deletion.ts). No platform retry: a retried +1 could count
// twice, and the scheduled reconciliation corrects a missed one.
import { COLLECTIONS } from '@silk/schema/constants';
import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import { adminServices } from './lib/admin';
import { adjustSignupCount } from './lib/signup-count';

export const countSignup = onDocumentCreated({ document: `${COLLECTIONS.waitlistSignups}/{id}`, retry: false }, async () =>
  adjustSignupCount(adminServices().db, 1),
);
