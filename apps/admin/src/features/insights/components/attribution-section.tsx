import { NO_ATTRIBUTION } from '@silk/schema/attribution';
import { SUPPRESSION_REASONS } from '@silk/schema/suppression';
import type { Insights } from '@/features/insights/lib/aggregate';
import { formatCount, formatShare } from '@/features/insights/lib/chart-scale';
import { barSummary } from '@/features/insights/lib/summaries';
import { BarChart } from './bar-chart';
import { ChartFigure } from './chart-figure';

/** The select value standing for the signups without a source (campaign); '' is "all". */
export const NONE = '\u0000none';

interface AttributionSelectProps {
  label: string;
  allLabel: string;
  /** The values present, most frequent first ('' for the signups without one). */
  values: ReadonlyArray<{ value: string }>;
  /** null: all; '': the signups without one. */
  value: string | null;
  onChange: (value: string | null) => void;
}

/** Narrows the time chart to one source (or campaign). */
export function AttributionSelect({ label, allLabel, values, value, onChange }: AttributionSelectProps) {
  return (
    <label className="insights__toggle">
      {label}
      <select
        className="toolbar__select"
        value={value === null ? '' : value === '' ? NONE : value}
        onChange={({ target }) => onChange(target.value === '' ? null : target.value === NONE ? '' : target.value)}
      >
        <option value="">{allLabel}</option>
        {values.map(({ value: option }) => (
          <option key={option} value={option === '' ? NONE : option}>
            {option === '' ? NO_ATTRIBUTION : option}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * Where signups come from: the suppressed addresses' count, signups by source with how far each got
 * (confirmed, invited, joined) and by campaign. "(none)": no utm_source (utm_campaign) on the visit.
 */
export function AttributionSection({ insights }: { insights: Insights }) {
  const { sources, sourceFunnels, campaigns, suppressed, total } = insights;
  const suppressedTotal = SUPPRESSION_REASONS.reduce((sum, reason) => sum + suppressed[reason], 0);
  return (
    <section className="insights__section" aria-labelledby="insights-sources">
      <h3 id="insights-sources" className="insights__heading">
        Sources and campaigns
      </h3>
      <dl className="insights__figures">
        <div>
          <dt>Suppressed addresses</dt>
          <dd>{formatCount(suppressedTotal)}</dd>
          <dd className="insights__figure-note">
            {SUPPRESSION_REASONS.map((reason) => `${formatCount(suppressed[reason])} ${reason}`).join(', ')}
          </dd>
        </div>
      </dl>
      <div className="insights__grid">
        <ChartFigure
          title="Signups by source"
          note={`The 10 sources with most signups; ${NO_ATTRIBUTION}: no utm_source. The table follows each source to confirmed, invited and joined.`}
          chart={<BarChart tallies={sources} label={barSummary(sources)} />}
          columns={['Source', 'Signups', 'Confirmed', 'Invited', 'Joined']}
          rows={sources.map((tally, index) => {
            const funnel = sourceFunnels[index];
            const step = (count = 0) => `${formatCount(count)} (${formatShare(count, tally.count)})`;
            return {
              key: `${tally.kind}:${tally.label}`,
              header: tally.label,
              cells: [formatCount(tally.count), step(funnel?.confirmed), step(funnel?.invited), step(funnel?.joined)],
            };
          })}
        />
        <ChartFigure
          title="Signups by campaign"
          note={`The 10 campaigns with most signups; ${NO_ATTRIBUTION}: no utm_campaign.`}
          chart={<BarChart tallies={campaigns} label={barSummary(campaigns)} />}
          columns={['Campaign', 'Signups', 'Share']}
          rows={campaigns.map((tally) => ({
            key: `${tally.kind}:${tally.label}`,
            header: tally.label,
            cells: [formatCount(tally.count), formatShare(tally.count, total)],
          }))}
        />
      </div>
    </section>
  );
}
