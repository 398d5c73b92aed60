import type { InviteWaveRow } from '@silk/data-access/invites';
import { MAX_WAVE_SIZE, type DripSettings, type WaveTarget } from '@silk/schema/invites';
import { formatSignupDate } from '@silk/schema/formatters';
import {
  INVITE_DRIP_FAILED,
  inviteCountInvalid,
  INVITES_LOAD_FAILED,
  LOADING_DATA,
  NO_INVITE_WAVES,
} from '@silk/schema/messages';
import { canManageTeam, type Role } from '@silk/schema/roles';
import { isFilteredView, parseSignupView, signupViewToSearchParams } from '@silk/schema/signup-view';
import { Button } from '@silk/ui/button';
import { FormMessage } from '@silk/ui/form-message';
import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Caption } from '@/components/caption';
import { CountInput } from '@/components/count-input';
import { RecordTable, type RecordColumn } from '@/components/record-table';
import { paths } from '@/config/paths';
import { callFailure } from '@/lib/error-message';
import { setDrip, watchDrip, watchWaves } from '@/features/invites/api/invites';
import { useFormAction } from '@/lib/use-form-action';
import { useLive } from '@/lib/use-live';
import { WaveDialog } from './wave-dialog';

const count = (value: number) => value.toLocaleString('en-US');
const hour = (value: number) => `${String(value).padStart(2, '0')}:00 UTC`;
const isCount = (value: number) => Number.isInteger(value) && value >= 1 && value <= MAX_WAVE_SIZE;

/**
 * "Invite the next N" (the size, then the wave's dialog: preview and confirmation) and, when the tab was
 * opened from a filtered view of the signups ("Invite this view"), "Invite everyone in this view".
 */
function NewWave({ viewQuery }: { viewQuery: string | null }) {
  const [size, setSize] = useState('10');
  const [error, setError] = useState('');
  const [wave, setWave] = useState<{ target: WaveTarget; who: string } | null>(null);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const asked = Number(size);
    setError(isCount(asked) ? '' : inviteCountInvalid(MAX_WAVE_SIZE));
    if (isCount(asked)) setWave({ target: { kind: 'next', count: asked }, who: `the next ${count(asked)}` });
  }
  return (
    <>
      <form className="invites__form" onSubmit={submit} noValidate>
        <CountInput
          label="Invite the next people in line"
          max={MAX_WAVE_SIZE}
          value={size}
          onChange={setSize}
        />
        <Button type="submit">Preview the wave</Button>
        <FormMessage tone="error">{error}</FormMessage>
      </form>
      {viewQuery === null ? null : (
        <p className="invites__form">
          <Link to={`${paths.waitlist}?${viewQuery}`}>The filtered view of the signups</Link>
          <Button
            type="button"
            variant="secondary"
            onClick={() =>
              setWave({ target: { kind: 'view', query: viewQuery }, who: 'everyone in this filtered view' })
            }
          >
            Invite everyone in this view
          </Button>
        </p>
      )}
      {wave ? <WaveDialog target={wave.target} who={wave.who} onClose={() => setWave(null)} /> : null}
    </>
  );
}

/** The drip: on or paused, how many a day, at which hour (UTC). */
function DripForm({ settings }: { settings: DripSettings }) {
  const action = useFormAction<string>();
  const hourId = useId();
  const [enabled, setEnabled] = useState(settings.enabled);
  const [perDay, setPerDay] = useState(settings.perDay > 0 ? String(settings.perDay) : '');
  const [hourUtc, setHourUtc] = useState(settings.hourUtc);
  function submit(event: FormEvent<HTMLFormElement>) {
    void action.submit(event, {
      validate: () => (isCount(Number(perDay)) ? null : inviteCountInvalid(MAX_WAVE_SIZE)),
      run: () => setDrip({ enabled, perDay: Number(perDay), hourUtc }),
      failure: (error) => callFailure(error, INVITE_DRIP_FAILED),
    });
  }
  return (
    <form className="invites__form" onSubmit={submit} noValidate>
      <label className="invites__check">
        <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
        Invite people every day
      </label>
      <CountInput label="Invitations per day" max={MAX_WAVE_SIZE} value={perDay} onChange={setPerDay} />
      <label htmlFor={hourId}>At (UTC)</label>
      <select id={hourId} value={hourUtc} onChange={(event) => setHourUtc(Number(event.target.value))}>
        {Array.from({ length: 24 }, (_, value) => (
          <option key={value} value={value}>
            {hour(value)}
          </option>
        ))}
      </select>
      <Button type="submit" disabled={action.pending} aria-busy={action.pending}>
        Save the drip
      </Button>
      <FormMessage tone="error">{action.error}</FormMessage>
      <FormMessage tone="success">{action.success}</FormMessage>
    </form>
  );
}

