// POST /api/v1/signups/add (apiV1SignupAdd) {email, ref?, attribution?}, Authorization: Bearer <API key
// with signups:write>: adds a signup with the site's join's own work (signups/join-waitlist.ts addSignup) — the same record
// (the address the request came from is not the subscriber's: none is stored), the same first signup
// time and subscriber id, the same confirmation mail and mail budget (subscribers/mailing-list.ts, consent
// form 'api'), the same per-address limit and the same global ceiling as /api/join; the referrer is
// recorded from `ref`. A repeat signup refreshes nothing but the landing fields, as a repeat join does.
//   200 {ok, referralCode} · 400 bad body · 401 unknown or revoked key · 403 scope · 429 key's rate,
//   address's limit, or the ceiling (SIGNUPS_PAUSED)
import { validAttribution } from '@silk/schema/attribution';
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { addSignup } from '../signups/join-waitlist';

export function makeApiV1SignupAddHandler(deps: Partial<EndpointDeps> = {}) {
  return endpoint(
    'apiV1SignupAdd',
    async ({ services: { db }, config, body }) =>
      // The request comes from the caller's server: neither its address nor its network is the
      // subscriber's, and a new signup is bound to a random edit key nobody holds.
      addSignup(db, config, {
        email: body.email,
        ip: null,
        editKey: undefined,
        attribution: validAttribution(body.attribution),
        referralCode: body.ref,
        form: 'api',
      }),
    deps,
  );
}
