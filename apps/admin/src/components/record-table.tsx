import { ColumnHeaders } from '@silk/ui/column-headers';
import type { ReactNode } from 'react';

/** One column of a RecordTable: its header and what a row shows in it. */
export interface RecordColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  className?: string;
  /** The cell names its row (a row header, `scope="row"`). */
  rowHeader?: boolean;
}

export interface RecordTableProps<Row> {
  /** The table's and its scrollable region's accessible name. */
  label: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  columns: readonly RecordColumn<Row>[];
}

/** A short list of records (the Activity log, waves, a review queue, webhooks) as a keyboard-scrollable table. */
export function RecordTable<Row>({ label, rows, rowKey, columns }: RecordTableProps<Row>) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      <table className="activity-table" aria-label={label}>
        <ColumnHeaders columns={columns.map((column) => column.header)} />
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) =>
                column.rowHeader ? (
                  <th key={column.header} scope="row" className={column.className}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.header} className={column.className}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
