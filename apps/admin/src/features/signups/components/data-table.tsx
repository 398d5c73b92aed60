import type { WaitlistSignupRow } from '@silk/data-access/signups';
import type { SignupColumnKey } from '@silk/schema/formatters';
import { NEWEST_FIRST, type SignupSort } from '@silk/schema/signup-view';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Icon, infoPath, trashPath } from '@silk/ui/icon';
import {
  memo,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  type CSSProperties,
  type RefObject,
} from 'react';
import { markAfterPaint, TABLE_PAINTED_MARK } from '@/lib/perf-marks';
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
  /** Given (to Admins): a "Delete" button in the row's first cell, which asks before deleting. */
  onDelete?: (row: WaitlistSignupRow) => void;
  /** Given: a "Details" button in the row's first cell (what the 12 columns leave out, e.g. referrals). */
  onDetails?: (row: WaitlistSignupRow) => void;
}

/** A row's action, in the e-mail cell (the table keeps its 12 columns). */
function RowAction(props: {
  label: string;
  title: string;
  icon: string;
  onClick: () => void;
  danger?: boolean;
}) {
  return (
    <button
      type="button"
      className={
        props.danger ? 'data-table__row-action data-table__row-action--danger' : 'data-table__row-action'
      }
      aria-label={props.label}
      title={props.title}
      onClick={props.onClick}
    >
      <Icon path={props.icon} size={16} />
    </button>
  );
}

/**
 * One body row, memoised so scrolling only renders the rows that come into view. Only the columns in
 * view are rendered; the first of them is placed on its grid track (--data-table-first-column, set on
 * the body) and the others follow it.
 */
const SignupRow = memo(function SignupRow({ row, index, columns, onDelete, onDetails }: SignupRowProps) {
  const cells = rowCells(row);
  const rendered = [];
  for (let column = columns.first; column <= columns.last; column += 1) {
    const cell = cells[column]!;
    const action =
      column === 0 && (onDelete || onDetails) ? (
        <>
          {onDetails ? (
            <RowAction
              label={`Details of ${row.email}`}
              title="Details"
              icon={infoPath}
              onClick={() => onDetails(row)}
            />
          ) : null}
          {onDelete ? (
            <RowAction
              label={`Delete ${row.email}`}
              title="Delete signup"
              icon={trashPath}
              danger
              onClick={() => onDelete(row)}
            />
          ) : null}
        </>
      ) : null;
    rendered.push(
      <td
        key={signupColumns[column]!.key}
        className={action ? 'data-table__cell data-table__cell--action' : 'data-table__cell'}
        aria-colindex={column + 1}
        title={cell.title}
      >
        {action ? (
          <>
            <span className="data-table__cell-text">{cell.text}</span>
            {action}
          </>
        ) : (
          cell.text
        )}
      </td>,
    );
  }
  return (
    <tr className="data-table__row data-table__row--body" aria-rowindex={index + 2}>
      {rendered}
    </tr>
  );
});

interface DataTableProps {
  rows: WaitlistSignupRow[];
  /** Accessible name of the table. */
  label: string;
  /** The row's "Delete" action (Admins only). */
  onDelete?: (row: WaitlistSignupRow) => void;
  /** The row's "Details" action. */
  onDetails?: (row: WaitlistSignupRow) => void;
  /** The scrollable region, for the caller to move focus to. */
  regionRef?: RefObject<HTMLDivElement | null>;
  /** The rows' order (null: newest first). */
  sort: SignupSort | null;
  /** A click on a column's header: sort by it, or flip its direction. */
  onSort: (key: SignupColumnKey) => void;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/**
 * The signups table, virtualised in both directions with TanStack Virtual: a sticky header (all
 * columns), and in the body only the rows and columns in view, whatever the row count. The body has
 * the height of all rows (the scrollbar) and its top padding is the height of the rows above the
 * rendered ones, which follow in DOM order as on screen. aria-rowcount/aria-colcount and the
 * per-row/cell indices tell assistive technology where the rendered part sits. Each header is a button
 * that sorts by its column; `aria-sort` names the sorted one.
 */
export function DataTable({ rows, label, onDelete, onDetails, regionRef, sort, onSort }: DataTableProps) {
  const shownSort = sort ?? NEWEST_FIRST;
  const ownRef = useRef<HTMLDivElement>(null);
  const scrollRef = regionRef ?? ownRef;
  const painted = useRef(false);
  // Stable callback: the virtualiser recomputes every row's position whenever its options' functions
  // change identity, which at 100,000 rows would happen on each scroll frame. Rows are keyed by
  // position (the default): keying by document id made that computation hash 100,000 strings.
  const getScrollElement = useCallback(() => scrollRef.current, [scrollRef]);
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
  const columns = useMemo<ColumnWindow>(
    () => ({ first: firstColumn, last: lastColumn }),
    [firstColumn, lastColumn],
  );

  return (
    <div
      ref={scrollRef}
      className="data-table"
      tabIndex={0}
      role="region"
      aria-label={`${label} (scrollable)`}
    >
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
              <th
                key={column.key}
                scope="col"
                className="data-table__header"
                aria-colindex={index + 1}
                aria-sort={shownSort.key === column.key ? ARIA_SORT[shownSort.direction] : undefined}
              >
                <button type="button" className="data-table__sort" onClick={() => onSort(column.key)}>
                  {column.header}
                </button>
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
              onDelete={onDelete}
              onDetails={onDetails}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
