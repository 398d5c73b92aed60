// POST /api/webhooks/redeliver (webhookRedeliver, admin host) {deliveryId}, Bearer ID token: "Send
// again" — a new attempt of the delivery now, with the same `webhook-id` (deliveries.ts redeliver).
// Audited as webhook.redelivered when an attempt was started.
//   200 {delivery} · 400 · 401 · 403 not a ready Admin · 404 unknown delivery or removed endpoint · 429
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { redeliver } from './deliveries';

export function makeWebhookRedeliverHandler(deps: Partial<EndpointDeps> = {}) {
  return endpoint(
    'webhookRedeliver',
    async ({ services: { db }, body: { deliveryId }, audit }) => {
      const { delivery, started } = await redeliver(db, deliveryId);
      if (started) {
        await audit({
          action: 'webhook.redelivered',
          target: `webhook_deliveries/${deliveryId}`,
          details: { endpointId: delivery.endpointId, eventId: delivery.eventId, type: delivery.type },
        });
      }
      return { delivery };
    },
    deps,
  );
}