const dripText = ({ enabled, perDay, hourUtc }: DripSettings) =>
  enabled ? `On: ${count(perDay)} a day at ${hour(hourUtc)}.` : 'Paused.';

function Progress({ wave }: { wave: InviteWaveRow }) {
  const text = `${count(wave.invited)} of ${count(wave.total)}`;
  if (wave.state === 'failed') return <>Failed at {text}</>;
  if (wave.state === 'done') return <>Done: {count(wave.invited)} invited</>;
  return (
    <label>
      <progress value={wave.invited} max={Math.max(wave.total, 1)} /> {text}
    </label>
  );
}

/** Who started a wave that no staff member started. */
const WAVE_ORIGINS: Partial<Record<InviteWaveRow['origin'], string>> = {
  drip: 'Daily drip',
  reward: 'Reward tier',
};

const WAVE_COLUMNS: readonly RecordColumn<InviteWaveRow>[] = [
  { header: 'Started', cell: (wave) => formatSignupDate(new Date(wave.createdAt)) },
  {
    header: 'Who',
    cell: (wave) => (
      <>
        {wave.target.kind === 'next' ? (
          `The next ${count(wave.target.count)}`
        ) : wave.target.kind === 'reward' ? (
          `${wave.target.email}, who reached ${wave.target.tierName}`
        ) : (
          <Link to={`${paths.waitlist}?${wave.target.query}`}>A filtered view</Link>
        )}
        {wave.includeUnconfirmed ? ', unconfirmed included' : ''}
      </>
    ),
  },
  { header: 'By', cell: (wave) => WAVE_ORIGINS[wave.origin] ?? wave.createdBy },
  { header: 'Progress', cell: (wave) => <Progress wave={wave} /> },
];

function Waves({ waves }: { waves: InviteWaveRow[] }) {
  if (waves.length === 0) return <p className="table-state">{NO_INVITE_WAVES}</p>;
  return <RecordTable label="Invite waves" rows={waves} rowKey={(wave) => wave.id} columns={WAVE_COLUMNS} />;
}

/**
 * Invitations (every member): the waves with their live progress and the drip. Admins invite the next
 * people in line or everyone in the signups' filtered view this tab was opened with (its URL's query),
 * each with a preview and a confirmation, and set the drip.
 */
export function InvitationsTab({ roles = [] }: { roles?: readonly Role[] }) {
  const isAdmin = canManageTeam(roles);
  const view = parseSignupView(useSearchParams()[0]);
  const waves = useLive(watchWaves, INVITES_LOAD_FAILED);
  const drip = useLive(watchDrip, INVITES_LOAD_FAILED);
  const loading = (
    <p className="table-state" role="status">
      {LOADING_DATA}
    </p>
  );
  return (
    <section className="tab invites" aria-labelledby="invites-heading">
      <h2 id="invites-heading" className="tab__title">
        Invitations
      </h2>
      {isAdmin ? (
        <section className="invites__section" aria-labelledby="invites-next">
          <h3 id="invites-next">Invite from the waitlist</h3>
          <Caption>
            In the order of the waitlist; for a filtered view, filter the signups and choose “Invite this
            view”.
          </Caption>
          <NewWave viewQuery={isFilteredView(view) ? signupViewToSearchParams(view).toString() : null} />
        </section>
      ) : null}

      <section className="invites__section" aria-labelledby="invites-drip">
        <h3 id="invites-drip">Daily drip</h3>
        <FormMessage tone="error">{drip.error}</FormMessage>
        {drip.value ? <Caption>{dripText(drip.value)}</Caption> : drip.error ? null : loading}
        {isAdmin && drip.value ? <DripForm settings={drip.value} /> : null}
      </section>

      <section className="invites__section" aria-labelledby="invites-waves">
        <h3 id="invites-waves">Waves</h3>
        <FormMessage tone="error">{waves.error}</FormMessage>
        {waves.value ? <Waves waves={waves.value} /> : waves.error ? null : loading}
      </section>
    </section>
  );
}
