import { NO_ATTRIBUTION } from '@silk/schema/signup-view';
import type { Insights, Tally } from '@/features/insights/lib/aggregate';
import { formatCount, formatShare } from '@/features/insights/lib/chart-scale';
import { barSummary } from '@/features/insights/lib/summaries';
import { attributionOptionValue, chosenAttribution, selectedAttribution } from '@/lib/attribution-choice';
import { BarChart } from './bar-chart';
import { ChartFigure, tallyRows } from './chart-figure';

interface AttributionSelectProps {
  label: string;
  allLabel: string;
  /** The charted values (Other aside). */
  tallies: readonly Tally[];
  /** null: all; '': the signups without one. */
  value: string | null;
  onChange: (value: string | null) => void;
}

/** Narrows the time chart to one of the charted sources (or campaigns). */
export function AttributionSelect({ label, allLabel, tallies, value, onChange }: AttributionSelectProps) {
  return (
    <label className="insights__toggle">
      {label}
      <select
        className="toolbar__select"
        value={selectedAttribution(value)}
        onChange={({ target }) => onChange(chosenAttribution(target.value))}
      >
        <option value="">{allLabel}</option>
        {tallies.map(({ label: option, kind }) =>
          kind === 'other' ? null : (
            <option key={`${kind}:${option}`} value={attributionOptionValue(kind === 'none' ? '' : option)}>
              {option}
            </option>
          ),
        )}
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
  return (
    <section className="insights__section" aria-labelledby="insights-sources">
      <h3 id="insights-sources" className="insights__heading">
        Sources and campaigns
      </h3>
      <dl className="insights__figures">
        <div>
          <dt>Suppressed addresses</dt>
          <dd>{formatCount(suppressed)}</dd>
        </div>
      </dl>
      <div className="insights__grid">
        <ChartFigure
          title="Signups by source"
          note={`Top 10; ${NO_ATTRIBUTION}: no utm_source.`}
          chart={<BarChart tallies={sources} label={barSummary(sources)} />}
          columns={['Source', 'Signups', 'Confirmed', 'Invited', 'Joined']}
          rows={sources.map((tally, index) => {
            const funnel = sourceFunnels[index];
            const step = (count = 0) => `${formatCount(count)} (${formatShare(count, tally.count)})`;
            return {
              key: `${tally.kind}:${tally.label}`,
              header: tally.label,
              cells: [
                formatCount(tally.count),
                step(funnel?.confirmed),
                step(funnel?.invited),
                step(funnel?.joined),
              ],
            };
          })}
        />
        <ChartFigure
          title="Signups by campaign"
          note={`Top 10; ${NO_ATTRIBUTION}: no utm_campaign.`}
          chart={<BarChart tallies={campaigns} label={barSummary(campaigns)} />}
          columns={['Campaign', 'Signups', 'Share']}
          rows={tallyRows(campaigns, total)}
        />
      </div>
    </section>
  );
}
