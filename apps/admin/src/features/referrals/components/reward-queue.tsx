import { formatSignupDate } from '@silk/schema/formatters';
import { NO_REWARD_ENTRIES, REWARDS_LOAD_FAILED } from '@silk/schema/messages';
import type { RewardEntry, RewardStatus, RewardTier } from '@silk/schema/rewards';
import { Button } from '@silk/ui/button';
import { FormMessage } from '@silk/ui/form-message';
import { useId, useState } from 'react';
import { RecordTable, type RecordColumn } from '@/components/record-table';
import { fulfilReward } from '@/features/referrals/api/referrals';
import { callFailure } from '@/lib/error-message';
import { useFormAction } from '@/lib/use-form-action';

type QueueEntry = RewardEntry & { id: string };
type StatusFilter = RewardStatus | 'all';
const ALL_TIERS = 'all';

const STATUS_FILTERS: ReadonlyArray<{ value: StatusFilter; label: string }> = [
  { value: 'unfulfilled', label: 'Unfulfilled' },
  { value: 'fulfilled', label: 'Fulfilled' },
  { value: 'revoked', label: 'Taken back' },
  { value: 'all', label: 'All' },
];

const when = (at: number | undefined) => (at ? formatSignupDate(new Date(at)) : 'N/A');

function stateOf(entry: QueueEntry): string {
  if (entry.status === 'fulfilled')
    return `Fulfilled by ${entry.fulfilledBy ?? 'N/A'}, ${when(entry.fulfilledAt)}`;
  if (entry.status === 'revoked')
    return `Taken back by ${entry.revokedBy ?? 'N/A'}, ${when(entry.revokedAt)}`;
  return 'Waiting';
}

const COLUMNS: readonly RecordColumn<QueueEntry>[] = [
  { header: 'Person', cell: (entry) => entry.email },
  { header: 'Reward', cell: (entry) => entry.tierName },
  { header: 'Referrals', cell: (entry) => entry.referrals.toLocaleString('en-US') },
  { header: 'Reached', cell: (entry) => when(entry.reachedAt) },
  { header: 'State', cell: stateOf },
];

/** The tiers to filter by: those defined now, then any only the entries still name. */
function tierChoices(tiers: readonly RewardTier[], entries: readonly QueueEntry[]) {
  const choices = new Map(tiers.map((tier) => [tier.id, tier.name]));
  for (const entry of entries) if (!choices.has(entry.tierId)) choices.set(entry.tierId, entry.tierName);
  return [...choices];
}

interface RewardQueueProps {
  /** null while loading. */
  entries: QueueEntry[] | null;
  tiers: RewardTier[];
  /** Admins get "Mark fulfilled" on each unfulfilled entry. */
  canFulfil: boolean;
}

/** The people who reached a tier, newest first, live; filtered by state and tier; Admins mark them fulfilled. */
export function RewardQueue({ entries, tiers, canFulfil }: RewardQueueProps) {
  const action = useFormAction<string>();
  const [status, setStatus] = useState<StatusFilter>('unfulfilled');
  const [tier, setTier] = useState<string>(ALL_TIERS);
  const [marking, setMarking] = useState<string | null>(null);
  const statusId = useId();
  const tierId = useId();

  const actionColumn: RecordColumn<QueueEntry> = {
    header: 'Fulfilment',
    cell: (entry) =>
      entry.status === 'unfulfilled' ? (
        <Button
          type="button"
          disabled={action.pending}
          aria-busy={action.pending && marking === entry.id}
          aria-label={`Mark fulfilled: ${entry.tierName} for ${entry.email}`}
          onClick={() => markFulfilled(entry.id)}
        >
          Mark fulfilled
        </Button>
      ) : null,
  };

  function markFulfilled(id: string) {
    setMarking(id);
    void action.submit(null, {
      run: () => fulfilReward(id),
      failure: (error) => callFailure(error, REWARDS_LOAD_FAILED),
      onSuccess: () => setMarking(null),
    });
  }

  const shown = (entries ?? []).filter(
    (entry) => (status === 'all' || entry.status === status) && (tier === ALL_TIERS || entry.tierId === tier),
  );

  return (
    <>
      <div className="rewards__filters">
        <div className="filters__field">
          <label htmlFor={statusId}>Show</label>
          <select
            id={statusId}
            value={status}
            onChange={(event) => setStatus(event.target.value as StatusFilter)}
          >
            {STATUS_FILTERS.map((filter) => (
              <option key={filter.value} value={filter.value}>
                {filter.label}
              </option>
            ))}
          </select>
        </div>
        <div className="filters__field">
          <label htmlFor={tierId}>Reward</label>
          <select id={tierId} value={tier} onChange={(event) => setTier(event.target.value)}>
            <option value={ALL_TIERS}>All rewards</option>
            {tierChoices(tiers, entries ?? []).map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <FormMessage tone="error">{action.error}</FormMessage>
      <FormMessage tone="success">{action.success}</FormMessage>
      {entries === null ? null : shown.length === 0 ? (
        <p className="table-state">{NO_REWARD_ENTRIES}</p>
      ) : (
        <RecordTable
          label="Reward fulfilment queue"
          rows={shown}
          rowKey={(entry) => entry.id}
          columns={canFulfil ? [...COLUMNS, actionColumn] : COLUMNS}
        />
      )}
    </>
  );
}
