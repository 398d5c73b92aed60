import type { WaitlistSignupRow } from '@silk/data-access/signups';
import { LOADING_DATA } from '@silk/schema/messages';
import { canManageTeam, type Role } from '@silk/schema/roles';
import { FormMessage } from '@silk/ui/form-message';
import { Caption } from '@/components/caption';
import { useRankingSettings, useReviewQueue } from '@/features/referrals/hooks/use-referrals';
import { referralStats } from '@/lib/referral-stats';
import { Leaderboard } from './leaderboard';
import { RankingRuleSection } from './ranking-rule';
import { ReviewQueue } from './review-queue';
import './referrals.css';

interface ReferralsTabProps {
  /** null while the live subscription has not delivered yet. */
  signups: WaitlistSignupRow[] | null;
  /** Admins review withheld referrals and choose the ranking rule. */
  roles?: readonly Role[];
}

/**
 * Referrals (every member): the top referrers from the signups, the live queue of referrals a fraud
 * rule withheld, and the ranking rule in force with a re-rank's progress. Admins grant or reject a
 * withheld referral and choose the rule.
 */
export function ReferralsTab({ signups, roles = [] }: ReferralsTabProps) {
  const isAdmin = canManageTeam(roles);
  const queue = useReviewQueue();
  const ranking = useRankingSettings();
  const top = signups ? referralStats(signups).top : null;

  return (
    <section className="tab referrals" aria-labelledby="referrals-heading">
      <h2 id="referrals-heading" className="tab__title">
        Referrals
      </h2>

      <section className="referrals__section" aria-labelledby="referrals-top">
        <h3 id="referrals-top" className="referrals__heading">
          Top referrers
        </h3>
        {top === null ? (
          <p className="table-state" role="status">
            {LOADING_DATA}
          </p>
        ) : (
          <Leaderboard top={top} label="Leaderboard of top referrers" />
        )}
      </section>

      <section className="referrals__section" aria-labelledby="referrals-review">
        <h3 id="referrals-review" className="referrals__heading">
          Waiting for review
        </h3>
        <Caption>
          Credit a fraud rule withheld. {isAdmin ? 'Grant it or reject it.' : 'Admins grant or reject it.'}
        </Caption>
        <FormMessage tone="error">{queue.error}</FormMessage>
        {queue.value === null && !queue.error ? (
          <p className="table-state" role="status">
            {LOADING_DATA}
          </p>
        ) : null}
        <ReviewQueue records={queue.value} canReview={isAdmin} />
      </section>

      <section className="referrals__section" aria-labelledby="referrals-ranking">
        <h3 id="referrals-ranking" className="referrals__heading">
          Place in line
        </h3>
        <FormMessage tone="error">{ranking.error}</FormMessage>
        <RankingRuleSection settings={ranking.value} canChange={isAdmin} />
      </section>
    </section>
  );
}
