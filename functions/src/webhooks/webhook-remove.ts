// POST /api/webhooks/remove (webhookRemove, admin host) {id}, Bearer ID token: an Admin removes an
// endpoint; its deliveries waiting for an attempt stop. Audited as webhook.removed.
//   200 {ok} · 400 · 401 · 403 not a ready Admin · 404 unknown endpoint · 429
import { WEBHOOK_NOT_FOUND } from '@silk/schema/messages';
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { removeEndpoint } from './endpoint-removal';

export function makeWebhookRemoveHandler(deps: Partial<EndpointDeps> = {}) {
  return endpoint(
    'webhookRemove',
    async ({ services: { db }, body: { id }, audit }) => {
      const removed = await removeEndpoint(db, id, { notFound: WEBHOOK_NOT_FOUND });
      await audit({ action: 'webhook.removed', target: `webhooks/${id}`, details: removed });
      return { ok: true as const };
    },
    deps,
  );
}
