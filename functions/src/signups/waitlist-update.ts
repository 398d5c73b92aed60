// POST /api/waitlist-update {email, recaptcha_token}: verifies the reCAPTCHA v3 token with siteverify
// (secret RECAPTCHA_SECRET_KEY; verify URL, allowed hostnames and minimum score from the environment)
// and records botCheck {score, action, checkedAt} on the existing waitlist_signups/{email}.
//   200 {ok, score} · 400 bad input or a token siteverify rejects · 401 no valid App Check token ·
//   403 wrong action, hostname or a low score · 404 no signup for the e-mail · 429 rate limited ·
//   503 verifier unreachable.
import { waitlistUpdateRequestSchema } from '@silk/schema/api';
import { COLLECTIONS, RECAPTCHA_ACTION } from '@silk/schema/constants';
import { BOT_CHECK_FAILED, BOT_CHECK_UNAVAILABLE, SIGNUP_NOT_FOUND } from '@silk/schema/messages';
import { FieldValue } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { defineSecret } from 'firebase-functions/params';
import { onRequest } from 'firebase-functions/v2/https';
import { HTTP_FUNCTION_OPTIONS } from '../shared/config';
import { verifyAppCheck } from '../http/app-check';
import { clientIp, HttpError, jsonEndpoint, parseBody, sendJson, type HttpHandler } from '../http/http';
import { enforceRateLimits } from '../http/rate-limit';
import { serverDeps, type ServerDeps } from '../shared/server-deps';
import { signupChange } from '../shared/signup-change';
import { siteverify, VerifierUnavailable } from './siteverify';

export const recaptchaSecret = defineSecret('RECAPTCHA_SECRET_KEY');

export interface WaitlistUpdateDeps extends ServerDeps {
  secret: () => string;
}

const FIRESTORE_NOT_FOUND = 5; // gRPC status of update() on a missing document

export function makeWaitlistUpdateHandler(deps: Partial<WaitlistUpdateDeps> = {}): HttpHandler {
  const { services, config } = serverDeps(deps);
  const secret = deps.secret ?? (() => recaptchaSecret.value());
  return jsonEndpoint('waitlistUpdate', () => config().allowedOrigins, async (req, res, body) => {
    const { db } = services();
    const { rateLimits, recaptcha, appCheck, clientIpHops } = config();
    await verifyAppCheck(req, appCheck);
    const limit = rateLimits.waitlistUpdate;
    const ip = clientIp(req, clientIpHops);
    await enforceRateLimits(db, [
      { scope: 'waitlistUpdate:ip', key: ip, limit: limit.perIp, windowMs: rateLimits.windowMs },
    ]);
    const { email, recaptcha_token: token } = parseBody(waitlistUpdateRequestSchema, body);
    await enforceRateLimits(db, [
      { scope: 'waitlistUpdate:email', key: email, limit: limit.perKey, windowMs: rateLimits.windowMs },
    ]);

    const key = secret();
    if (!key) {
      logger.error('waitlistUpdate: RECAPTCHA_SECRET_KEY is not set');
      throw new HttpError(503, BOT_CHECK_UNAVAILABLE);
    }
    let verdict;
    try {
      verdict = await siteverify(recaptcha.verifyUrl, key, token, ip, recaptcha.timeoutMs);
    } catch (error) {
      if (!(error instanceof VerifierUnavailable)) throw error;
      logger.warn('waitlistUpdate: reCAPTCHA verifier unavailable', error.message);
      throw new HttpError(503, BOT_CHECK_UNAVAILABLE);
    }
    if (!verdict.success) {
      logger.info('waitlistUpdate: token rejected', { codes: verdict['error-codes'] });
      throw new HttpError(400, BOT_CHECK_FAILED);
    }
    const hostname = (verdict.hostname ?? '').toLowerCase();
    const score = verdict.score;
    if (
      verdict.action !== RECAPTCHA_ACTION ||
      !recaptcha.allowedHostnames.includes(hostname) ||
      typeof score !== 'number' ||
      score < recaptcha.minScore
    ) {
      logger.info('waitlistUpdate: bot check refused', { action: verdict.action, hostname, score });
      throw new HttpError(403, BOT_CHECK_FAILED);
    }
    // Recorded on an existing signup only: a document holding just an e-mail and a bot check would show
    // in the admin table as a signup nobody made.
    try {
      await db
        .collection(COLLECTIONS.waitlistSignups)
        .doc(email)
        .update(signupChange({ botCheck: { score, action: verdict.action, checkedAt: FieldValue.serverTimestamp() } }));
    } catch (error) {
      if ((error as { code?: unknown }).code === FIRESTORE_NOT_FOUND) throw new HttpError(404, SIGNUP_NOT_FOUND);
      throw error;
    }
    sendJson(res, 200, { ok: true, score });
  });
}

export const waitlistUpdateHandler = makeWaitlistUpdateHandler();
export const waitlistUpdate = onRequest({ ...HTTP_FUNCTION_OPTIONS, secrets: [recaptchaSecret] }, waitlistUpdateHandler);
