import { RANKING_LOAD_FAILED, REFERRALS_LOAD_FAILED } from '@silk/schema/messages';
import type { RankingSettings, ReferralRecord } from '@silk/schema/referrals';
import { watchRanking, watchReviewQueue } from '@/features/referrals/api/referrals';
import { useLive, type Live } from '@/lib/use-live';

/** The withheld referrals, followed live while the tab is open. */
export function useReviewQueue(): Live<ReferralRecord[]> {
  return useLive(watchReviewQueue, REFERRALS_LOAD_FAILED);
}

/** The ranking rule in force and a re-rank's progress, followed live while the tab is open. */
export function useRankingSettings(): Live<RankingSettings> {
  return useLive(watchRanking, RANKING_LOAD_FAILED);
}
