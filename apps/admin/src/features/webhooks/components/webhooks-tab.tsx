import {
  ALERT_EVENT_LABELS,
  ALERT_EVENT_TYPES,
  isAlertKind,
  WEBHOOK_KIND_LABELS,
  WEBHOOK_KINDS,
  type EndpointEventType,
  type WebhookKind,
} from '@silk/schema/alerts';
import { formatSignupDate } from '@silk/schema/formatters';
import {
  LOADING,
  NO_WEBHOOK_DELIVERIES,
  NO_WEBHOOKS,
  WEBHOOK_ACTION_FAILED,
  WEBHOOK_ADDED,
  WEBHOOK_ALERT_ADDED,
  WEBHOOK_REMOVED,
  WEBHOOK_SENT_AGAIN,
  WEBHOOK_SAVED,
} from '@silk/schema/messages';
import type { WebhookListResponse, WebhookSaveRequest } from '@silk/schema/webhook-api';
import { WEBHOOK_EVENT_TYPES, type WebhookEndpointView } from '@silk/schema/webhooks';
import { Button } from '@silk/ui/button';
import { Card } from '@silk/ui/card';
import { FormMessage } from '@silk/ui/form-message';
import { TextField } from '@silk/ui/text-field';
import { useCallback, useState } from 'react';
import { ActionForm } from '@/components/action-form';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { RecordTable, type RecordTableProps } from '@/components/record-table';
import { callFailure } from '@/lib/error-message';
import { useFormAction } from '@/lib/use-form-action';
import { useLive } from '@/lib/use-live';
import { useTextInput } from '@/lib/use-text-input';
import { webhookCall } from '@/features/webhooks/api/webhooks';

/** How often the open tab lists the deliveries again. */
const REFRESH_MS = 10_000;

const failure = (error: unknown) => callFailure(error, WEBHOOK_ACTION_FAILED);
const save = (request: WebhookSaveRequest) => webhookCall('webhookSave', request);

/** The events a kind may subscribe to, and how the form names each. */
const eventsOf = (kind: WebhookKind): readonly EndpointEventType[] =>
  isAlertKind(kind) ? ALERT_EVENT_TYPES : WEBHOOK_EVENT_TYPES;
const eventLabel = (kind: WebhookKind, type: EndpointEventType) =>
  isAlertKind(kind) ? (ALERT_EVENT_LABELS[type as keyof typeof ALERT_EVENT_LABELS] ?? type) : type;
const URL_HINTS: Record<WebhookKind, string> = {
  standard: 'https://',
  slack: 'https://hooks.slack.com/services/…',
  discord: 'https://discord.com/api/webhooks/…',
};

/** "Add a webhook": kind, URL, events, description (checked by the server only); a standard webhook's signing secret is shown this once. */
function AddWebhook({ onAdded }: { onAdded: () => void }) {
  const url = useTextInput('url');
  const description = useTextInput('description');
  const [kind, setKind] = useState<WebhookKind>('standard');
  const [events, setEvents] = useState<string[]>([]);
  const action = useFormAction<string>();
  const secret = action.success;
  return (
    <Card heading="Add a webhook">
      <ActionForm
        action={action}
        submitLabel="Add webhook"
        steps={() => ({
          run: async () =>
            (
              await save({
                url: url.value.trim(),
                ...(isAlertKind(kind) ? { kind } : {}),
                events: eventsOf(kind).filter((type) => events.includes(type)),
                description: description.value.trim(),
              })
            ).secret ?? WEBHOOK_ALERT_ADDED,
          failure,
          onSuccess: () => {
            url.set('');
            description.set('');
            setEvents([]);
            onAdded();
          },
        })}
        success={
          secret === WEBHOOK_ALERT_ADDED
            ? secret
            : secret && (
                <span>
                  {WEBHOOK_ADDED} <code>{secret}</code>{' '}
                  <Button
                    type="button"
                    variant="secondary"
                    onClick={() => void navigator.clipboard?.writeText(secret)}
                  >
                    Copy secret
                  </Button>
                </span>
              )
        }
      >
        <fieldset className="roles">
          <legend className="roles__legend">Kind</legend>
          <div className="roles__grid">
            {WEBHOOK_KINDS.map((option) => (
              <label key={option} className="roles__option">
                <input
                  type="radio"
                  name="webhook-kind"
                  checked={kind === option}
                  onChange={() => {
                    setKind(option);
                    setEvents([]);
                  }}
                />
                {WEBHOOK_KIND_LABELS[option]}
              </label>
            ))}
          </div>
        </fieldset>
        <TextField
          label="Endpoint URL"
          type="url"
          autoComplete="off"
          placeholder={URL_HINTS[kind]}
          {...url.props}
        />
        <fieldset className="roles">
          <legend className="roles__legend">Events</legend>
          <div className="roles__grid">
            {eventsOf(kind).map((type) => (
              <label key={type} className="roles__option">
                <input
                  type="checkbox"
                  checked={events.includes(type)}
                  onChange={() =>
                    setEvents((current) =>
                      current.includes(type) ? current.filter((other) => other !== type) : [...current, type],
                    )
                  }
                />
                {eventLabel(kind, type)}
              </label>
            ))}
          </div>
        </fieldset>
        <TextField label="Description (optional)" autoComplete="off" maxLength={200} {...description.props} />
      </ActionForm>
    </Card>
  );
}

