// What each chart says in words: the accessible name of its SVG (the data table holds every figure).
import type { PeriodCount, Period, Tally } from './aggregate';
import { formatCount, formatDay, truncate } from './chart-scale';

const plural = (count: number, one: string, many: string) =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

/** E.g. "Column chart, Nov 2, 2026 to Nov 23, 2026: 6 signups in 4 days; the most, 2, on Nov 16, 2026." */
export function timeSummary(series: readonly PeriodCount[], period: Period, cumulative: boolean): string {
  const first = series[0];
  const last = series.at(-1);
  if (!first || !last) return 'No signups with a date.';
  const range = `${formatDay(first.start)} to ${formatDay(last.start)}`;
  if (cumulative)
    return `Line chart, ${range}: the total grows to ${plural(last.count, 'signup', 'signups')}.`;
  const peak = series.reduce((best, point) => (point.count > best.count ? point : best), first);
  const total = series.reduce((sum, point) => sum + point.count, 0);
  const periods = plural(series.length, period, `${period}s`);
  const when = period === 'day' ? `on ${formatDay(peak.start)}` : `in the week of ${formatDay(peak.start)}`;
  return `Column chart, ${range}: ${plural(total, 'signup', 'signups')} in ${periods}; the most, ${formatCount(peak.count)}, ${when}.`;
}

/** E.g. "Bar chart, 3 bars. Largest: Monthly or more (12), Once a year or less (8), No answer (3)." */
export function barSummary(tallies: readonly Tally[]): string {
  if (tallies.length === 0) return 'Bar chart, no bars.';
  const top = tallies
    .slice(0, 3)
    .map((tally) => `${truncate(tally.label, 60)} (${formatCount(tally.count)})`)
    .join(', ');
  return `Bar chart, ${plural(tallies.length, 'bar', 'bars')}. Largest: ${top}.`;
}
