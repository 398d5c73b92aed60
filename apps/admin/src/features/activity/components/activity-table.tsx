import { formatSignupDate } from '@silk/schema/formatters';
import type { AuditEntryRow } from '@/features/activity/api/activity';
import { actionLabel, detailsSummary } from '@/features/activity/components/audit-format';

/** The entries as a table: time, actor, action, target and a summary of the details. */
export function ActivityTable({ entries }: { entries: readonly AuditEntryRow[] }) {
  return (
    <div className="table-scroll" role="region" aria-label="Activity log" tabIndex={0}>
      <table className="activity-table">
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Actor</th>
            <th scope="col">Action</th>
            <th scope="col">Target</th>
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>
                {entry.at ? (
                  <time dateTime={entry.at.toISOString()}>{formatSignupDate(entry.at)}</time>
                ) : (
                  'Pending'
                )}
              </td>
              <td>{entry.actor}</td>
              <td>{actionLabel(entry.action)}</td>
              <td>{entry.target}</td>
              <td>{detailsSummary(entry.action, entry.details)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
