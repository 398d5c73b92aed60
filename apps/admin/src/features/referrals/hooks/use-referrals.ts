import { RANKING_LOAD_FAILED, REFERRALS_LOAD_FAILED } from '@silk/schema/messages';
import type { RankingSettings, ReferralRecord } from '@silk/schema/referrals';
import { useEffect, useState } from 'react';
import { watchRanking, watchReviewQueue } from '@/features/referrals/api/referrals';

interface Live<T> {
  /** null until the first snapshot has arrived. */
  value: T | null;
  error: string;
}

function useLive<T>(
  watch: (onValue: (value: T) => void, onError: (error: Error) => void) => () => void,
  failed: string,
): Live<T> {
  const [value, setValue] = useState<T | null>(null);
  const [error, setError] = useState('');
  useEffect(
    () =>
      watch(
        (next) => {
          setValue(() => next);
          setError('');
        },
        (caught) => {
          console.error(failed, caught);
          setError(failed);
        },
      ),
    [watch, failed],
  );
  return { value, error };
}

/** The withheld referrals, followed live while the tab is open. */
export function useReviewQueue(): Live<ReferralRecord[]> {
  return useLive(watchReviewQueue, REFERRALS_LOAD_FAILED);
}

/** The ranking rule in force and a re-rank's progress, followed live while the tab is open. */
export function useRankingSettings(): Live<RankingSettings> {
  return useLive(watchRanking, RANKING_LOAD_FAILED);
}
