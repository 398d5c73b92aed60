// Every minute: webhook deliveries whose retry is due, and attempts that never finished, go back to
// RETRY (shared/queue-redrive.ts, the mail queue's redrive), which makes their next attempt. The Functions
// emulator fires no schedules: the stack's clock does in `pnpm dev` and the e2e layer; the emulator tests
// call redriveWebhookDeliveries themselves.
import { COLLECTIONS } from '@silk/schema/constants';
import type { Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions/logger';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { adminServices } from '../shared/admin';
import { redriveQueue } from '../shared/queue-redrive';

export function redriveWebhookDeliveries(db: Firestore, now = Date.now()): Promise<number> {
  return redriveQueue(db, COLLECTIONS.webhookDeliveries, now);
}

export const redriveWebhooks = onSchedule({ schedule: 'every 1 minutes', retryCount: 0 }, async () => {
  const count = await redriveWebhookDeliveries(adminServices().db);
  if (count > 0) logger.info('redriveWebhooks: deliveries set to RETRY', { count });
});
