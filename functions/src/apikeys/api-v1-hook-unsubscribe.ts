// POST /api/v1/hooks/unsubscribe {id} (apiV1HookUnsubscribe), Authorization: Bearer <API key with
// hooks:manage>: removes a REST hook the same key subscribed (any other endpoint: 404, as an unknown
// one); its deliveries waiting for an attempt stop, as when an Admin removes an endpoint. Audited as
// webhook.removed, the key as the actor.
//   200 {ok} · 400 · 401 · 403 · 404 unknown hook or another's · 429
import { API_HOOK_NOT_FOUND } from '@silk/schema/messages';
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { HttpError } from '../http/http';
import { stopDeliveries } from '../webhooks/deliveries';
import { endpointRef } from '../webhooks/endpoints';
import { hookOwner } from './hook-owner';

export function makeApiV1HookUnsubscribeHandler(deps: Partial<EndpointDeps> = {}) {
  return endpoint(
    'apiV1HookUnsubscribe',
    async ({ services: { db }, body: { id }, apiKey, audit }) => {
      const ref = endpointRef(db, id);
      const url = await db.runTransaction(async (transaction) => {
        const snapshot = await transaction.get(ref);
        if (!snapshot.exists || snapshot.get('createdBy') !== hookOwner(apiKey)) {
          throw new HttpError(404, API_HOOK_NOT_FOUND);
        }
        transaction.delete(ref);
        return String(snapshot.get('url'));
      });
      const stopped = await stopDeliveries(db, id);
      await audit({
        action: 'webhook.removed',
        target: `webhooks/${id}`,
        details: { url, stoppedDeliveries: stopped, restHook: true },
      });
      return { ok: true as const };
    },
    deps,
  );
}
