// The Webhooks tab's calls: list the endpoints and their newest deliveries, add or change an endpoint,
// remove one, send a delivery again. Browsers cannot read the records: each goes through an Admin-only
// function with the caller's ID token.
import type { WebhookListResponse, WebhookRedeliverResponse, WebhookSaveRequest, WebhookSaveResponse } from '@silk/schema/webhook-api';
import type { AdminServices } from './admin-firebase';
import { callApi } from './api-client';
import { staffClient } from './staff-client';

export async function listWebhooks(services: AdminServices): Promise<WebhookListResponse> {
  return callApi(await staffClient(services), 'webhookList', {});
}

export async function saveWebhook(services: AdminServices, request: WebhookSaveRequest): Promise<WebhookSaveResponse> {
  return callApi(await staffClient(services), 'webhookSave', request);
}

export async function removeWebhook(services: AdminServices, id: string): Promise<void> {
  await callApi(await staffClient(services), 'webhookRemove', { id });
}

export async function redeliverWebhook(services: AdminServices, deliveryId: string): Promise<WebhookRedeliverResponse> {
  return callApi(await staffClient(services), 'webhookRedeliver', { deliveryId });
}
