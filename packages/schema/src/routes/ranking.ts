// The ranking rule of the line.
import type { SetRankingRuleRequest, SetRankingRuleResponse } from '../referral-api';
import { adminTool, defineRoutes, route } from './route';

export const RANKING_ROUTES = defineRoutes('ranking', {
  /** An Admin chooses the ranking rule; everyone is re-ranked. */
  setRankingRule: route<SetRankingRuleRequest, SetRankingRuleResponse>()({
    path: '/api/ranking',
    ...adminTool('manageReferrals'),
    audit: ['ranking.changed'],
  }),
});