/** A card with a table of records, or `empty` when there are none. */
function TableCard<Row>({
  label,
  empty,
  ...table
}: { label: string; empty: string } & Omit<RecordTableProps<Row>, 'label'>) {
  return (
    <Card heading={label}>
      {table.rows.length ? <RecordTable label={label} {...table} /> : <p className="table-state">{empty}</p>}
    </Card>
  );
}

/** Webhooks tab (Admins, PRODUCT.md#webhooks): add an endpoint (a standard signed webhook, a Slack or a Discord alert), switch it on or off, remove it; the newest deliveries with "Send again", listed again every few seconds. */
export function WebhooksTab() {
  const [version, setVersion] = useState(0);
  const refresh = () => setVersion((current) => current + 1);
  const watch = useCallback(
    (onValue: (value: WebhookListResponse) => void, onError: (error: Error) => void) => {
      const load = () => void webhookCall('webhookList', {}).then(onValue, onError);
      load();
      const timer = setInterval(load, REFRESH_MS);
      return () => clearInterval(timer);
    },
    // A change lists again at once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [version],
  );
  const { value: list, error } = useLive(watch, WEBHOOK_ACTION_FAILED);
  const action = useFormAction<string>();
  const [removing, setRemoving] = useState<WebhookEndpointView | null>(null);
  const run = (work: () => Promise<unknown>, message: string) =>
    void action.submit(null, {
      run: async () => {
        await work();
        return message;
      },
      failure,
      onSuccess: refresh,
    });
  const urls = new Map(list?.endpoints.map((endpoint) => [endpoint.id, endpoint.url]));
  return (
    <section className="tab" aria-labelledby="webhooks-heading">
      <h2 id="webhooks-heading" className="tab__title">
        Webhooks
      </h2>
      <AddWebhook onAdded={refresh} />
      <FormMessage tone="error">{action.error || error}</FormMessage>
      <FormMessage tone="success">{action.success}</FormMessage>
      {list ? (
        <>
          <TableCard
            label="Endpoints"
            empty={NO_WEBHOOKS}
            rows={list.endpoints}
            rowKey={(endpoint) => endpoint.id}
            columns={[
              { header: 'URL', rowHeader: true, cell: (endpoint) => endpoint.url },
              { header: 'Kind', cell: (endpoint) => WEBHOOK_KIND_LABELS[endpoint.kind] },
              {
                header: 'Events',
                cell: (endpoint) => endpoint.events.map((type) => eventLabel(endpoint.kind, type)).join(', '),
              },
              { header: 'Description', cell: (endpoint) => endpoint.description },
              { header: 'Status', cell: (endpoint) => (endpoint.enabled ? 'Enabled' : 'Disabled') },
              {
                header: 'Actions',
                cell: (endpoint) => (
                  <>
                    <Button
                      type="button"
                      variant="secondary"
                      aria-label={`${endpoint.enabled ? 'Disable' : 'Enable'} ${endpoint.url}`}
                      onClick={() =>
                        run(() => save({ ...endpoint, enabled: !endpoint.enabled }), WEBHOOK_SAVED)
                      }
                    >
                      {endpoint.enabled ? 'Disable' : 'Enable'}
                    </Button>{' '}
                    <Button
                      type="button"
                      variant="danger"
                      aria-label={`Remove ${endpoint.url}`}
                      onClick={() => setRemoving(endpoint)}
                    >
                      Remove
                    </Button>
                  </>
                ),
              },
            ]}
          />
          <TableCard
            label="Deliveries"
            empty={NO_WEBHOOK_DELIVERIES}
            rows={list.deliveries}
            rowKey={(delivery) => delivery.id}
            columns={[
              {
                header: 'Event',
                rowHeader: true,
                cell: (delivery) =>
                  delivery.count === undefined
                    ? delivery.type
                    : `${delivery.type} (digest of ${delivery.count})`,
              },
              { header: 'Endpoint', cell: (delivery) => urls.get(delivery.endpointId) ?? 'Removed' },
              { header: 'Status', cell: (delivery) => delivery.status },
              { header: 'Attempts', cell: (delivery) => delivery.attempts },
              {
                header: 'Last answer',
                cell: (delivery) => `${delivery.lastStatus ?? ''} ${delivery.lastAnswer}`.trim(),
              },
              {
                header: 'When',
                cell: (delivery) => formatSignupDate(new Date(delivery.lastAttemptAt ?? delivery.createdAt)),
              },
              {
                header: 'Actions',
                cell: (delivery) => (
                  <Button
                    type="button"
                    variant="secondary"
                    aria-label={`Send again ${delivery.type}`}
                    onClick={() =>
                      run(
                        () => webhookCall('webhookRedeliver', { deliveryId: delivery.id }),
                        WEBHOOK_SENT_AGAIN,
                      )
                    }
                  >
                    Send again
                  </Button>
                ),
              },
            ]}
          />
        </>
      ) : error ? null : (
        <p className="table-state" role="status">
          {LOADING}
        </p>
      )}
      {removing && (
        <ConfirmDialog
          title="Remove this webhook?"
          confirmLabel="Remove"
          onCancel={() => setRemoving(null)}
          onConfirm={() => {
            setRemoving(null);
            run(() => webhookCall('webhookRemove', { id: removing.id }), WEBHOOK_REMOVED);
          }}
        >
          {removing.url} receives no more events; its waiting deliveries stop.
        </ConfirmDialog>
      )}
    </section>
  );
}
