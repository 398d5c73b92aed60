// Every minute (mail waiting for its send slot is woken in time for it, send-slots.ts): failed deliveries that are due, and runs that never finished, go back to RETRY
// (outbox/mail-redrive.ts), so mail queued while SMTP was down goes out once it is back; and confirmations
// waiting for the hourly ceiling enter the queue as far as the window allows (mail-waiting.ts). The
// Functions emulator fires no schedules: the stack's clock does in `pnpm dev` and the e2e layer; the
// emulator tests call redriveMail and releaseWaitingMails themselves.
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { logger } from 'firebase-functions/logger';
import { adminServices } from '../shared/admin';
import { readCeilings } from '../shared/config';
import { releaseWaitingMails } from './mail-waiting';
import { redriveMail as redrive } from './mail-redrive';

export const redriveMail = onSchedule({ schedule: 'every 1 minutes', retryCount: 0 }, async () => {
  const { db } = adminServices();
  const count = await redrive(db);
  if (count > 0) logger.info('redriveMail: mail set to RETRY', { count });
  const released = await releaseWaitingMails(db, readCeilings());
  if (released > 0) logger.info('redriveMail: waiting confirmations released', { released });
});
