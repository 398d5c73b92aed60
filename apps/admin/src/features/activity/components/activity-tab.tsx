import { LOADING_DATA } from '@silk/schema/messages';
import { AUDIT_ACTIONS } from '@silk/schema/roles';
import { FormMessage } from '@silk/ui/form-message';
import { useId, useMemo, useState } from 'react';
import { ActivityTable } from '@/features/activity/components/activity-table';
import { ACTION_LABELS } from '@/features/activity/components/audit-format';
import { useActivity } from '@/features/activity/hooks/use-activity';

const ALL = '';

/** Activity tab (Admins): the audit log newest first, live, filtered by actor and by action. */
export function ActivityTab() {
  const { entries, error } = useActivity();
  const [actor, setActor] = useState(ALL);
  const [action, setAction] = useState(ALL);
  const actorId = useId();
  const actionId = useId();

  const actors = useMemo(() => [...new Set((entries ?? []).map((entry) => entry.actor))].sort(), [entries]);
  const shown = useMemo(
    () =>
      (entries ?? []).filter(
        (entry) => (actor === ALL || entry.actor === actor) && (action === ALL || entry.action === action),
      ),
    [entries, actor, action],
  );

  return (
    <section className="tab" aria-labelledby="activity-heading">
      <h2 id="activity-heading" className="tab__title">
        Activity
      </h2>
      <div className="filters">
        <div className="filters__field">
          <label htmlFor={actorId}>Actor</label>
          <select id={actorId} value={actor} onChange={(event) => setActor(event.target.value)}>
            <option value={ALL}>All actors</option>
            {actors.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="filters__field">
          <label htmlFor={actionId}>Action</label>
          <select id={actionId} value={action} onChange={(event) => setAction(event.target.value)}>
            <option value={ALL}>All actions</option>
            {AUDIT_ACTIONS.map((name) => (
              <option key={name} value={name}>
                {ACTION_LABELS[name]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <FormMessage tone="error">{error}</FormMessage>
      {entries === null ? (
        error ? null : (
          <p className="table-state" role="status">
            {LOADING_DATA}
          </p>
        )
      ) : (
        <>
          <p className="toolbar__count" role="status">
            Showing {shown.length} of {entries.length} entries
          </p>
          {shown.length > 0 ? (
            <ActivityTable entries={shown} />
          ) : (
            <p className="table-state">
              {entries.length === 0 ? 'No activity yet.' : 'No entries match the filters.'}
            </p>
          )}
        </>
      )}
    </section>
  );
}
