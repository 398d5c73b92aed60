// The ranking rule of the line.
import type { SetRankingRuleRequest, SetRankingRuleResponse } from '../referral-api';
import { MANAGE_TEAM_LIMITS, adminOnly, defineRoutes, route } from './route';

export const RANKING_ROUTES = defineRoutes('ranking', {
  /** An Admin chooses the ranking rule; everyone is re-ranked. */
  setRankingRule: route<SetRankingRuleRequest, SetRankingRuleResponse>()({
    path: '/api/ranking',
    hosting: 'admin',
    access: adminOnly('manageReferrals'),
    rateLimits: MANAGE_TEAM_LIMITS,
    audit: ['ranking.changed'],
  }),
});
