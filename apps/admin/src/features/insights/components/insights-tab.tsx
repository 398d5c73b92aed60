import type { WaitlistSignupRow } from '@silk/data-access/signups';
import { inviteFunnels } from '@silk/schema/invite-funnel';
import { LOADING_DATA, NO_DATA } from '@silk/schema/messages';
import { attributionOf, NO_ATTRIBUTION } from '@silk/schema/signup-view';
import { useMemo, useState } from 'react';
import {
  aggregateSignups,
  cumulative as runningTotals,
  type AnswerDistribution,
  type Period,
  type Tally,
} from '@/features/insights/lib/aggregate';
import { formatCount, formatPeriod, formatShare, isoDay } from '@/features/insights/lib/chart-scale';
import { barSummary, timeSummary } from '@/features/insights/lib/summaries';
import { referralStats } from '@/lib/referral-stats';
import { AttributionSection, AttributionSelect } from './attribution-section';
import { BarChart } from './bar-chart';
import { ChartFigure, tallyRows } from './chart-figure';
import { InviteFunnelSection } from './invite-funnel';
import { TimeChart } from './time-chart';
import { RadioGroup } from '@/components/radio-group';
import './insights.css';

const PERIODS: readonly Period[] = ['day', 'week'];

interface InsightsTabProps {
  /** Newest first; null while the live subscription has not delivered yet. */
  signups: WaitlistSignupRow[] | null;
  /** How many signups exist (the server's count while rows are loading), or null before it is known. */
  signupsTotal: number | null;
  /** Every signup is loaded. */
  signupsComplete: boolean;
}

/** What a question's distribution counts, under its caption. */
const ANSWER_NOTES: Record<AnswerDistribution['kind'], string> = {
  single: 'The 10 most frequent answers; the rest as Other.',
  multiple: 'Each chosen feature counts once; a signup may choose several.',
  domain: 'By the address’s domain: the 10 most frequent; the rest as Other.',
  presence: 'Whether a handle was given.',
};

const kFactorFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A source's (campaign's) name in a title: "(none)" for the signups without one. */
const named = (value: string) => value || NO_ATTRIBUTION;

/** What the time chart can be narrowed to: the signup field, its charted values, its select's words. */
const TIME_FILTERS = [
  { field: 'utmSource', tallies: 'sources', label: 'Source', allLabel: 'All sources' },
  { field: 'utmCampaign', tallies: 'campaigns', label: 'Campaign', allLabel: 'All campaigns' },
] as const;

type TimeFilterField = (typeof TIME_FILTERS)[number]['field'];
/** Each filter's chosen value (null: all; '': the signups without one). */
type TimeFilterValues = Record<TimeFilterField, string | null>;

const NO_TIME_FILTER: TimeFilterValues = { utmSource: null, utmCampaign: null };

/** The chosen filters as the time chart's title names them, e.g. ", source newsletter, campaign (none)". */
function filtersInTitle(chosen: TimeFilterValues): string {
  return TIME_FILTERS.map(({ field, label }) => {
    const value = chosen[field];
    return value === null ? '' : `, ${label.toLowerCase()} ${named(value)}`;
  }).join('');
}

/**
 * Insights: signups over time (of all, or of one source and campaign), where signups come from (by
 * source with each one's conversion, by campaign, and the suppressed addresses), the top countries, referrals (the share of signups a referral link
 * brought, the K-factor — confirmed signups brought per referrer — and the top referrers), the
 * invitation funnel (once anyone is invited) and the answers to each feedback question.
 */
