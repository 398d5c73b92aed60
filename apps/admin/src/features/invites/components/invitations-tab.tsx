import type { InviteWaveRow } from '@silk/data-access/invites';
import { MAX_WAVE_SIZE, type DripSettings, type WaveTarget } from '@silk/schema/invites';
import { formatSignupDate } from '@silk/schema/formatters';
import {
  dripPerDayInvalid,
  INVITE_DRIP_FAILED,
  INVITES_LOAD_FAILED,
  LOADING_DATA,
  NO_INVITE_WAVES,
  waveSizeInvalid,
} from '@silk/schema/messages';
import { canManageTeam, type Role } from '@silk/schema/roles';
import { Button } from '@silk/ui/button';
import { FormMessage } from '@silk/ui/form-message';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { WaveDialog } from '@/components/wave-dialog';
import { paths } from '@/config/paths';
import { callFailure } from '@/lib/call-failure';
import { setDrip, watchDrip, watchWaves } from '@/lib/invites';
import { useFormAction } from '@/lib/use-form-action';
import { useLive } from '@/lib/use-live';
import './invites.css';

const count = (value: number) => value.toLocaleString('en-US');
const hour = (value: number) => `${String(value).padStart(2, '0')}:00 UTC`;
const isCount = (value: number) => Number.isInteger(value) && value >= 1 && value <= MAX_WAVE_SIZE;

/** "Invite the next N": the size, then the wave's dialog (preview and confirmation). */
function NextWave() {
  const id = useId();
  const [size, setSize] = useState('10');
  const [error, setError] = useState('');
  const [target, setTarget] = useState<WaveTarget | null>(null);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const asked = Number(size);
    setError(isCount(asked) ? '' : waveSizeInvalid(MAX_WAVE_SIZE));
    if (isCount(asked)) setTarget({ kind: 'next', count: asked });
  }
  return (
    <form className="invites__form" onSubmit={submit} noValidate>
      <label htmlFor={id}>Invite the next people in line</label>
      <input id={id} type="number" inputMode="numeric" min={1} max={MAX_WAVE_SIZE} value={size} onChange={(event) => setSize(event.target.value)} />
      <Button type="submit">Preview the wave</Button>
      <FormMessage tone="error">{error}</FormMessage>
      {target?.kind === 'next' ? (
        <WaveDialog target={target} who={`the next ${count(target.count)}`} onClose={() => setTarget(null)} />
      ) : null}
    </form>
  );
}

/** The drip: on or paused, how many a day, at which hour (UTC). */
function DripForm({ settings }: { settings: DripSettings }) {
  const action = useFormAction<string>();
  const perDayId = useId();
  const hourId = useId();
  const [enabled, setEnabled] = useState(settings.enabled);
  const [perDay, setPerDay] = useState(settings.perDay > 0 ? String(settings.perDay) : '');
  const [hourUtc, setHourUtc] = useState(settings.hourUtc);
  function submit(event: FormEvent<HTMLFormElement>) {
    void action.submit(event, {
      validate: () => (isCount(Number(perDay)) ? null : dripPerDayInvalid(MAX_WAVE_SIZE)),
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
      <label htmlFor={perDayId}>Invitations per day</label>
      <input id={perDayId} type="number" inputMode="numeric" min={1} max={MAX_WAVE_SIZE} value={perDay} onChange={(event) => setPerDay(event.target.value)} />
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

function dripText({ enabled, perDay, hourUtc, lastRunAt }: DripSettings): string {
  const last = lastRunAt ? ` Last run ${formatSignupDate(new Date(lastRunAt))}.` : '';
  return (enabled ? `On: ${count(perDay)} a day at ${hour(hourUtc)}.` : 'Paused.') + last;
}

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

function Waves({ waves }: { waves: InviteWaveRow[] }) {
  if (waves.length === 0) return <p className="table-state">{NO_INVITE_WAVES}</p>;
  return (
    <div className="table-scroll" role="region" aria-label="Invite waves" tabIndex={0}>
      <table className="activity-table">
        <thead>
          <tr>
            <th scope="col">Started</th>
            <th scope="col">Who</th>
            <th scope="col">By</th>
            <th scope="col">Progress</th>
          </tr>
        </thead>
        <tbody>
          {waves.map((wave) => (
            <tr key={wave.id}>
              <td>{formatSignupDate(new Date(wave.createdAt))}</td>
              <td>
                {wave.target.kind === 'next' ? (
                  `The next ${count(wave.target.count)}`
                ) : (
                  <Link to={`${paths.waitlist}?${wave.target.query}`}>A filtered view</Link>
                )}
                {wave.includeUnconfirmed ? ', unconfirmed included' : ''}
              </td>
              <td>{wave.origin === 'drip' ? 'Daily drip' : wave.createdBy}</td>
              <td>
                <Progress wave={wave} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Invitations (every member): the waves with their live progress and the drip. Admins invite the next
 * people in line (preview, then confirm) and set the drip; a filtered view of the signups is invited
 * from the Waitlist Signups tab.
 */
export function InvitationsTab({ roles = [] }: { roles?: readonly Role[] }) {
  const isAdmin = canManageTeam(roles);
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
          <p className="toolbar__count">
            In the order of the waitlist. To invite everyone in a filtered view, filter the Waitlist Signups
            table and choose “Invite this view”.
          </p>
          <NextWave />
        </section>
      ) : null}

      <section className="invites__section" aria-labelledby="invites-drip">
        <h3 id="invites-drip">Daily drip</h3>
        <FormMessage tone="error">{drip.error}</FormMessage>
        {drip.value ? <p className="toolbar__count">{dripText(drip.value)}</p> : drip.error ? null : loading}
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
