import { formatSignupDate } from '@silk/schema/formatters';
import {
  LOADING,
  NO_WEBHOOK_DELIVERIES,
  NO_WEBHOOKS,
  WEBHOOK_ACTION_FAILED,
  WEBHOOK_ADDED,
  WEBHOOK_REMOVED,
  WEBHOOK_REQUEST_INVALID,
  WEBHOOK_SECRET_ONCE,
  WEBHOOK_SENT_AGAIN,
  webhookToggled,
} from '@silk/schema/messages';
import type { WebhookEndpointView } from '@silk/schema/webhooks';
import { WEBHOOK_EVENT_TYPES } from '@silk/schema/webhooks';
import { Button } from '@silk/ui/button';
import { Card } from '@silk/ui/card';
import { ColumnHeaders } from '@silk/ui/column-headers';
import { FormMessage } from '@silk/ui/form-message';
import { TextField } from '@silk/ui/text-field';
import { useState } from 'react';
import { ActionForm } from '@/components/action-form';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { CopyButton } from '@/components/copy-button';
import { removeEndpoint, saveEndpoint, sendAgain } from '@/features/webhooks/api/webhooks';
import { useWebhooks, type Webhooks } from '@/features/webhooks/hooks/use-webhooks';
import { callFailure } from '@/lib/error-message';
import { useFormAction } from '@/lib/use-form-action';
import { useTextInput } from '@/lib/use-text-input';

const when = (at: number | null) => (at ? formatSignupDate(new Date(at)) : '—');
const failure = (error: unknown) => callFailure(error, WEBHOOK_ACTION_FAILED);

/** "Add a webhook": URL, events, description; the answer's signing secret is shown this once. */
function AddWebhook({ onAdded }: { onAdded: () => void }) {
  const url = useTextInput('url');
  const description = useTextInput('description');
  const [events, setEvents] = useState<ReadonlySet<string>>(new Set());
  const action = useFormAction<string>();
  const toggle = (type: string) =>
    setEvents((current) => {
      const next = new Set(current);
      if (!next.delete(type)) next.add(type);
      return next;
    });
  const secret = action.success;
  return (
    <Card heading="Add a webhook">
      <ActionForm
        action={action}
        submitLabel="Add webhook"
        steps={() => ({
          validate: () => (url.value.trim() === '' || events.size === 0 ? WEBHOOK_REQUEST_INVALID : null),
          run: async () =>
            (await saveEndpoint({ url: url.value.trim(), events: WEBHOOK_EVENT_TYPES.filter((type) => events.has(type)), description: description.value.trim() })).secret ?? '',
          failure,
          onSuccess: () => {
            url.set('');
            description.set('');
            setEvents(new Set());
            onAdded();
          },
        })}
        success={
          secret === null ? null : (
            <span>
              {WEBHOOK_ADDED} {WEBHOOK_SECRET_ONCE} <code>{secret}</code> <CopyButton text={secret} label="Copy secret" />
            </span>
          )
        }
      >
        <TextField label="Endpoint URL" type="url" autoComplete="off" placeholder="https://" {...url.props} />
        <fieldset className="roles">
          <legend className="roles__legend">Events</legend>
          <div className="roles__grid">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <label key={type} className="roles__option">
                <input type="checkbox" checked={events.has(type)} onChange={() => toggle(type)} />
                <span>{type}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <TextField label="Description (optional)" autoComplete="off" maxLength={200} {...description.props} />
      </ActionForm>
    </Card>
  );
}

