// erased_mailboxes/{keyed hash of the mailbox}: the mailboxes whose owners asked for erasure, remembered
// without the address (keyedHash under the server secret, purpose `erased-mailbox`), so an import of an
// old file does not bring them back (imports/import-store.ts skips and counts them). A signup on the site
// is a new consent and is not checked against it.
import { COLLECTIONS } from '@silk/schema/constants';
import { mailboxKey } from '@silk/schema/mailbox';
import type { DocumentReference, Firestore } from 'firebase-admin/firestore';
import { keyedHash } from '../shared/keyed-hash';

export function erasedMailboxRef(db: Firestore, secret: string, email: string): DocumentReference {
  return db
    .collection(COLLECTIONS.erasedMailboxes)
    .doc(keyedHash(secret, 'erased-mailbox', mailboxKey(email)));
}

/** What an entry holds: when the mailbox was last erased (milliseconds since the epoch). */
export interface ErasedMailbox {
  erasedAt: number;
}
