// POST /api/sign-in (signIn, admin host) {identifier, password}: sign-in by username without telling
// the browser the e-mail behind it. The username is resolved here, the password checked with the Auth
// REST API, and the answer is a custom token for that account (signInWithCustomToken), never the e-mail.
// Rate limited per IP and per identifier. Errors keep the sign-in card's messages. A failure (unknown
// username, wrong password, …) goes to the security log (security-log.ts), never to the audit trail.
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
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { HttpError } from '../http/http';
import { emailForIdentifier } from './identifier';
import { checkPassword, IdentityToolkitError } from './identity-toolkit';
import { securityEventNoter } from './security-log';

const REFUSALS: Record<string, [number, string]> = {
  EMAIL_NOT_FOUND: [404, AUTH_USER_NOT_FOUND],
  INVALID_PASSWORD: [401, AUTH_WRONG_PASSWORD],
  INVALID_LOGIN_CREDENTIALS: [401, AUTH_WRONG_PASSWORD],
  USER_DISABLED: [403, AUTH_USER_DISABLED],
  INVALID_EMAIL: [400, AUTH_INVALID_EMAIL],
  TOO_MANY_ATTEMPTS_TRY_LATER: [429, RATE_LIMITED],
};

export function makeSignInHandler(deps: Partial<EndpointDeps> = {}) {
  return endpoint(
    'signIn',
    async ({ services: { auth, db }, config, body: { identifier, password } }) => {
      const failed = securityEventNoter(db, config.securityLog, 'sign_in.failed', identifier);
      const email = await emailForIdentifier(db, identifier, () => failed({ reason: 'USERNAME_NOT_FOUND' }));
      let uid: string;
      try {
        uid = await checkPassword(config.authApiKey, email, password);
      } catch (error) {
        if (!(error instanceof IdentityToolkitError)) throw error;
        await failed({ reason: error.code });
        const [status, message] = REFUSALS[error.code] ?? [502, SIGN_IN_FAILED];
        throw new HttpError(status, message);
      }
      return { customToken: await auth.createCustomToken(uid) };
    },
    deps,
  );
}
