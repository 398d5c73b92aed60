// Every 6 hours: signups without `updatedAt` are stamped, plain edit keys replaced by their hashes
// (edit-key-hash.ts), the signup total is set to count() and the recent copies are rewritten
// (signup-count.ts, signup-feeds.ts), signups without a first signup time get one
// (first-signup-stamp.ts), and the ranking's index is rebuilt when it does not count every signup
// (ranking/repair.ts), repairing what a failed or repeated trigger left.
// The Functions emulator fires no schedules: the stack's clock does in `pnpm dev` and the e2e layer
// (@silk/stack/schedule-clock); the emulator tests and the admin benchmark call the same code.
import { logger } from 'firebase-functions/logger';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { rankSpace } from '../ranking/rank-store';
import { repairRanking } from '../ranking/repair';
import { adminServices } from '../shared/admin';
import { stampMissingFirstSignups } from './first-signup-stamp';
import { hashPlainEditKeys } from './edit-key-hash';
import { foldSignupCountWhenDue, reconcileSignupCount } from './signup-count';
import { refreshRecentSignups, stampMissingUpdatedAt } from './signup-feeds';

export const maintainSignupFeeds = onSchedule({ schedule: 'every 6 hours', retryCount: 0 }, async () => {
  const { db } = adminServices();
  const stamped = await stampMissingUpdatedAt(db);
  if (stamped > 0) logger.warn('maintainSignupFeeds: signups without updatedAt were stamped', { stamped });
  const hashed = await hashPlainEditKeys(db);
  if (hashed > 0) logger.info('maintainSignupFeeds: plain edit keys replaced by their hashes', { hashed });
  const correction = await reconcileSignupCount(db);
  if (correction !== 0) logger.warn('maintainSignupFeeds: the total was off', { correction });
  await foldSignupCountWhenDue(db);
  await refreshRecentSignups(db);
  const placed = await stampMissingFirstSignups(db);
  if (placed > 0)
    logger.warn('maintainSignupFeeds: signups without a first signup time were stamped', { placed });
  const rerank = await repairRanking(db, rankSpace(db));
  if (rerank !== null)
    logger.warn('maintainSignupFeeds: the ranking did not count every signup; re-ranking', {
      version: rerank,
    });
});
