import { LOADING_DATA, securityEventsCount } from '@silk/schema/messages';
import { AUDIT_ACTIONS } from '@silk/schema/roles';
import { FormMessage } from '@silk/ui/form-message';
import { SelectOptions, type SelectOption } from '@silk/ui/select-options';
import { useId, useMemo, useState } from 'react';
import { Caption } from '@/components/caption';
import { ActivityTable } from '@/features/activity/components/activity-table';
import { ACTION_LABELS } from '@/features/activity/components/audit-format';
import { useActivity } from '@/features/activity/hooks/use-activity';

const ALL = '';

const ACTION_OPTIONS: SelectOption[] = AUDIT_ACTIONS.map((name) => ({
  value: name,
  label: ACTION_LABELS[name],
}));

interface FilterSelectProps {
  label: string;
  /** The first option's text; it shows every entry. */
  allLabel: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly SelectOption[];
}

function FilterSelect({ label, allLabel, value, onChange, options }: FilterSelectProps) {
  const id = useId();
  return (
    <div className="filters__field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <SelectOptions options={[{ value: ALL, label: allLabel }, ...options]} />
      </select>
    </div>
  );
}

/**
 * Activity tab (Admins): the audit log newest first, live, filtered by actor and by action, and the
 * count of the last day's anonymous security events, which never enter the log.
 */
export function ActivityTab() {
  const { entries, securityEvents, error } = useActivity();
  const [actor, setActor] = useState(ALL);
  const [action, setAction] = useState(ALL);

  const actorOptions = useMemo(
    () =>
      [...new Set((entries ?? []).map((entry) => entry.actor))]
        .sort()
        .map((name) => ({ value: name, label: name })),
    [entries],
  );
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
        <FilterSelect
          label="Actor"
          allLabel="All actors"
          value={actor}
          onChange={setActor}
          options={actorOptions}
        />
        <FilterSelect
          label="Action"
          allLabel="All actions"
          value={action}
          onChange={setAction}
          options={ACTION_OPTIONS}
        />
      </div>
      {securityEvents !== null && (
        <Caption data-testid="security-events">{securityEventsCount(securityEvents)}</Caption>
      )}
      <FormMessage tone="error">{error}</FormMessage>
      {entries === null ? (
        error ? null : (
          <p className="table-state" role="status">
            {LOADING_DATA}
          </p>
        )
      ) : (
        <>
          <Caption role="status">
            Showing {shown.length} of {entries.length} entries
          </Caption>
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
