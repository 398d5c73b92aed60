// POST /api/v1/hooks/subscribe {url, events} (apiV1HookSubscribe), Authorization: Bearer <API key with
// hooks:manage>: REST hooks (the Zapier / Make pattern) — subscribes a URL to events. It is a webhook
// endpoint like an Admin's (webhooks/endpoints.ts: the same target check, limit, signing and deliveries),
// created by the key (`createdBy` names it, so only that key can unsubscribe it); the answer carries the
// Standard Webhooks signing secret, this once. Audited as webhook.created, the key as the actor.
//   200 {id, url, events, secret} · 400 bad body, refused URL, too many endpoints · 401 · 403 · 429
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { saveEndpoint } from '../webhooks/endpoints';
import type { Resolve } from '../webhooks/target';
import { readWebhookConfig, type WebhookConfig } from '../webhooks/webhook-config';
import { hookOwner } from './hook-owner';

export interface HookDeps {
  webhookConfig: () => WebhookConfig;
  resolve?: Resolve;
}

export function makeApiV1HookSubscribeHandler(
  deps: Partial<EndpointDeps> = {},
  hooks: HookDeps = { webhookConfig: readWebhookConfig },
) {
  return endpoint(
    'apiV1HookSubscribe',
    async ({ services: { db }, body, apiKey, audit }) => {
      const saved = await saveEndpoint(
        db,
        { url: body.url, events: body.events, enabled: true, description: `REST hook of ${apiKey.name}` },
        hookOwner(apiKey),
        {
          allowLocal: hooks.webhookConfig().allowLocalTargets,
          ...(hooks.resolve ? { resolve: hooks.resolve } : {}),
        },
      );
      const { id, url } = saved.endpoint;
      const { events } = body;
      await audit({
        action: 'webhook.created',
        target: `webhooks/${id}`,
        details: { url, events, restHook: true },
      });
      return { id, url, events, secret: saved.secret ?? '' };
    },
    deps,
  );
}
