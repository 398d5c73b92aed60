// Referral credit an Admin reviews.
import type { ReviewReferralRequest, ReviewReferralResponse } from '../referral-api';
import { adminTool, defineRoutes, route } from './route';

export const REFERRAL_ROUTES = defineRoutes('referrals', {
  /** An Admin grants or rejects withheld referral credit. */
  reviewReferral: route<ReviewReferralRequest, ReviewReferralResponse>()({
    path: '/api/referrals/review',
    ...adminTool('manageReferrals'),
    audit: ['referral.granted', 'referral.rejected'],
    secrets: ['MAIL_TOKEN_SECRET'],
  }),
});
