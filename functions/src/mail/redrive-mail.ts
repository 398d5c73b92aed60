// Every 5 minutes: failed deliveries that are due, and runs that never finished, go back to RETRY
// (mail/redrive.ts), so mail queued while SMTP was down goes out once it is back. The Functions emulator
// runs no schedules: the emulator tests call redriveMail themselves.
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { logger } from 'firebase-functions/logger';
import { adminServices } from '../shared/admin';
import { redriveMail as redrive } from './redrive';

export const redriveMail = onSchedule({ schedule: 'every 5 minutes', retryCount: 0 }, async () => {
  const count = await redrive(adminServices().db);
  if (count > 0) logger.info('redriveMail: mail set to RETRY', { count });
});
