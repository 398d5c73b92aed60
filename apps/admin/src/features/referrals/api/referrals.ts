// The Referrals tab's reads (live, from Firestore: staff may read them; only server code writes them)
// and an Admin's two calls: a decision on a withheld referral, and the ranking rule.
import { callApi } from '@silk/data-access/api-client';
import { listenToRankingSettings, listenToWithheldReferrals } from '@silk/data-access/referrals';
import { staffClient } from '@silk/data-access/staff-client';
import type { RankingRule } from '@silk/schema/referrals';
import type { ReviewReferralRequest } from '@silk/schema/referral-api';
import { liveRead } from '@/lib/live-read';
import { adminServices } from '@/lib/services';

export type ReviewDecision = ReviewReferralRequest['decision'];

/** The withheld referrals, oldest first; returns the unsubscribe function. */
export const watchReviewQueue = liveRead(listenToWithheldReferrals);

/** settings/ranking (the rule, a re-rank's progress); returns the unsubscribe function. */
export const watchRanking = liveRead(listenToRankingSettings);

/** Grants or rejects a withheld referral; resolves the server's message. */
export async function reviewReferral(referred: string, decision: ReviewDecision): Promise<string> {
  const answer = await callApi(await staffClient(adminServices()), 'reviewReferral', { referred, decision });
  return answer.message;
}

/** Sets the ranking rule (the server starts the re-rank); resolves the server's message. */
export async function setRankingRule(rule: RankingRule): Promise<string> {
  const answer = await callApi(await staffClient(adminServices()), 'setRankingRule', { rule });
  return answer.message;
}
