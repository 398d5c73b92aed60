import { PERIOD_MS, type Period, type PeriodCount } from '@/features/insights/lib/aggregate';
import { formatCount, formatDay, niceTicks } from '@/features/insights/lib/chart-scale';
import { ChartSvg } from './chart-svg';

const WIDTH = 720;
const HEIGHT = 260;
const MARGIN = { top: 12, right: 16, bottom: 32, left: 56 };

interface TimeChartProps {
  /** Ascending; only periods with signups (the time axis shows the gaps). */
  series: readonly PeriodCount[];
  period: Period;
  /** Running totals: drawn as a step line instead of columns. */
  cumulative: boolean;
  label: string;
}

/** Signups on a UTC time axis: a column per period, or the running total as a step line. */
export function TimeChart({ series, period, cumulative, label }: TimeChartProps) {
  const first = series[0]?.start ?? 0;
  const last = series.at(-1)?.start ?? 0;
  const end = last + PERIOD_MS[period];
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const ticks = niceTicks(Math.max(0, ...series.map((point) => point.count)));
  const top = ticks.at(-1) ?? 1;
  const x = (time: number) => MARGIN.left + ((time - first) / (end - first)) * plotWidth;
  const y = (count: number) => MARGIN.top + plotHeight - (count / top) * plotHeight;
  const periodWidth = (PERIOD_MS[period] / (end - first)) * plotWidth;
  // The first and last periods' dates at the axis ends, and the middle day when there is room.
  const middle = first + Math.floor((last - first) / 2 / PERIOD_MS.day) * PERIOD_MS.day;
  const dateTicks =
    first === last
      ? [{ time: first, at: x(first), anchor: 'start' as const }]
      : [
          { time: first, at: x(first), anchor: 'start' as const },
          ...(last - first >= 4 * PERIOD_MS[period]
            ? [{ time: middle, at: x(middle), anchor: 'middle' as const }]
            : []),
          { time: last, at: x(end), anchor: 'end' as const },
        ];

  let line = '';
  if (cumulative && series.length > 0) {
    line = `M${x(first)},${y(0)}`;
    for (const point of series) line += `H${x(point.start)}V${y(point.count)}`;
    line += `H${x(end)}`;
  }

  return (
    <ChartSvg variant="time" width={WIDTH} height={HEIGHT} label={label}>
      {ticks.map((tick) => (
        <g key={tick}>
          <line
            className="insights-chart__grid"
            x1={MARGIN.left}
            x2={WIDTH - MARGIN.right}
            y1={y(tick)}
            y2={y(tick)}
          />
          <text
            className="insights-chart__axis"
            x={MARGIN.left - 8}
            y={y(tick)}
            textAnchor="end"
            dominantBaseline="central"
          >
            {formatCount(tick)}
          </text>
        </g>
      ))}
      {dateTicks.map(({ time, at, anchor }) => (
        <text
          key={time}
          className="insights-chart__axis"
          x={at}
          y={HEIGHT - MARGIN.bottom + 20}
          textAnchor={anchor}
        >
          {formatDay(time)}
        </text>
      ))}
      {cumulative ? (
        <path className="insights-chart__line" d={line} />
      ) : (
        series.map((point) => (
          <rect
            key={point.start}
            className="insights-chart__bar"
            x={x(point.start) + (periodWidth > 4 ? 1 : 0)}
            y={y(point.count)}
            width={Math.max(1, periodWidth - (periodWidth > 4 ? 2 : 0))}
            height={y(0) - y(point.count)}
          />
        ))
      )}
      <line
        className="insights-chart__baseline"
        x1={MARGIN.left}
        x2={WIDTH - MARGIN.right}
        y1={y(0)}
        y2={y(0)}
      />
    </ChartSvg>
  );
}
