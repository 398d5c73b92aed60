import type { WaitlistSignupRow } from '@silk/data-access/signups';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useLayoutEffect, useRef, type CSSProperties } from 'react';
import { markAfterPaint, TABLE_PAINTED_MARK } from '../../../lib/perf-marks';
import { rowCells, signupColumns, TABLE_GRID_TEMPLATE, TABLE_WIDTH } from './columns';

export const ROW_HEIGHT = 40;
const OVERSCAN = 8;

const estimateRowSize = () => ROW_HEIGHT;

const GRID_STYLE: CSSProperties = { gridTemplateColumns: TABLE_GRID_TEMPLATE, width: TABLE_WIDTH };

interface SignupRowProps {
  row: WaitlistSignupRow;
  index: number;
  start: number;
}

/** One body row; memoised so scrolling only renders the rows that come into view. */
const SignupRow = memo(function SignupRow({ row, index, start }: SignupRowProps) {
  const cells = rowCells(row as Record<string, unknown>);
  return (
    <tr
      className="data-table__row data-table__row--body"
      aria-rowindex={index + 2}
      style={{ ...GRID_STYLE, height: ROW_HEIGHT, transform: `translateY(${start}px)` }}
    >
      {cells.map((cell, column) => (
        <td key={signupColumns[column]!.key} className="data-table__cell" title={cell.title}>
          {cell.text}
        </td>
      ))}
    </tr>
  );
});

export interface DataTableProps {
  rows: WaitlistSignupRow[];
  /** Accessible name of the table. */
  label: string;
}

/**
 * The signups table, virtualised with TanStack Virtual: a sticky header and only the visible rows
 * in the DOM, each positioned by a transform, whatever the row count.
 */
export function DataTable({ rows, label }: DataTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const painted = useRef(false);
  // Stable callbacks: the virtualiser recomputes every row's position whenever getItemKey changes
  // identity, which at 100,000 rows would happen on each scroll frame.
  const getItemKey = useCallback((index: number) => rows[index]?.id ?? index, [rows]);
  const getScrollElement = useCallback(() => scrollRef.current, []);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement,
    estimateSize: estimateRowSize,
    overscan: OVERSCAN,
    getItemKey,
  });

  useLayoutEffect(() => {
    if (!painted.current && rows.length > 0) {
      painted.current = true;
      markAfterPaint(TABLE_PAINTED_MARK);
    }
  }, [rows]);

  const items = virtualizer.getVirtualItems();

  return (
    <div ref={scrollRef} className="data-table" tabIndex={0} role="region" aria-label={`${label} (scrollable)`}>
      <table className="data-table__table" aria-label={label} aria-rowcount={rows.length + 1} style={{ width: TABLE_WIDTH }}>
        <thead className="data-table__head">
          <tr className="data-table__row" aria-rowindex={1} style={GRID_STYLE}>
            {signupColumns.map((column) => (
              <th key={column.key} scope="col" className="data-table__header">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="data-table__body" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => (
            <SignupRow key={item.key} row={rows[item.index]!} index={item.index} start={item.start} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
