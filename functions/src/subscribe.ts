// POST /api/subscribe {email} → 200 {"ok": true}, whether or not the address was already subscribed.
// Stores subscribers/{email} once (a repeat keeps the first subscription date); per-IP and per-e-mail
// rate limits.
import { COLLECTIONS, SIGNUP_SOURCE } from '@silk/schema/constants';
import { INVALID_EMAIL } from '@silk/schema/messages';
import { isValidSignupEmail, normalizeEmail } from '@silk/schema/validators';
import { FieldValue } from 'firebase-admin/firestore';
import { onRequest } from 'firebase-functions/v2/https';
import { HTTP_FUNCTION_OPTIONS, readServerConfig, type ServerConfig } from './config';
import { adminServices, type AdminServices } from './lib/admin';
import { clientIp, HttpError, jsonEndpoint, sendJson, type HttpHandler } from './lib/http';
import { enforceRateLimits } from './lib/rate-limit';

export interface SubscribeDeps {
  services: () => AdminServices;
  config: () => ServerConfig;
}

const ALREADY_EXISTS = 6; // gRPC status of create() on an existing document

export function makeSubscribeHandler(deps: Partial<SubscribeDeps> = {}): HttpHandler {
  const services = deps.services ?? adminServices;
  const config = deps.config ?? (() => readServerConfig());
  return jsonEndpoint('subscribe', () => config().allowedOrigins, async (req, res, body) => {
    const { db } = services();
    const { rateLimits } = config();
    const limit = rateLimits.subscribe;
    await enforceRateLimits(db, [
      { scope: 'subscribe:ip', key: clientIp(req), limit: limit.perIp, windowMs: rateLimits.windowMs },
    ]);
    if (!isValidSignupEmail(body.email)) throw new HttpError(400, INVALID_EMAIL);
    const email = normalizeEmail(body.email);
    await enforceRateLimits(db, [
      { scope: 'subscribe:email', key: email, limit: limit.perKey, windowMs: rateLimits.windowMs },
    ]);
    try {
      await db
        .collection(COLLECTIONS.subscribers)
        .doc(email)
        .create({ email, subscribedAt: FieldValue.serverTimestamp(), source: SIGNUP_SOURCE });
    } catch (error) {
      if ((error as { code?: unknown }).code !== ALREADY_EXISTS) throw error;
    }
    sendJson(res, 200, { ok: true });
  });
}

export const subscribeHandler = makeSubscribeHandler();
export const subscribe = onRequest(HTTP_FUNCTION_OPTIONS, subscribeHandler);
