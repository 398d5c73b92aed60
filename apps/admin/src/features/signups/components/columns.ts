// The signups table's columns: order, headers and widths from the signup fields registry.
import { formatSignupCell, type SignupColumnKey } from '@silk/schema/formatters';
import { SIGNUP_COLUMN_SPECS } from '@silk/schema/signup-fields';

interface SignupColumn {
  key: SignupColumnKey;
  header: string;
  /** Column width in pixels. */
  width: number;
}

export const signupColumns: SignupColumn[] = SIGNUP_COLUMN_SPECS.map(({ key, header, width }) => ({
  key,
  header,
  width,
}));

export const TABLE_GRID_TEMPLATE = signupColumns.map((column) => `${column.width}px`).join(' ');
export const TABLE_WIDTH = signupColumns.reduce((sum, column) => sum + column.width, 0);

/** Cells longer than this carry their full text as a tooltip (they are cut with an ellipsis). */
export const LONG_CELL_CHARS = 24;

interface CellContent {
  text: string;
  /** Full text for the tooltip, only on long cells. */
  title?: string;
}

function cellContent(key: SignupColumnKey, record: object): CellContent {
  const text = formatSignupCell(key, record as Record<string, unknown>);
  return text.length > LONG_CELL_CHARS ? { text, title: text } : { text };
}

// Formatting (dates especially) is the costly part of a row: each record is formatted once. A live
// update hands over new objects for changed documents only, so the cache stays right.
const rowCache = new WeakMap<object, CellContent[]>();

/** The 12 cells of one signup, in column order (cached per record object). */
export function rowCells(record: object): CellContent[] {
  let cells = rowCache.get(record);
  if (!cells) {
    cells = signupColumns.map((column) => cellContent(column.key, record));
    rowCache.set(record, cells);
  }
  return cells;
}
