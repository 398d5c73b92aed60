// Referral credit an Admin reviews.
import type { ReviewReferralRequest, ReviewReferralResponse } from '../referral-api';
import { MANAGE_TEAM_LIMITS, adminOnly, defineRoutes, route } from './route';

export const REFERRAL_ROUTES = defineRoutes('referrals', {
  /** An Admin grants or rejects withheld referral credit. */
  reviewReferral: route<ReviewReferralRequest, ReviewReferralResponse>()({
    path: '/api/referrals/review',
    hosting: 'admin',
    access: adminOnly('manageReferrals'),
    rateLimits: MANAGE_TEAM_LIMITS,
    audit: ['referral.granted', 'referral.rejected'],
    secrets: ['MAIL_TOKEN_SECRET'],
  }),
});
