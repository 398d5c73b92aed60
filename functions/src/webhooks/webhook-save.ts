// POST /api/webhooks/save (webhookSave, admin host) {id?, url, events, enabled, description}, Bearer ID
// token: an Admin adds an endpoint (the answer carries its `whsec_` secret, this once) or changes one.
// The URL must be a public https target (target.ts) under the production configuration. Audited as
// webhook.created / webhook.updated (never the secret).
//   200 {endpoint, secret?} · 400 bad body, refused URL, too many endpoints · 401 · 403 not a ready Admin
//   · 404 unknown endpoint · 429
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { saveEndpoint } from './endpoints';
import type { Resolve } from './target';
import { readWebhookConfig, type WebhookConfig } from './webhook-config';

export interface WebhookDeps {
  webhookConfig: () => WebhookConfig;
  resolve?: Resolve;
}

export function makeWebhookSaveHandler(
  deps: Partial<EndpointDeps> = {},
  webhook: WebhookDeps = { webhookConfig: readWebhookConfig },
) {
  return endpoint(
    'webhookSave',
    async ({ services: { db }, body, caller, audit }) => {
      const saved = await saveEndpoint(db, body, caller.email, {
        allowLocal: webhook.webhookConfig().allowLocalTargets,
        ...(webhook.resolve ? { resolve: webhook.resolve } : {}),
      });
      const { id, url, events, enabled, description } = saved.endpoint;
      await audit({
        action: saved.created ? 'webhook.created' : 'webhook.updated',
        target: `webhooks/${id}`,
        details: { url, events, enabled, description },
      });
      return saved.secret === undefined
        ? { endpoint: saved.endpoint }
        : { endpoint: saved.endpoint, secret: saved.secret };
    },
    deps,
  );
}
