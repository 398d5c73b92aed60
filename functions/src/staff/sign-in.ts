// POST /api/sign-in (signIn, admin host) {identifier, password}: sign-in by username without telling
// the browser the e-mail behind it. The username is resolved here, the password checked with the Auth
// REST API, and the answer is a custom token for that account (signInWithCustomToken), never the e-mail.
// Rate limited per IP and per identifier. Errors keep the sign-in card's messages.
//   200 {customToken} · 400 · 401 AUTH_WRONG_PASSWORD · 403 AUTH_USER_DISABLED · 404 USERNAME_NOT_FOUND /
//   AUTH_USER_NOT_FOUND · 429 · 502
import {
  AUTH_INVALID_EMAIL,
  AUTH_USER_DISABLED,
  AUTH_USER_NOT_FOUND,
  AUTH_WRONG_PASSWORD,
  RATE_LIMITED,
  SIGN_IN_FAILED,
} from '@silk/schema/messages';
import { signInRequestSchema } from '@silk/schema/staff-api';
import { onRequest } from 'firebase-functions/v2/https';
import { HTTP_FUNCTION_OPTIONS } from '../shared/config';
import { clientIp, HttpError, type HttpHandler, jsonEndpoint, parseBody, sendJson } from '../http/http';
import { emailForIdentifier, identifierKey } from './identifier';
import { checkPassword, IdentityToolkitError } from './identity-toolkit';
import { enforceFunctionLimits } from '../http/rate-limit';
import { serverDeps, type ServerDeps } from '../shared/server-deps';

const REFUSALS: Record<string, [number, string]> = {
  EMAIL_NOT_FOUND: [404, AUTH_USER_NOT_FOUND],
  INVALID_PASSWORD: [401, AUTH_WRONG_PASSWORD],
  INVALID_LOGIN_CREDENTIALS: [401, AUTH_WRONG_PASSWORD],
  USER_DISABLED: [403, AUTH_USER_DISABLED],
  INVALID_EMAIL: [400, AUTH_INVALID_EMAIL],
  TOO_MANY_ATTEMPTS_TRY_LATER: [429, RATE_LIMITED],
};

export function makeSignInHandler(deps: Partial<ServerDeps> = {}): HttpHandler {
  const { services, config } = serverDeps(deps);
  return jsonEndpoint('signIn', () => config().allowedOrigins, async (req, res, body) => {
    const { auth, db } = services();
    const { identifier, password } = parseBody(signInRequestSchema, body);
    await enforceFunctionLimits(db, config().rateLimits, 'signIn', clientIp(req), identifierKey(identifier));
    const email = await emailForIdentifier(db, identifier);
    let uid: string;
    try {
      uid = await checkPassword(config().authApiKey, email, password);
    } catch (error) {
      if (!(error instanceof IdentityToolkitError)) throw error;
      const [status, message] = REFUSALS[error.code] ?? [502, SIGN_IN_FAILED];
      throw new HttpError(status, message);
    }
    sendJson(res, 200, { customToken: await auth.createCustomToken(uid) });
  });
}

export const signIn = onRequest(HTTP_FUNCTION_OPTIONS, makeSignInHandler());
