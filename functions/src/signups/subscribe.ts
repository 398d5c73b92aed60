// POST /api/subscribe {email} → 200 {"ok": true}, whether or not the address was already subscribed.
// Stores subscribers/{email} once (a repeat keeps the first subscription date), records the consent on
// the signup and queues a new subscriber's confirmation e-mail (mail/mailing-list.ts). Its frame (the
// route's declaration): a valid App Check token first (401 otherwise), then per-IP and per-e-mail limits.
import { httpsFunction } from '../shared/https-function';
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { addToMailingList } from '../mail/mailing-list';
import { HTTP_FUNCTION_OPTIONS } from '../shared/config';
import { mailTokenSecret } from '../shared/secrets';

export function makeSubscribeHandler(deps: Partial<EndpointDeps> = {}) {
  return endpoint(
    'subscribe',
    async ({ services, config, body: { email } }) => {
      await addToMailingList(services.db, email, 'hero', config.ceilings);
      return { ok: true };
    },
    deps,
  );
}

export const subscribeHandler = makeSubscribeHandler();
export const subscribe = httpsFunction(
  { ...HTTP_FUNCTION_OPTIONS, secrets: [mailTokenSecret] },
  subscribeHandler,
);
