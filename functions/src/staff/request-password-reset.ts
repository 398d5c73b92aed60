// POST /api/password-reset (requestPasswordReset, admin host) {identifier}: the "Forgot Password?" and
// Account Settings reset. A username is resolved here (its e-mail is never returned); Firebase sends its
// reset e-mail through the Auth REST API. The answer is the same whether or not an account has that
// e-mail. Rate limited per IP and per identifier; audited.
//   200 {ok: true} · 400 · 404 USERNAME_NOT_FOUND · 429
import { requestPasswordResetSchema } from '@silk/schema/staff-api';
import { logger } from 'firebase-functions';
import { onRequest } from 'firebase-functions/v2/https';
import { HTTP_FUNCTION_OPTIONS } from '../shared/config';
import { writeAudit } from '../shared/audit';
import { clientIp, type HttpHandler, jsonEndpoint, parseBody, sendJson } from '../http/http';
import { emailForIdentifier, identifierKey } from './identifier';
import { IdentityToolkitError, sendPasswordResetEmail } from './identity-toolkit';
import { enforceFunctionLimits } from '../http/rate-limit';
import { serverDeps, type ServerDeps } from '../shared/server-deps';

export function makeRequestPasswordResetHandler(deps: Partial<ServerDeps> = {}): HttpHandler {
  const { services, config } = serverDeps(deps);
  return jsonEndpoint('requestPasswordReset', () => config().allowedOrigins, async (req, res, body) => {
    const { db } = services();
    const { identifier } = parseBody(requestPasswordResetSchema, body);
    await enforceFunctionLimits(db, config().rateLimits, 'passwordReset', clientIp(req), identifierKey(identifier));
    const email = await emailForIdentifier(db, identifier);
    let sent = true;
    try {
      await sendPasswordResetEmail(config().authApiKey, email);
    } catch (error) {
      // No account for the address: the same answer, so the form tells nobody who has an account.
      if (!(error instanceof IdentityToolkitError) || error.code !== 'EMAIL_NOT_FOUND') throw error;
      sent = false;
      logger.info('requestPasswordReset: no account for the address');
    }
    await writeAudit(db, { actor: email, action: 'password.reset_requested', target: email, details: { sent } });
    sendJson(res, 200, { ok: true });
  });
}

export const requestPasswordReset = onRequest(HTTP_FUNCTION_OPTIONS, makeRequestPasswordResetHandler());
