// The Webhooks tab's calls (Admins): webhookList, webhookSave, webhookRemove, webhookRedeliver. Browsers
// cannot read the records: each goes through an Admin-only function with the caller's ID token.
import type { ApiAnswer, ApiRequest } from '@silk/schema/api-contract';
import type { AdminServices } from './admin-firebase';
import { callApi } from './api-client';
import { staffClient } from './staff-client';

export type WebhookCall = 'webhookList' | 'webhookSave' | 'webhookRemove' | 'webhookRedeliver';

export async function callWebhooks<K extends WebhookCall>(
  services: AdminServices,
  id: K,
  body: ApiRequest<K>,
): Promise<ApiAnswer<K>> {
  return callApi(await staffClient(services), id, body);
}
