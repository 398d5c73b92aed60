import { ApiError } from '@silk/data-access/api-client';
import { callWebhooks, type WebhookCall } from '@silk/data-access/webhooks';
import {
  NO_WEBHOOK_DELIVERIES,
  NO_WEBHOOKS,
  WEBHOOK_ADDED,
  WEBHOOK_ALERT_ADDED,
  WEBHOOK_KIND_URL_MISMATCH,
  WEBHOOK_REMOVED,
  WEBHOOK_REQUEST_INVALID,
  WEBHOOK_SENT_AGAIN,
  WEBHOOK_URL_REFUSED,
  WEBHOOK_ACTION_FAILED,
  WEBHOOK_SAVED,
} from '@silk/schema/messages';
import type { WebhookListResponse } from '@silk/schema/webhook-api';
import type { WebhookDeliveryView, WebhookEndpointView } from '@silk/schema/webhooks';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { WebhooksTab } from './webhooks-tab';

vi.mock('@/lib/services', () => import('@/testing/services'));
vi.mock('@silk/data-access/webhooks', () => ({ callWebhooks: vi.fn() }));

const list = vi.fn<(body: unknown) => Promise<WebhookListResponse>>();
const save = vi.fn<(body: unknown) => Promise<unknown>>();
const remove = vi.fn<(body: unknown) => Promise<unknown>>();
const redeliver = vi.fn<(body: unknown) => Promise<unknown>>();
const calls: Record<WebhookCall, (body: unknown) => Promise<unknown>> = {
  webhookList: list,
  webhookSave: save,
  webhookRemove: remove,
  webhookRedeliver: redeliver,
};

const ENDPOINT: WebhookEndpointView = {
  id: 'ep1',
  url: 'https://crm.example.com/hooks',
  kind: 'standard',
  events: ['signup.created', 'signup.erased'],
  enabled: true,
  description: 'CRM',
  createdAt: Date.UTC(2026, 0, 2),
  createdBy: 'ana@silk.travel',
};
const DELIVERY: WebhookDeliveryView = {
  id: 'msg_1_ep1',
  endpointId: 'ep1',
  eventId: 'msg_1',
  type: 'signup.created',
  status: 'failed',
  attempts: 8,
  lastStatus: 500,
  lastAnswer: 'trouble',
  lastAttemptAt: Date.UTC(2026, 0, 3),
  nextAttemptAt: null,
  createdAt: Date.UTC(2026, 0, 2),
};
const FULL: WebhookListResponse = { endpoints: [ENDPOINT], deliveries: [DELIVERY] };

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(callWebhooks).mockImplementation(((_services: unknown, id: WebhookCall, body: unknown) =>
    calls[id](body)) as typeof callWebhooks);
  list.mockResolvedValue(FULL);
});

