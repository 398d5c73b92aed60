import { ColumnHeaders } from '@silk/ui/column-headers';
import { useId, type ReactNode } from 'react';
import type { Tally } from '@/features/insights/lib/aggregate';
import { formatCount, formatShare } from '@/features/insights/lib/chart-scale';

export interface DataRow {
  key: string | number;
  /** The row's header cell (a date, an answer, a country). */
  header: ReactNode;
  cells: readonly string[];
}

/** A table's rows of tallies: each one's count and its share of `whole`. */
export function tallyRows(tallies: readonly Tally[], whole: number): DataRow[] {
  return tallies.map((tally) => ({
    key: `${tally.kind}:${tally.label}`,
    header: tally.label,
    cells: [formatCount(tally.count), formatShare(tally.count, whole)],
  }));
}

interface ChartFigureProps {
  /** The figure's caption, and the name of its chart's data table. */
  title: string;
  /** A line under the caption (what is counted, what is left out). */
  note?: string;
  chart: ReactNode;
  columns: readonly [string, ...string[]];
  rows: readonly DataRow[];
}

/** A chart with its caption and, behind a disclosure, a table of the same figures. */
export function ChartFigure({ title, note, chart, columns, rows }: ChartFigureProps) {
  const id = useId();
  return (
    <figure
      className="insights-figure"
      aria-labelledby={`${id}-title`}
      aria-describedby={note ? `${id}-note` : undefined}
    >
      <figcaption className="insights-figure__caption">
        <span id={`${id}-title`} className="insights-figure__title">
          {title}
        </span>
        {note ? (
          <span id={`${id}-note`} className="insights-figure__note">
            {note}
          </span>
        ) : null}
      </figcaption>
      {chart}
      <details className="insights-figure__data">
        <summary>
          Show data table<span className="visually-hidden">: {title}</span>
        </summary>
        {/* A long table scrolls in its own box: focusable, so the keyboard can scroll it. */}
        <div className="table-scroll" role="region" aria-label={`${title}: data`} tabIndex={0}>
          <table className="insights-table">
            <caption className="visually-hidden">{title}</caption>
            <ColumnHeaders columns={columns} />
            <tbody>
              {rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row">{row.header}</th>
                  {row.cells.map((cell, index) => (
                    <td key={columns[index + 1]}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
