// Every minute: the ranking's changes nobody folded yet (fold.ts) — the last ones of a burst, whose
// writers found the fold's turn not yet come — are folded. Places are exact before that (position.ts
// adds what is not folded); the fold keeps the number of such changes a status view reads small.
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { adminServices } from '../shared/admin';
import { settleAll } from './fold';
import { rankSpace } from './rank-store';

export const foldRankingChanges = onSchedule({ schedule: 'every 1 minutes', retryCount: 0 }, async () => {
  const { db } = adminServices();
  await settleAll(db, rankSpace(db));
});
