import type { ReactNode } from 'react';

/** One column of a RecordTable: its header and what a row shows in it. */
export interface RecordColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  className?: string;
}

interface RecordTableProps<Row> {
  /** The scrollable region's accessible name. */
  label: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  columns: readonly RecordColumn<Row>[];
}

/** A short list of records (the Activity log, waves, a review queue) as a keyboard-scrollable table. */
export function RecordTable<Row>({ label, rows, rowKey, columns }: RecordTableProps<Row>) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      <table className="activity-table">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.header} className={column.className}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
