// POST /api/subscribe {email, ref?} → 200 {"ok": true, referralCode}, whether or not the address was
// already subscribed (the subscriber's own code either way). Stores subscribers/{email} once (a repeat
// keeps the first subscription date), records the consent on the signup and queues a new subscriber's
// confirmation e-mail (subscribers/mailing-list.ts); a well-formed `ref` records the referrer of a new signup
// (referrals/record-referrer.ts; anything else is ignored), and the signup's network is recorded once as
// the server observed it (referrals/signup-network.ts). Its frame (the route's declaration): a valid App
// Check token first (401 otherwise), then per-IP and per-e-mail limits. Every call, a listed address or
// a new one alike, counts against a global ceiling per window (429 SIGNUPS_PAUSED beyond it for
// everyone, nothing stored): an attacker who passes App Check can claim any client address, and the
// subscribers a flood creates stay bounded. An accepted call is answered at the next whole time step
// (http/answer-time.ts): a new address's extra work does not show.
import { SIGNUPS_PAUSED } from '@silk/schema/messages';
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { HttpError } from '../http/http';
import { onTimeStep } from '../http/answer-time';
import { addToMailingList } from './mailing-list';
import { recordReferrer } from '../referrals/record-referrer';
import { observedNetwork } from '../referrals/signup-network';
import { takeCeilingUnit, type Ceiling } from '../shared/ceiling';
import { type Ceilings } from '../shared/config';
import { mailTokenSecret } from '../shared/secrets';

/** The global ceiling on this route's calls, so on the subscribers it creates (config.ts, Ceilings.subscribeSignups). */
export function subscribeCeiling(ceilings: Ceilings): Ceiling {
  return { scope: 'subscribe-signups', limit: ceilings.subscribeSignups, windowMs: ceilings.windowMs };
}

export function makeSubscribeHandler(deps: Partial<EndpointDeps> = {}) {
  const secret = deps.linkSecret ?? (() => mailTokenSecret.value());
  return endpoint(
    'subscribe',
    async ({ req, services, config, body: { email, ref } }) => {
      // A new address is more work than a listed one: the answer leaves at the same step for both. The
      // ceiling is counted within the step, so its round trip adds nothing to the answer's time.
      return onTimeStep(config.answerTimeStepMs, async () => {
        if ((await takeCeilingUnit(services.db, subscribeCeiling(config.ceilings))) !== 'taken') {
          throw new HttpError(429, SIGNUPS_PAUSED);
        }
        const network = observedNetwork(req, config.trustedProxyNetworks, secret);
        const referralCode = await addToMailingList(services.db, email, {
          form: 'hero',
          ceilings: config.ceilings,
          network,
        });
        if (ref) await recordReferrer(services.db, { referred: email, code: ref });
        return { ok: true, referralCode };
      });
    },
    deps,
  );
}
