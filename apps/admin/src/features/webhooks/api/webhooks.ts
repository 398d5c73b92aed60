// The Webhooks tab's calls (Admins only, each with the caller's ID token): list, save, remove, redeliver.
import { callWebhooks, type WebhookCall } from '@silk/data-access/webhooks';
import type { ApiAnswer, ApiRequest } from '@silk/schema/api-contract';
import { adminServices } from '@/lib/services';

export function webhookCall<K extends WebhookCall>(id: K, body: ApiRequest<K>): Promise<ApiAnswer<K>> {
  return callWebhooks(adminServices(), id, body);
}
