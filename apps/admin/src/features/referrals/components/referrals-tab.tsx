import type { WaitlistSignupRow } from '@silk/data-access/signups';
import { LOADING_DATA } from '@silk/schema/messages';
import { canManageTeam, type Role } from '@silk/schema/roles';
import { FormMessage } from '@silk/ui/form-message';
import { Caption } from '@/components/caption';
import {
  useRankingSettings,
  useReviewQueue,
  useRewardQueue,
  useRewardTiers,
} from '@/features/referrals/hooks/use-referrals';
import { referralStats } from '@/lib/referral-stats';
import { Leaderboard } from './leaderboard';
import { RankingRuleSection } from './ranking-rule';
import { ReviewQueue } from './review-queue';
import { RewardQueue } from './reward-queue';
import { RewardTiers } from './reward-tiers';
import { TakeBackCredit } from './take-back-credit';
import './referrals.css';

interface ReferralsTabProps {
  /** null while the live subscription has not delivered yet. */
  signups: WaitlistSignupRow[] | null;
  /** Admins review withheld referrals and choose the ranking rule. */
  roles?: readonly Role[];
}

/**
 * Referrals (every member): the top referrers from the signups, the live queue of referrals a fraud
 * rule withheld, the ranking rule in force with a re-rank's progress, the reward tiers and the queue of
 * people who reached one. Admins grant or reject a withheld referral, choose the rule, define the tiers
 * and mark rewards fulfilled.
 */
export function ReferralsTab({ signups, roles = [] }: ReferralsTabProps) {
  const isAdmin = canManageTeam(roles);
  const queue = useReviewQueue();
  const ranking = useRankingSettings();
  const rewardTiers = useRewardTiers();
  const rewardQueue = useRewardQueue();
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

      {isAdmin ? (
        <section className="referrals__section" aria-labelledby="referrals-take-back">
          <h3 id="referrals-take-back" className="referrals__heading">
            Take back credit
          </h3>
          <Caption>
            Reject a referral credited before: its referrer loses the credit, and any reward not yet fulfilled
            that they no longer reach. A fulfilled reward stays.
          </Caption>
          <TakeBackCredit />
        </section>
      ) : null}

      <section className="referrals__section" aria-labelledby="referrals-ranking">
        <h3 id="referrals-ranking" className="referrals__heading">
          Place in line
        </h3>
        <FormMessage tone="error">{ranking.error}</FormMessage>
        <RankingRuleSection settings={ranking.value} canChange={isAdmin} />
      </section>

      <section className="referrals__section" aria-labelledby="referrals-reward-tiers">
        <h3 id="referrals-reward-tiers" className="referrals__heading">
          Reward tiers
        </h3>
        <Caption>
          Credited referrals earn a reward at each tier: one e-mail, and a place in the queue below.{' '}
          {isAdmin ? '' : 'Admins define the tiers.'}
        </Caption>
        <FormMessage tone="error">{rewardTiers.error}</FormMessage>
        {rewardTiers.value === null && !rewardTiers.error ? (
          <p className="table-state" role="status">
            {LOADING_DATA}
          </p>
        ) : null}
        <RewardTiers tiers={rewardTiers.value} canEdit={isAdmin} />
      </section>

      <section className="referrals__section" aria-labelledby="referrals-rewards">
        <h3 id="referrals-rewards" className="referrals__heading">
          Rewards to fulfil
        </h3>
        <Caption>
          Everyone who reached a tier.{' '}
          {isAdmin ? 'Mark a reward fulfilled once it is sent.' : 'Admins mark them fulfilled.'}
        </Caption>
        <FormMessage tone="error">{rewardQueue.error}</FormMessage>
        {rewardQueue.value === null && !rewardQueue.error ? (
          <p className="table-state" role="status">
            {LOADING_DATA}
          </p>
        ) : null}
        <RewardQueue entries={rewardQueue.value} tiers={rewardTiers.value ?? []} canFulfil={isAdmin} />
      </section>
    </section>
  );
}
