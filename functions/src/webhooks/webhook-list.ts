// POST /api/webhooks/list (webhookList, admin host) {endpointId?}, Bearer ID token: an Admin's endpoints
// (never their secrets) and the newest 100 deliveries.
//   200 {endpoints, deliveries} · 400 · 401 · 403 not a ready Admin · 429
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { listDeliveries } from './deliveries';
import { listEndpoints } from './endpoints';

export function makeWebhookListHandler(deps: Partial<EndpointDeps> = {}) {
  return endpoint(
    'webhookList',
    async ({ services: { db }, body: { endpointId } }) => {
      const [endpoints, deliveries] = await Promise.all([listEndpoints(db), listDeliveries(db, endpointId)]);
      return { endpoints, deliveries };
    },
    deps,
  );
}
