import type { WaitlistSignupRow } from '@silk/data-access/signups';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useLayoutEffect, useMemo, useRef, type CSSProperties } from 'react';
import { markAfterPaint, TABLE_PAINTED_MARK } from '../../../lib/perf-marks';
import { rowCells, signupColumns, TABLE_GRID_TEMPLATE, TABLE_WIDTH } from './columns';

export const ROW_HEIGHT = 40;
const ROW_OVERSCAN = 8;
/** Columns rendered beyond each side of the visible ones. */
const COLUMN_OVERSCAN = 1;

const estimateRowSize = () => ROW_HEIGHT;
const estimateColumnSize = (index: number) => signupColumns[index]!.width;

// Column layout is set once on the table (custom properties every row's grid reads) and the rows sit
// in the body's normal flow, offset once by the body's padding: a row carries no inline style at all.
// A unique inline style per row (a transform each) made Chromium's style recalculation of the rows
// coming into view ~6x slower, over the frame budget at 100,000 rows (docs/decisions.md).
const TABLE_STYLE = {
  '--data-table-columns': TABLE_GRID_TEMPLATE,
  '--data-table-width': `${TABLE_WIDTH}px`,
  '--data-table-row-height': `${ROW_HEIGHT}px`,
} as CSSProperties;

/** The columns in the DOM: those in view plus the overscan (indices, inclusive). */
interface ColumnWindow {
  first: number;
  last: number;
}

interface SignupRowProps {
  row: WaitlistSignupRow;
  index: number;
  columns: ColumnWindow;
}

/**
 * One body row, memoised so scrolling only renders the rows that come into view. Only the columns in
 * view are rendered; the first of them is placed on its grid track (--data-table-first-column, set on
 * the body) and the others follow it.
 */
const SignupRow = memo(function SignupRow({ row, index, columns }: SignupRowProps) {
  const cells = rowCells(row as Record<string, unknown>);
  const rendered = [];
  for (let column = columns.first; column <= columns.last; column += 1) {
    const cell = cells[column]!;
    rendered.push(
      <td
        key={signupColumns[column]!.key}
        className="data-table__cell"
        aria-colindex={column + 1}
        title={cell.title}
      >
        {cell.text}
      </td>,
    );
  }
  return (
    <tr className="data-table__row data-table__row--body" aria-rowindex={index + 2}>
      {rendered}
    </tr>
  );
});

export interface DataTableProps {
  rows: WaitlistSignupRow[];
  /** Accessible name of the table. */
  label: string;
}

/**
 * The signups table, virtualised in both directions with TanStack Virtual: a sticky header (all
 * columns), and in the body only the rows and columns in view, whatever the row count. The body has
 * the height of all rows (the scrollbar) and its top padding is the height of the rows above the
 * rendered ones, which follow in DOM order as on screen. aria-rowcount/aria-colcount and the
 * per-row/cell indices tell assistive technology where the rendered part sits.
 */
export function DataTable({ rows, label }: DataTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const painted = useRef(false);
  // Stable callback: the virtualiser recomputes every row's position whenever its options' functions
  // change identity, which at 100,000 rows would happen on each scroll frame. Rows are keyed by
  // position (the default): keying by document id made that computation hash 100,000 strings.
  const getScrollElement = useCallback(() => scrollRef.current, []);
  const rowVirtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement,
    estimateSize: estimateRowSize,
    overscan: ROW_OVERSCAN,
  });
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: signupColumns.length,
    getScrollElement,
    estimateSize: estimateColumnSize,
    overscan: COLUMN_OVERSCAN,
  });

  useLayoutEffect(() => {
    if (!painted.current && rows.length > 0) {
      painted.current = true;
      markAfterPaint(TABLE_PAINTED_MARK);
    }
  }, [rows]);

  const items = rowVirtualizer.getVirtualItems();
  const columnItems = columnVirtualizer.getVirtualItems();
  const firstColumn = columnItems[0]?.index ?? 0;
  const lastColumn = columnItems[columnItems.length - 1]?.index ?? signupColumns.length - 1;
  // One object per column window, so memoised rows re-render only when the window moves.
  const columns = useMemo<ColumnWindow>(() => ({ first: firstColumn, last: lastColumn }), [firstColumn, lastColumn]);

  return (
    <div ref={scrollRef} className="data-table" tabIndex={0} role="region" aria-label={`${label} (scrollable)`}>
      <table
        className="data-table__table"
        aria-label={label}
        aria-rowcount={rows.length + 1}
        aria-colcount={signupColumns.length}
        style={TABLE_STYLE}
      >
        <thead className="data-table__head">
          <tr className="data-table__row" aria-rowindex={1}>
            {signupColumns.map((column, index) => (
              <th key={column.key} scope="col" className="data-table__header" aria-colindex={index + 1}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody
          className="data-table__body"
          style={
            {
              height: rowVirtualizer.getTotalSize(),
              paddingTop: items[0]?.start ?? 0,
              '--data-table-first-column': firstColumn + 1,
            } as CSSProperties
          }
        >
          {items.map((item) => (
            <SignupRow
              key={item.key}
              row={rows[item.index]!}
              index={item.index}
              columns={columns}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
