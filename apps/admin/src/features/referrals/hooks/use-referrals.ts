import { RANKING_LOAD_FAILED, REFERRALS_LOAD_FAILED, REWARDS_LOAD_FAILED } from '@silk/schema/messages';
import type { RankingSettings, ReferralRecord } from '@silk/schema/referrals';
import type { RewardEntry, RewardTier } from '@silk/schema/rewards';
import {
  watchRanking,
  watchReviewQueue,
  watchRewardQueue,
  watchRewardTiers,
} from '@/features/referrals/api/referrals';
import { useLive, type Live } from '@/lib/use-live';

/** The withheld referrals, followed live while the tab is open. */
export function useReviewQueue(): Live<ReferralRecord[]> {
  return useLive(watchReviewQueue, REFERRALS_LOAD_FAILED);
}

/** The ranking rule in force and a re-rank's progress, followed live while the tab is open. */
export function useRankingSettings(): Live<RankingSettings> {
  return useLive(watchRanking, RANKING_LOAD_FAILED);
}

/** The reward tiers, followed live while the tab is open. */
export function useRewardTiers(): Live<RewardTier[]> {
  return useLive(watchRewardTiers, REWARDS_LOAD_FAILED);
}

/** The reward fulfilment queue (each entry with its document id), followed live while the tab is open. */
export function useRewardQueue(): Live<(RewardEntry & { id: string })[]> {
  return useLive(watchRewardQueue, REWARDS_LOAD_FAILED);
}
