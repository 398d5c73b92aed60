// Request and response shapes of the referral routes (server side parses with the zod schemas; the apps
// import the types only).
import * as z from 'zod';
import { signupEmailField } from './email-field';
import { REFERRAL_REQUEST_INVALID } from './messages';
import { MAX_SKIP_PLACES, type RankingRule, type ReferralStatus } from './referrals';

/** A fresh status link, asked for by address (answered the same whether or not it is on the list). */
export const statusLinkRequestSchema = z.object({ email: signupEmailField });
export type StatusLinkRequest = z.input<typeof statusLinkRequestSchema>;

export const reviewReferralRequestSchema = z.object({
  referred: signupEmailField,
  decision: z.enum(['grant', 'reject'], { error: REFERRAL_REQUEST_INVALID }),
});
export type ReviewReferralRequest = z.input<typeof reviewReferralRequestSchema>;
export interface ReviewReferralResponse {
  ok: true;
  status: ReferralStatus;
  message: string;
}

export const rankingRuleSchema: z.ZodType<RankingRule> = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('signup-time') }),
    z.object({ kind: z.literal('skip'), places: z.number().int().min(1).max(MAX_SKIP_PLACES) }),
    z.object({ kind: z.literal('referrals') }),
  ],
  { error: REFERRAL_REQUEST_INVALID },
);
export const setRankingRuleRequestSchema = z.object({ rule: rankingRuleSchema });
export type SetRankingRuleRequest = z.input<typeof setRankingRuleRequestSchema>;
export interface SetRankingRuleResponse {
  ok: true;
  /** The index version the re-rank builds. */
  version: number;
  message: string;
}
