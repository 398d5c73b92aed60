// POST /api/subscribe {email} → 200 {"ok": true}, whether or not the address was already subscribed.
// Stores subscribers/{email} once (a repeat keeps the first subscription date), records the consent on
// the signup and queues a new subscriber's confirmation e-mail (mail/mailing-list.ts). A valid App Check token
// first (401 otherwise), then per-IP and per-e-mail rate limits.
import { subscribeRequestSchema } from '@silk/schema/api';
import { onRequest } from 'firebase-functions/v2/https';
import { HTTP_FUNCTION_OPTIONS } from '../shared/config';
import { verifyAppCheck } from '../http/app-check';
import { clientIp, jsonEndpoint, parseBody, sendJson, type HttpHandler } from '../http/http';
import { addToMailingList, limitSignupsByEmail, limitSignupsByIp } from '../mail/mailing-list';
import { serverDeps, type ServerDeps } from '../shared/server-deps';
import { mailTokenSecret } from '../shared/secrets';

export function makeSubscribeHandler(deps: Partial<ServerDeps> = {}): HttpHandler {
  const { services, config } = serverDeps(deps);
  return jsonEndpoint('subscribe', () => config().allowedOrigins, async (req, res, body) => {
    const { db } = services();
    const { rateLimits, appCheck, clientIpHops } = config();
    await verifyAppCheck(req, appCheck);
    await limitSignupsByIp(db, rateLimits, clientIp(req, clientIpHops));
    const { email } = parseBody(subscribeRequestSchema, body);
    await limitSignupsByEmail(db, rateLimits, email);
    await addToMailingList(db, email, 'hero');
    sendJson(res, 200, { ok: true });
  });
}

export const subscribeHandler = makeSubscribeHandler();
export const subscribe = onRequest({ ...HTTP_FUNCTION_OPTIONS, secrets: [mailTokenSecret] }, subscribeHandler);
