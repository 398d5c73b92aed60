// Referral credit an Admin reviews.
import type { ReviewReferralRequest, ReviewReferralResponse } from '../referral-api';
import type {
  RewardFulfilRequest,
  RewardFulfilResponse,
  RewardTiersSaveRequest,
  RewardTiersSaveResponse,
} from '../reward-api';
import { adminTool, defineRoutes, route } from './route';

export const REFERRAL_ROUTES = defineRoutes('referrals', {
  /** An Admin grants or rejects withheld referral credit. */
  reviewReferral: route<ReviewReferralRequest, ReviewReferralResponse>()({
    path: '/api/referrals/review',
    ...adminTool('manageReferrals'),
    audit: ['referral.granted', 'referral.rejected', 'reward.revoked'],
    secrets: ['MAIL_TOKEN_SECRET'],
  }),
  /** An Admin replaces the reward tiers. */
  rewardTiersSave: route<RewardTiersSaveRequest, RewardTiersSaveResponse>()({
    path: '/api/rewards/tiers',
    ...adminTool('manageRewards'),
    audit: ['reward.tiers.changed'],
  }),
  /** An Admin marks a reward of the fulfilment queue fulfilled. */
  rewardFulfil: route<RewardFulfilRequest, RewardFulfilResponse>()({
    path: '/api/rewards/fulfil',
    ...adminTool('manageRewards'),
    audit: ['reward.fulfilled'],
  }),
});
