// A re-rank from signup time to "skip 5 places per confirmed referral" (index version 1 to 2), as
// settings/ranking holds it while it runs and once it is done: the referrals tab's DOM and e2e tests
// deliver these.
import type { RankingRule, RankingSettings } from './referrals';

export const SKIP_FIVE_PLACES: RankingRule = { kind: 'skip', places: 5 };

/** The re-rank has placed `done` of `total` signups; signup time is still in force. */
export function rerankRunning(done: number, total: number, startedAt: number): RankingSettings {
  return {
    rule: { kind: 'signup-time' },
    version: 1,
    rerank: { rule: SKIP_FIVE_PLACES, version: 2, state: 'running', done, total, startedAt },
  };
}

/** The re-rank of `total` signups is done: its rule is in force. */
export function rerankDone(total: number): RankingSettings {
  return {
    rule: SKIP_FIVE_PLACES,
    version: 2,
    rerank: {
      rule: SKIP_FIVE_PLACES,
      version: 2,
      state: 'done',
      done: total,
      total,
      startedAt: 1,
      finishedAt: 2,
    },
  };
}
