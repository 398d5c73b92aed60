// POST /api/v1/hooks/unsubscribe {id} (apiV1HookUnsubscribe), Authorization: Bearer <API key with
// hooks:manage>: removes a REST hook the same key subscribed (any other endpoint: 404, as an unknown
// one); its deliveries waiting for an attempt stop, as when an Admin removes an endpoint. Audited as
// webhook.removed, the key as the actor.
//   200 {ok} · 400 · 401 · 403 · 404 unknown hook or another's · 429
import { API_HOOK_NOT_FOUND } from '@silk/schema/messages';
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { removeEndpoint } from '../webhooks/endpoint-removal';
import { hookOwner } from './hook-owner';

export function makeApiV1HookUnsubscribeHandler(deps: Partial<EndpointDeps> = {}) {
  return endpoint(
    'apiV1HookUnsubscribe',
    async ({ services: { db }, body: { id }, apiKey, audit }) => {
      const removed = await removeEndpoint(db, id, {
        notFound: API_HOOK_NOT_FOUND,
        owner: hookOwner(apiKey),
      });
      await audit({
        action: 'webhook.removed',
        target: `webhooks/${id}`,
        details: { ...removed, restHook: true },
      });
      return { ok: true as const };
    },
    deps,
  );
}
