// POST /api/ranking (setRankingRule, admin host) {rule}, Bearer ID token: an Admin chooses how the line is
// ordered; the next index version is built in the background (rerank.ts, chained by on-rank-build-written.ts)
// while places keep coming from the live one. Audited as ranking.changed.
//   200 {ok, version, message} · 400 · 401 · 403 not a ready Admin · 429
import { describeRankingRule } from '@silk/schema/referrals';
import { rankingRuleSet } from '@silk/schema/messages';
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { rankSpace } from './rank-store';
import { startRerank } from './rerank';

export function makeSetRankingRuleHandler(deps: Partial<EndpointDeps> = {}) {
  return endpoint(
    'setRankingRule',
    async ({ services: { db }, body: { rule }, caller, audit }) => {
      const version = await startRerank(db, rankSpace(db), rule, caller.email);
      await audit({ action: 'ranking.changed', target: 'settings/ranking', details: { rule, version } });
      return { ok: true, version, message: rankingRuleSet(describeRankingRule(rule)) };
    },
    deps,
  );
}