describe('WebhooksTab', () => {
  it('lists the endpoints and the deliveries with their last answer', async () => {
    render(<WebhooksTab />);
    const endpoints = await screen.findByRole('table', { name: 'Endpoints' });
    const row = within(endpoints).getByRole('row', { name: /crm\.example\.com/ });
    expect(row).toHaveTextContent('signup.created, signup.erased');
    expect(row).toHaveTextContent('Enabled');
    const deliveries = screen.getByRole('table', { name: 'Deliveries' });
    const delivery = within(deliveries).getAllByRole('row')[1]!;
    expect(delivery).toHaveTextContent('signup.created');
    expect(delivery).toHaveTextContent('https://crm.example.com/hooks');
    expect(delivery).toHaveTextContent('failed');
    expect(delivery).toHaveTextContent('500 trouble');
  });

  it('says when there is nothing yet, and when the list cannot be loaded', async () => {
    list.mockResolvedValueOnce({ endpoints: [], deliveries: [] });
    const { unmount } = render(<WebhooksTab />);
    expect(await screen.findByText(NO_WEBHOOKS)).toBeInTheDocument();
    expect(screen.getByText(NO_WEBHOOK_DELIVERIES)).toBeInTheDocument();
    unmount();
    list.mockRejectedValueOnce(new Error('offline'));
    render(<WebhooksTab />);
    expect(await screen.findByRole('alert')).toHaveTextContent(WEBHOOK_ACTION_FAILED);
  });

  it('adds an endpoint and shows its secret once, with a copy button', async () => {
    const user = userEvent.setup();
    save.mockResolvedValue({ endpoint: ENDPOINT, secret: 'whsec_abc' });
    render(<WebhooksTab />);
    save.mockRejectedValueOnce(new ApiError(400, { error: WEBHOOK_REQUEST_INVALID }));
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(WEBHOOK_REQUEST_INVALID);
    expect(save).toHaveBeenCalledWith({ url: '', events: [], description: '' });

    await user.type(screen.getByLabelText('Endpoint URL'), 'https://crm.example.com/hooks');
    await user.click(screen.getByRole('checkbox', { name: 'signup.erased' }));
    await user.click(screen.getByRole('checkbox', { name: 'signup.created' }));
    await user.type(screen.getByLabelText('Description (optional)'), 'CRM');
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(`${WEBHOOK_ADDED} whsec_abc`);
    expect(within(status).getByRole('button', { name: 'Copy secret' })).toBeInTheDocument();
    // The panel's order of events, whatever the order of the clicks.
    expect(save).toHaveBeenCalledWith({
      url: 'https://crm.example.com/hooks',
      events: ['signup.created', 'signup.erased'],
      description: 'CRM',
    });
    expect(screen.getByLabelText('Endpoint URL')).toHaveValue('');
  });

  it("shows the server's refusal of a target", async () => {
    const user = userEvent.setup();
    save.mockRejectedValue(new ApiError(400, { error: WEBHOOK_URL_REFUSED }));
    render(<WebhooksTab />);
    await user.type(screen.getByLabelText('Endpoint URL'), 'https://10.0.0.1/');
    await user.click(screen.getByRole('checkbox', { name: 'signup.created' }));
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(WEBHOOK_URL_REFUSED);
  });

  it('disables an endpoint, sends a delivery again and removes an endpoint after confirming', async () => {
    const user = userEvent.setup();
    save.mockResolvedValue({ endpoint: { ...ENDPOINT, enabled: false } });
    redeliver.mockResolvedValue({ delivery: { ...DELIVERY, status: 'pending' } });
    remove.mockResolvedValue({ ok: true });
    render(<WebhooksTab />);
    await user.click(await screen.findByRole('button', { name: 'Disable https://crm.example.com/hooks' }));
    expect(await screen.findByRole('status')).toHaveTextContent(WEBHOOK_SAVED);
    expect(save).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'ep1', enabled: false, url: ENDPOINT.url, events: ENDPOINT.events }),
    );

    await user.click(screen.getByRole('button', { name: 'Send again signup.created' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(WEBHOOK_SENT_AGAIN));
    expect(redeliver).toHaveBeenCalledWith({ deliveryId: 'msg_1_ep1' });

    await user.click(screen.getByRole('button', { name: 'Remove https://crm.example.com/hooks' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove this webhook?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(WEBHOOK_REMOVED));
    expect(remove).toHaveBeenCalledWith({ id: 'ep1' });
    expect(list.mock.calls.length).toBeGreaterThanOrEqual(4);
  });

  it('adds a Slack alert: its own events by name, no secret, and shows it and its digests by kind', async () => {
    const user = userEvent.setup();
    const alert: WebhookEndpointView = {
      ...ENDPOINT,
      id: 'al1',
      kind: 'slack',
      url: 'https://hooks.slack.com/services/T1/B1/…',
      events: ['signup.created', 'wave.finished'],
    };
    list.mockResolvedValue({
      endpoints: [ENDPOINT, alert],
      deliveries: [
        { ...DELIVERY, id: 'signup.created.1.digest_al1', endpointId: 'al1', count: 12, status: 'delivered' },
      ],
    });
    save.mockResolvedValue({ endpoint: alert });
    render(<WebhooksTab />);
    const endpoints = await screen.findByRole('table', { name: 'Endpoints' });
    const row = within(endpoints).getByRole('row', { name: /hooks\.slack\.com/ });
    expect(row).toHaveTextContent('Slack');
    expect(row).toHaveTextContent('New signups, Invitation wave finished');
    const delivery = within(screen.getByRole('table', { name: 'Deliveries' })).getAllByRole('row')[1]!;
    expect(delivery).toHaveTextContent('signup.created (digest of 12)');
    expect(delivery).toHaveTextContent('https://hooks.slack.com/services/T1/B1/…');

    expect(screen.getByRole('radio', { name: 'Standard signed webhook' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'signup.erased' }));
    await user.click(screen.getByRole('radio', { name: 'Slack' }));
    // An alert's events, none chosen yet (a standard choice does not carry over).
    expect(screen.queryByRole('checkbox', { name: 'signup.erased' })).toBeNull();
    for (const name of [
      'New signups',
      'List milestones',
      'Invitation wave finished',
      'Import finished',
      'Webhook delivery failed',
    ]) {
      expect(screen.getByRole('checkbox', { name })).not.toBeChecked();
    }
    save.mockRejectedValueOnce(new ApiError(400, { error: WEBHOOK_KIND_URL_MISMATCH }));
    await user.type(screen.getByLabelText('Endpoint URL'), 'https://example.com/x');
    await user.click(screen.getByRole('checkbox', { name: 'Invitation wave finished' }));
    await user.click(screen.getByRole('checkbox', { name: 'New signups' }));
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(WEBHOOK_KIND_URL_MISMATCH);
    await user.clear(screen.getByLabelText('Endpoint URL'));
    await user.type(screen.getByLabelText('Endpoint URL'), 'https://hooks.slack.com/services/T1/B1/x');
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(WEBHOOK_ALERT_ADDED);
    expect(within(status).queryByRole('button', { name: 'Copy secret' })).toBeNull();
    expect(save).toHaveBeenLastCalledWith({
      url: 'https://hooks.slack.com/services/T1/B1/x',
      kind: 'slack',
      events: ['signup.created', 'wave.finished'],
      description: '',
    });
  });
});
