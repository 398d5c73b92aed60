// POST /api/webhooks/remove (webhookRemove, admin host) {id}, Bearer ID token: an Admin removes an
// endpoint; its deliveries waiting for an attempt stop. Audited as webhook.removed.
//   200 {ok} · 400 · 401 · 403 not a ready Admin · 404 unknown endpoint · 429
import { WEBHOOK_NOT_FOUND } from '@silk/schema/messages';
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { HttpError } from '../http/http';
import { stopDeliveries } from './deliveries';
import { endpointRef } from './endpoints';

export function makeWebhookRemoveHandler(deps: Partial<EndpointDeps> = {}) {
  return endpoint(
    'webhookRemove',
    async ({ services: { db }, body: { id }, audit }) => {
      const ref = endpointRef(db, id);
      const url = await db.runTransaction(async (transaction) => {
        const snapshot = await transaction.get(ref);
        if (!snapshot.exists) throw new HttpError(404, WEBHOOK_NOT_FOUND);
        transaction.delete(ref);
        return String(snapshot.get('url'));
      });
      const stopped = await stopDeliveries(db, id);
      await audit({
        action: 'webhook.removed',
        target: `webhooks/${id}`,
        details: { url, stoppedDeliveries: stopped },
      });
      return { ok: true as const };
    },
    deps,
  );
}
