// POST /api/subscribe {email, ref?} → 200 {"ok": true, referralCode}, whether or not the address was
// already subscribed (the subscriber's own code either way). Stores subscribers/{email} once (a repeat
// keeps the first subscription date), records the consent on the signup and queues a new subscriber's
// confirmation e-mail (mail/mailing-list.ts); a well-formed `ref` records the referrer of a new signup
// (referrals/record-referrer.ts; anything else is ignored), and the signup's network is recorded once as
// the server observed it (referrals/signup-network.ts). Its frame (the route's declaration): a
// valid App Check token first (401 otherwise), then per-IP and per-e-mail limits.
import { httpsFunction } from '../shared/https-function';
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { addToMailingList } from '../mail/mailing-list';
import { recordReferrer } from '../referrals/record-referrer';
import { observedNetwork, recordSignupNetwork } from '../referrals/signup-network';
import { HTTP_FUNCTION_OPTIONS } from '../shared/config';
import { mailTokenSecret } from '../shared/secrets';

export function makeSubscribeHandler(deps: Partial<EndpointDeps> = {}) {
  const secret = deps.linkSecret ?? (() => mailTokenSecret.value());
  return endpoint(
    'subscribe',
    async ({ req, services, config, body: { email, ref } }) => {
      const referralCode = await addToMailingList(services.db, email, 'hero', config.ceilings);
      const network = observedNetwork(req, config.trustedProxyNetworks, secret);
      await recordSignupNetwork(services.db, email, network);
      if (ref) await recordReferrer(services.db, { referred: email, code: ref });
      return { ok: true, referralCode };
    },
    deps,
  );
}

export const subscribeHandler = makeSubscribeHandler();
export const subscribe = httpsFunction(
  { ...HTTP_FUNCTION_OPTIONS, secrets: [mailTokenSecret] },
  subscribeHandler,
);