/** The endpoints (switch on or off, remove after a confirmation) and the newest deliveries with "Send again". */
function Lists({ hooks }: { hooks: Webhooks }) {
  const action = useFormAction<string>();
  const [removing, setRemoving] = useState<WebhookEndpointView | null>(null);
  const run = (work: () => Promise<unknown>, message: string) =>
    void action.submit(null, {
      run: async () => {
        await work();
        return message;
      },
      failure,
      onSuccess: hooks.refresh,
    });
  const { list } = hooks;
  const urls = new Map(list?.endpoints.map((endpoint) => [endpoint.id, endpoint.url]));
  return (
    <>
      <FormMessage tone="error">{action.error || hooks.error}</FormMessage>
      <FormMessage tone="success">{action.success}</FormMessage>
      {list === null ? (
        hooks.error ? null : (
          <p className="table-state" role="status">
            {LOADING}
          </p>
        )
      ) : (
        <>
          <Card heading="Webhooks">
            {list.endpoints.length === 0 ? (
              <p className="table-state">{NO_WEBHOOKS}</p>
            ) : (
              <div className="table-scroll">
                <table className="activity-table" aria-label="Webhooks" aria-busy={action.pending}>
                  <ColumnHeaders columns={['URL', 'Events', 'Description', 'Status', 'Added', 'Actions']} />
                  <tbody>
                    {list.endpoints.map((endpoint) => (
                      <tr key={endpoint.id}>
                        <th scope="row">{endpoint.url}</th>
                        <td>{endpoint.events.join(', ')}</td>
                        <td>{endpoint.description}</td>
                        <td>{endpoint.enabled ? 'Enabled' : 'Disabled'}</td>
                        <td>{when(endpoint.createdAt)}</td>
                        <td>
                          <div className="team-table__actions">
                            <Button
                              type="button"
                              variant="secondary"
                              onClick={() => run(() => saveEndpoint({ ...endpoint, enabled: !endpoint.enabled }), webhookToggled(!endpoint.enabled))}
                            >
                              {endpoint.enabled ? 'Disable' : 'Enable'}
                              <span className="visually-hidden"> {endpoint.url}</span>
                            </Button>
                            <Button type="button" variant="danger" onClick={() => setRemoving(endpoint)}>
                              Remove<span className="visually-hidden"> {endpoint.url}</span>
                            </Button>
                          </div>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Card>
          <Card heading="Deliveries">
            {list.deliveries.length === 0 ? (
              <p className="table-state">{NO_WEBHOOK_DELIVERIES}</p>
            ) : (
              <div className="table-scroll">
                <table className="activity-table" aria-label="Deliveries">
                  <ColumnHeaders columns={['Event', 'Endpoint', 'Status', 'Attempts', 'Last answer', 'When', 'Actions']} />
                  <tbody>
                    {list.deliveries.map((delivery) => (
                      <tr key={delivery.id}>
                        <th scope="row">{delivery.type}</th>
                        <td>{urls.get(delivery.endpointId) ?? 'Removed'}</td>
                        <td>{delivery.status === 'pending' && delivery.nextAttemptAt ? `retry ${when(delivery.nextAttemptAt)}` : delivery.status}</td>
                        <td>{delivery.attempts}</td>
                        <td>{[delivery.lastStatus, delivery.lastAnswer].filter((part) => part !== null && part !== '').join(' ')}</td>
                        <td>{when(delivery.lastAttemptAt ?? delivery.createdAt)}</td>
                        <td>
                          <Button type="button" variant="secondary" onClick={() => run(() => sendAgain(delivery.id), WEBHOOK_SENT_AGAIN)}>
                            Send again<span className="visually-hidden"> {delivery.type}</span>
                          </Button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Card>
        </>
      )}
      {removing ? (
        <ConfirmDialog
          title="Remove this webhook?"
          confirmLabel="Remove"
          onCancel={() => setRemoving(null)}
          onConfirm={() => {
            setRemoving(null);
            run(() => removeEndpoint(removing.id), WEBHOOK_REMOVED);
          }}
        >
          {removing.url} receives no more events, and its deliveries waiting for a retry stop.
        </ConfirmDialog>
      ) : null}
    </>
  );
}

/** Webhooks tab (Admins): signed outgoing webhooks, PRODUCT.md#webhooks. */
export function WebhooksTab() {
  const hooks = useWebhooks();
  return (
    <section className="tab" aria-labelledby="webhooks-heading">
      <h2 id="webhooks-heading" className="tab__title">
        Webhooks
      </h2>
      <AddWebhook onAdded={hooks.refresh} />
      <Lists hooks={hooks} />
    </section>
  );
}
