// The Referrals tab's reads (live, from Firestore: staff may read them; only server code writes them)
// and an Admin's calls: a decision on a withheld referral, the ranking rule, the reward tiers and a
// reward marked fulfilled.
import { callApi } from '@silk/data-access/api-client';
import { listenToRankingSettings, listenToWithheldReferrals } from '@silk/data-access/referrals';
import { listenToRewardQueue, listenToRewardTiers } from '@silk/data-access/rewards';
import { staffClient } from '@silk/data-access/staff-client';
import type { RankingRule } from '@silk/schema/referrals';
import type { ReviewReferralRequest } from '@silk/schema/referral-api';
import type { RewardTier } from '@silk/schema/rewards';
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

/** settings/rewards: the reward tiers, fewest referrals first; returns the unsubscribe function. */
export const watchRewardTiers = liveRead(listenToRewardTiers);

/** The reward fulfilment queue, newest first; returns the unsubscribe function. */
export const watchRewardQueue = liveRead(listenToRewardQueue);

/** Replaces the reward tiers; resolves the server's message. */
export async function saveRewardTiers(tiers: RewardTier[]): Promise<string> {
  const answer = await callApi(await staffClient(adminServices()), 'rewardTiersSave', { tiers });
  return answer.message;
}

/** Marks a queue entry fulfilled (the server records who and when); resolves the server's message. */
export async function fulfilReward(id: string): Promise<string> {
  const answer = await callApi(await staffClient(adminServices()), 'rewardFulfil', { id });
  return answer.message;
}
