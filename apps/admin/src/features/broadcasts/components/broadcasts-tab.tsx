import type { BroadcastSegment, BroadcastView } from '@silk/schema/broadcasts';
import {
  BROADCASTS_LOAD_FAILED,
  broadcastReach,
  NO_BROADCASTS,
  TEAM_ACTION_FAILED,
} from '@silk/schema/messages';
import { canManageTeam, type Role } from '@silk/schema/roles';
import { Button } from '@silk/ui/button';
import { Card } from '@silk/ui/card';
import { FormMessage } from '@silk/ui/form-message';
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { callFailure } from '@/lib/error-message';
import {
  countReach,
  loadBroadcasts,
  newRequestId,
  sendBroadcast,
  sendTest,
} from '@/features/broadcasts/api/broadcasts';

/** The signups table's view from its link (or its query alone): the part after `?`. */
function viewQuery(link: string): string {
  const text = link.trim();
  const index = text.indexOf('?');
  return index >= 0 ? text.slice(index + 1) : text;
}

const when = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ') + ' UTC';

function BroadcastList({ broadcasts }: { broadcasts: BroadcastView[] }) {
  if (broadcasts.length === 0) return <p>{NO_BROADCASTS}</p>;
  return (
    <table className="insights-table">
      <caption className="visually-hidden">Broadcasts and their figures</caption>
      <thead>
        <tr>
          <th scope="col">Subject</th>
          <th scope="col">State</th>
          <th scope="col">Goes out</th>
          <th scope="col">Reach</th>
          <th scope="col">Sent</th>
          <th scope="col">Failed</th>
          <th scope="col">Skipped</th>
          <th scope="col">Bounced</th>
          <th scope="col">Unsubscribed after</th>
          <th scope="col">Outcome unknown</th>
        </tr>
      </thead>
      <tbody>
        {broadcasts.map((broadcast) => (
          <tr key={broadcast.id}>
            <td>{broadcast.subject}</td>
            <td>{broadcast.state}</td>
            <td>{when(broadcast.sendAt)}</td>
            <td>{broadcast.total}</td>
            <td>{broadcast.sent}</td>
            <td>{broadcast.failed}</td>
            <td>{broadcast.skipped}</td>
            <td>{broadcast.bounced}</td>
            <td>{broadcast.unsubscribed}</td>
            <td>{broadcast.unknown}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The Admin's form: subject, Markdown, segment, the reach, a test to oneself, send now or at a time. */
function Composer({ onSent }: { onSent: () => void }) {
  const id = useId();
  const [subject, setSubject] = useState('');
  const [markdown, setMarkdown] = useState('');
  const [kind, setKind] = useState<BroadcastSegment['kind']>('confirmed');
  const [viewLink, setViewLink] = useState('');
  const [sendAt, setSendAt] = useState('');
  const [requestId, setRequestId] = useState(newRequestId);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const segment = (): BroadcastSegment =>
    kind === 'confirmed' ? { kind } : { kind, query: viewQuery(viewLink) };
  const run = async (step: () => Promise<string>) => {
    setBusy(true);
    setResult(null);
    try {
      setResult({ tone: 'success', text: await step() });
    } catch (error) {
      setResult({ tone: 'error', text: callFailure(error, TEAM_ACTION_FAILED) });
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const at = sendAt ? Date.parse(`${sendAt}Z`) : undefined;
    void run(async () => {
      const message = await sendBroadcast({
        subject,
        markdown,
        segment: segment(),
        ...(at !== undefined && !Number.isNaN(at) ? { sendAt: at } : {}),
        requestId,
      });
      setRequestId(newRequestId());
      onSent();
      return message;
    });
  };
  return (
    <form onSubmit={submit} aria-describedby={`${id}-result`}>
      <div className="ui-field">
        <label className="ui-field__label" htmlFor={`${id}-subject`}>
          Subject
        </label>
        <input
          id={`${id}-subject`}
          className="ui-field__input"
          required
          maxLength={200}
          value={subject}
          onChange={(event) => setSubject(event.target.value)}
        />
      </div>
      <div className="ui-field">
        <label className="ui-field__label" htmlFor={`${id}-body`}>
          Message (Markdown)
        </label>
        <textarea
          id={`${id}-body`}
          className="ui-field__input"
          rows={10}
          required
          aria-describedby={`${id}-body-hint`}
          value={markdown}
          onChange={(event) => setMarkdown(event.target.value)}
        />
        <p id={`${id}-body-hint`} className="ui-field__hint">
          Headings, bold, lists and links. Scripts and other HTML are removed; every mail ends with an
          unsubscribe footer.
        </p>
      </div>
      <fieldset className="ui-field">
        <legend className="ui-field__label">Who it goes to</legend>
        <label>
          <input
            type="radio"
            name={`${id}-segment`}
            checked={kind === 'confirmed'}
            onChange={() => setKind('confirmed')}
          />{' '}
          Everyone confirmed
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-segment`}
            checked={kind === 'view'}
            onChange={() => setKind('view')}
          />{' '}
          The confirmed people of a signups table view
        </label>
        {kind === 'view' ? (
          <div className="ui-field">
            <label className="ui-field__label" htmlFor={`${id}-view`}>
              The signups table’s link (its filters and search)
            </label>
            <input
              id={`${id}-view`}
              className="ui-field__input"
              value={viewLink}
              onChange={(event) => setViewLink(event.target.value)}
            />
          </div>
        ) : null}
      </fieldset>
      <div className="ui-field">
        <label className="ui-field__label" htmlFor={`${id}-at`}>
          Send at (UTC; empty: now)
        </label>
        <input
          id={`${id}-at`}
          type="datetime-local"
          className="ui-field__input"
          value={sendAt}
          onChange={(event) => setSendAt(event.target.value)}
        />
      </div>
      <div id={`${id}-result`}>
        {result ? <FormMessage tone={result.tone}>{result.text}</FormMessage> : null}
      </div>
      <div className="broadcast-actions">
        <Button
          type="button"
          variant="secondary"
          disabled={busy}
          onClick={() => void run(async () => broadcastReach(await countReach(segment())))}
        >
          Count reach
        </Button>
        <Button
          type="button"
          variant="secondary"
          disabled={busy || !subject.trim() || !markdown.trim()}
          onClick={() => void run(() => sendTest(subject, markdown))}
        >
          Send a test to me
        </Button>
        <Button type="submit" disabled={busy}>
          {sendAt ? 'Schedule' : 'Send now'}
        </Button>
      </div>
    </form>
  );
}

/** Broadcasts tab: every member sees the broadcasts and their figures; Admins write and send them. */
export function BroadcastsTab({ roles = [] }: { roles?: readonly Role[] }) {
  const [broadcasts, setBroadcasts] = useState<BroadcastView[] | null>(null);
  const [loadError, setLoadError] = useState('');
  const reload = useCallback(() => {
    loadBroadcasts().then(
      (list) => {
        setBroadcasts(list);
        setLoadError('');
      },
      (error: unknown) => setLoadError(callFailure(error, BROADCASTS_LOAD_FAILED)),
    );
  }, []);
  useEffect(reload, [reload]);
  return (
    <section className="tab" aria-labelledby="broadcasts-heading">
      <h2 id="broadcasts-heading" className="tab__title">
        Broadcasts
      </h2>
      {canManageTeam(roles) ? (
        <Card heading="Write a broadcast">
          <Composer onSent={reload} />
        </Card>
      ) : null}
      <Card heading="Sent and scheduled">
        <FormMessage tone="error">{loadError}</FormMessage>
        {broadcasts ? <BroadcastList broadcasts={broadcasts} /> : null}
        <Button type="button" variant="secondary" onClick={reload}>
          Refresh
        </Button>
      </Card>
    </section>
  );
}
