import type { InviteFunnels } from '@silk/schema/invite-funnel';
import type { Tally } from '@/features/insights/lib/aggregate';
import { formatCount, formatDay } from '@/features/insights/lib/chart-scale';
import { barSummary } from '@/features/insights/lib/summaries';
import { BarChart } from './bar-chart';
import { ChartFigure } from './chart-figure';

const HOUR = 3_600_000;
const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** A time to join in words: minutes under an hour, hours under two days, else days. */
export function formatTimeToJoin(ms: number | null): string {
  if (ms === null) return 'No one joined yet';
  if (ms < HOUR) return `${Math.max(1, Math.round(ms / 60_000))} min`;
  if (ms < 48 * HOUR) return `${oneDecimal.format(ms / HOUR)} h`;
  return `${oneDecimal.format(ms / (24 * HOUR))} days`;
}

/** The invitation funnel in Insights: a chart of every wave together, and each wave's figures in its table. */
export function InviteFunnelSection({ funnels: { overall, waves } }: { funnels: InviteFunnels }) {
  const tallies: Tally[] = (['invited', 'joined', 'expired', 'declined'] as const).map((key) => ({
    label: key.charAt(0).toUpperCase() + key.slice(1),
    count: overall[key],
    kind: 'value',
  }));
  const cells = (funnel: typeof overall) => [
    formatCount(funnel.invited),
    formatCount(funnel.joined),
    formatCount(funnel.expired),
    formatCount(funnel.declined),
    formatTimeToJoin(funnel.medianTimeToJoinMs),
  ];
  return (
    <section className="insights__section" aria-labelledby="insights-invites">
      <h3 id="insights-invites" className="insights__heading">
        Invitations
      </h3>
      <ChartFigure
        title="Invitation funnel"
        note={`${formatCount(overall.joined)} of ${formatCount(overall.invited)} invited joined; median time to join: ${formatTimeToJoin(overall.medianTimeToJoinMs)}.`}
        chart={<BarChart tallies={tallies} label={barSummary(tallies)} />}
        columns={['Wave', 'Invited', 'Joined', 'Expired', 'Declined', 'Median time to join']}
        rows={[
          { key: '', header: 'All waves', cells: cells(overall) },
          ...waves.map((wave) => ({
            key: wave.waveId,
            header:
              wave.firstInvitedAt === null
                ? wave.waveId
                : `${formatDay(wave.firstInvitedAt)} (${wave.waveId})`,
            cells: cells(wave),
          })),
        ]}
      />
    </section>
  );
}
