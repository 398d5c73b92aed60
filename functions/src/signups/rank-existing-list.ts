// Every minute: a list that has no index yet — the first deploy of the ranking onto existing signups,
// or an index lost — is given one without anyone acting: signups without a first signup time are
// stamped and the rule in force is re-ranked (ranking/repair.ts), so that every status page shows a
// place within minutes, not at the 6-hourly maintenance (maintain-signup-feeds.ts) or a rule change.
// The re-rank starts right after the stamp, without the repair's two readings: the stamp's own trigger
// runs put those signups in the live index meanwhile, which would read as an index in place, and the
// rest of the list (already stamped) would wait for the 6-hourly repair.
// The check reads six documents (docs/decisions.md); the stamp and re-rank run only when it finds one.
import { logger } from 'firebase-functions/logger';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { rankSpace } from '../ranking/rank-store';
import { listWithoutIndex, rerankRuleInForce } from '../ranking/repair';
import { adminServices } from '../shared/admin';
import { stampMissingFirstSignups } from './first-signup-stamp';

export const rankExistingList = onSchedule({ schedule: 'every 1 minutes', retryCount: 0 }, async () => {
  const { db } = adminServices();
  const space = rankSpace(db);
  if (!(await listWithoutIndex(db, space))) return;
  const placed = await stampMissingFirstSignups(db);
  if (placed > 0)
    logger.info('rankExistingList: signups without a first signup time were stamped', { placed });
  const version = await rerankRuleInForce(db, space);
  logger.warn('rankExistingList: the list had no index; ranking it', { version });
});
