import { formatSignupDate } from '@silk/schema/formatters';
import { RecordTable, type RecordColumn } from '@/components/record-table';
import type { AuditEntryRow } from '@/features/activity/api/activity';
import { actionLabel, detailsSummary } from '@/features/activity/components/audit-format';

const COLUMNS: readonly RecordColumn<AuditEntryRow>[] = [
  {
    header: 'Time',
    cell: (entry) =>
      entry.at ? <time dateTime={entry.at.toISOString()}>{formatSignupDate(entry.at)}</time> : 'Pending',
  },
  { header: 'Actor', cell: (entry) => entry.actor },
  { header: 'Action', cell: (entry) => actionLabel(entry.action) },
  { header: 'Target', cell: (entry) => entry.target },
  { header: 'Details', cell: (entry) => detailsSummary(entry.action, entry.details) },
];

/** The entries as a table: time, actor, action, target and a summary of the details. */
export function ActivityTable({ entries }: { entries: readonly AuditEntryRow[] }) {
  return <RecordTable label="Activity log" rows={entries} rowKey={(entry) => entry.id} columns={COLUMNS} />;
}