export function InsightsTab({ signups, signupsTotal, signupsComplete }: InsightsTabProps) {
  const [period, setPeriod] = useState<Period>('day');
  const [cumulative, setCumulative] = useState(false);
  // The time chart's source and campaign.
  const [chosen, setChosen] = useState<TimeFilterValues>(NO_TIME_FILTER);
  // Memoised on the rows array itself: a render with the same rows costs nothing.
  const insights = signups && signups.length > 0 ? aggregateSignups(signups) : null;
  const timeRows = useMemo(
    () =>
      signups && TIME_FILTERS.some(({ field }) => chosen[field] !== null)
        ? signups.filter((row) =>
            TIME_FILTERS.every(
              ({ field }) => chosen[field] === null || (attributionOf(row, field) ?? '') === chosen[field],
            ),
          )
        : signups,
    [signups, chosen],
  );
  const timeInsights = timeRows === signups ? insights : timeRows && aggregateSignups(timeRows);
  const referrals = signups && signups.length > 0 ? referralStats(signups) : null;
  const referrerTallies = useMemo<Tally[]>(
    () =>
      (referrals?.top ?? []).map((referrer) => ({
        label: referrer.email,
        count: referrer.confirmedReferrals,
        kind: 'value',
      })),
    [referrals],
  );
  const funnels = useMemo(() => (signups && signups.length > 0 ? inviteFunnels(signups) : null), [signups]);
  const perPeriod = timeInsights ? (period === 'day' ? timeInsights.perDay : timeInsights.perWeek) : null;
  const series = useMemo(
    () => (perPeriod && cumulative ? runningTotals(perPeriod) : perPeriod),
    [perPeriod, cumulative],
  );

  let status = '';
  if (signups === null) status = LOADING_DATA;
  else if (signups.length === 0) status = signupsComplete ? NO_DATA : LOADING_DATA;
  else if (!signupsComplete) {
    const of =
      signupsTotal !== null && signupsTotal > signups.length ? ` (of ${formatCount(signupsTotal)})` : '';
    status = `These figures cover the ${formatCount(signups.length)} signups loaded so far${of}.`;
  }

  const timeTitle = `${cumulative ? 'Total signups' : 'Signups'} per ${period}${filtersInTitle(chosen)}`;
  return (
    <section className="tab insights" aria-labelledby="insights-heading">
      <div className="insights__header">
        <h2 id="insights-heading" className="tab__title">
          Insights
        </h2>
        <p className={insights ? 'insights__coverage' : 'table-state'} role="status" aria-live="polite">
          {status}
        </p>
      </div>
      {insights && series ? (
        <>
          <section className="insights__section" aria-labelledby="insights-time">
            <h3 id="insights-time" className="insights__heading">
              Signups over time
            </h3>
            <div className="insights__controls">
              <RadioGroup
                legend="Period"
                className="insights__choice"
                options={PERIODS}
                value={period}
                label={(value) => `Per ${value}`}
                onChange={setPeriod}
              />
              <label className="insights__toggle">
                <input
                  type="checkbox"
                  checked={cumulative}
                  onChange={(event) => setCumulative(event.target.checked)}
                />
                Cumulative
              </label>
              {TIME_FILTERS.map(({ field, tallies, label, allLabel }) => (
                <AttributionSelect
                  key={field}
                  label={label}
                  allLabel={allLabel}
                  tallies={insights[tallies]}
                  value={chosen[field]}
                  onChange={(value) => setChosen((current) => ({ ...current, [field]: value }))}
                />
              ))}
            </div>
            <ChartFigure
              title={timeTitle}
              note={`UTC ${period === 'day' ? 'days' : 'weeks, from Monday'}.${
                timeInsights && timeInsights.undated > 0
                  ? ` ${formatCount(timeInsights.undated)} ${timeInsights.undated === 1 ? 'signup without a date is' : 'signups without a date are'} left out.`
                  : ''
              }`}
              chart={
                series.length > 0 ? (
                  <TimeChart
                    series={series}
                    period={period}
                    cumulative={cumulative}
                    label={timeSummary(series, period, cumulative)}
                  />
                ) : null
              }
              columns={[period === 'day' ? 'Day' : 'Week', cumulative ? 'Total signups' : 'Signups']}
              rows={series.map((point) => ({
                key: point.start,
                header: <time dateTime={isoDay(point.start)}>{formatPeriod(point.start, period)}</time>,
                cells: [formatCount(point.count)],
              }))}
            />
          </section>

          <AttributionSection insights={insights} />

          <section className="insights__section" aria-labelledby="insights-countries">
            <h3 id="insights-countries" className="insights__heading">
              Top countries
            </h3>
            <ChartFigure
              title="Signups by country"
              note="The 10 countries with most signups; the rest as Other."
              chart={<BarChart tallies={insights.countries} label={barSummary(insights.countries)} />}
              columns={['Country', 'Signups', 'Share']}
              rows={tallyRows(insights.countries, insights.total)}
            />
          </section>

          {referrals ? (
            <section className="insights__section" aria-labelledby="insights-referrals">
              <h3 id="insights-referrals" className="insights__heading">
                Referrals
              </h3>
              <dl className="insights__figures">
                <div>
                  <dt>Referral rate</dt>
                  <dd>{formatShare(referrals.referred, referrals.signups)}</dd>
                  <dd className="insights__figure-note">
                    {formatCount(referrals.referred)} of {formatCount(referrals.signups)} signups came through
                    a referral link
                  </dd>
                </div>
                <div>
                  <dt>K-factor</dt>
                  <dd>{kFactorFormat.format(referrals.kFactor)}</dd>
                  <dd className="insights__figure-note">
                    {formatCount(referrals.confirmedReferrals)} confirmed referrals from{' '}
                    {formatCount(referrals.referrers)} referrers
                  </dd>
                </div>
              </dl>
              <ChartFigure
                title="Top referrers"
                note="The 10 subscribers with most confirmed referrals."
                chart={<BarChart tallies={referrerTallies} label={barSummary(referrerTallies)} />}
                columns={['Referrer', 'Confirmed referrals', 'Signups brought']}
                rows={referrals.top.map((referrer) => ({
                  key: referrer.email,
                  header: referrer.email,
                  cells: [formatCount(referrer.confirmedReferrals), formatCount(referrer.referredSignups)],
                }))}
              />
            </section>
          ) : null}

          {funnels && funnels.overall.invited > 0 ? <InviteFunnelSection funnels={funnels} /> : null}

          <section className="insights__section" aria-labelledby="insights-answers">
            <h3 id="insights-answers" className="insights__heading">
              Feedback answers
            </h3>
            <div className="insights__grid">
              {insights.answers.map((answer) => (
                <ChartFigure
                  key={answer.field}
                  title={answer.question}
                  note={`${formatCount(answer.answered)} of ${formatCount(insights.total)} answered. ${ANSWER_NOTES[answer.kind]}`}
                  chart={<BarChart tallies={answer.tallies} label={barSummary(answer.tallies)} />}
                  columns={['Answer', 'Signups', 'Share']}
                  rows={tallyRows(answer.tallies, insights.total)}
                />
              ))}
            </div>
          </section>
        </>
      ) : null}
    </section>
  );
}
