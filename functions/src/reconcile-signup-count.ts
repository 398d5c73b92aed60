// Every 6 hours: the signup total's shards are set to the count() aggregation (lib/signup-count.ts).
// The Functions emulator runs no schedules: tests and the admin benchmark call reconcileSignupCount.
import { logger } from 'firebase-functions';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { adminServices } from './lib/admin';
import { reconcileSignupCount as reconcile } from './lib/signup-count';

export const reconcileSignupCount = onSchedule({ schedule: 'every 6 hours', retryCount: 0 }, async () => {
  const correction = await reconcile(adminServices().db);
  if (correction !== 0) logger.warn('reconcileSignupCount: the total was off', { correction });
});
