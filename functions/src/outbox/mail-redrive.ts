// The redrive of the mail queue (run on a schedule, shared/queue-redrive.ts): a mail whose failed delivery is
// due for another run (or whose send slot is near, send-slots.ts), or whose run never finished, is set to
// RETRY, which starts a delivery run (delivery.ts). Mail queued while SMTP was down is thereby delivered
// once it is back.
import { COLLECTIONS } from '@silk/schema/constants';
import type { Firestore } from 'firebase-admin/firestore';
import { redriveQueue } from '../shared/queue-redrive';

/** Sets every due mail to RETRY (page after page: a wave's deferred invitations come due by the hundred); returns how many. */
export function redriveMail(db: Firestore, now = Date.now()): Promise<number> {
  return redriveQueue(db, COLLECTIONS.mail, now);
}
