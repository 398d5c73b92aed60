import type { Tally } from '@/features/insights/lib/aggregate';
import { formatCount, truncate } from '@/features/insights/lib/chart-scale';
import { ChartSvg } from './chart-svg';

const WIDTH = 480;
const ROW_HEIGHT = 28;
const BAR_HEIGHT = 18;
const LABEL_WIDTH = 170;
const VALUE_WIDTH = 56;
const LABEL_CHARS = 26;

/** Horizontal bars, one per tally, largest first as given; Other and No answer in a muted colour. */
export function BarChart({ tallies, label }: { tallies: readonly Tally[]; label: string }) {
  const max = Math.max(1, ...tallies.map((tally) => tally.count));
  const barSpace = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
  const height = Math.max(1, tallies.length) * ROW_HEIGHT;
  return (
    <ChartSvg variant="bars" width={WIDTH} height={height} label={label} preserveAspectRatio="xMinYMin meet">
      {tallies.map((tally, index) => {
        const y = index * ROW_HEIGHT;
        const width = tally.count > 0 ? Math.max(2, (tally.count / max) * barSpace) : 0;
        return (
          <g key={`${tally.kind}:${tally.label}`} transform={`translate(0 ${y})`}>
            <text
              className="insights-chart__label"
              x={LABEL_WIDTH - 8}
              y={ROW_HEIGHT / 2}
              textAnchor="end"
              dominantBaseline="central"
            >
              {truncate(tally.label, LABEL_CHARS)}
            </text>
            <rect
              className={
                tally.kind === 'value'
                  ? 'insights-chart__bar'
                  : 'insights-chart__bar insights-chart__bar--muted'
              }
              x={LABEL_WIDTH}
              y={(ROW_HEIGHT - BAR_HEIGHT) / 2}
              width={width}
              height={BAR_HEIGHT}
              rx={3}
            />
            <text
              className="insights-chart__value"
              x={LABEL_WIDTH + width + 6}
              y={ROW_HEIGHT / 2}
              dominantBaseline="central"
            >
              {formatCount(tally.count)}
            </text>
          </g>
        );
      })}
    </ChartSvg>
  );
}
