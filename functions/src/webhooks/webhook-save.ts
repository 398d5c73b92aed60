// POST /api/webhooks/save (webhookSave, admin host) {id?, url, kind?, events, enabled, description},
// Bearer ID token: an Admin adds an endpoint (a standard one's answer carries its `whsec_` secret, this
// once; a Slack or Discord alert has none) or changes one. The URL must be a public https target
// (target.ts) under the production configuration, and an alert's its platform's (endpoints.ts). Audited
// as webhook.created / webhook.updated (never the secret, an alert's URL masked).
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
      const { id, url, kind, events, enabled, description } = saved.endpoint;
      await audit({
        action: saved.created ? 'webhook.created' : 'webhook.updated',
        target: `webhooks/${id}`,
        details: { url, kind, events, enabled, description },
      });
      return saved.secret === undefined
        ? { endpoint: saved.endpoint }
        : { endpoint: saved.endpoint, secret: saved.secret };
    },
    deps,
  );
}
