// POST /api/password-reset (requestPasswordReset, admin host) {identifier}: the "Forgot Password?" and
// Account Settings reset. A username is resolved here (its e-mail is never returned); Firebase sends its
// reset e-mail through the Auth REST API. The answer is the same whether or not an account has that
// e-mail. Rate limited per IP and per identifier. The caller is anonymous, so the request goes to the
// security log (security-log.ts), never to the audit trail.
//   200 {ok: true} · 400 · 404 USERNAME_NOT_FOUND · 429
import { logger } from 'firebase-functions/logger';
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { emailForIdentifier } from './identifier';
import { IdentityToolkitError, sendPasswordResetEmail } from './identity-toolkit';
import { securityEventNoter } from './security-log';

export function makeRequestPasswordResetHandler(deps: Partial<EndpointDeps> = {}) {
  return endpoint(
    'requestPasswordReset',
    async ({ services: { db }, config, body: { identifier } }) => {
      const note = securityEventNoter(db, config.securityLog, 'password.reset_requested', identifier);
      const email = await emailForIdentifier(db, identifier, () => note({ outcome: 'unknown-username' }));
      let outcome = 'sent';
      try {
        await sendPasswordResetEmail(config.authApiKey, email);
      } catch (error) {
        // No account for the address: the same answer, so the form tells nobody who has an account.
        if (!(error instanceof IdentityToolkitError) || error.code !== 'EMAIL_NOT_FOUND') throw error;
        outcome = 'no-account';
        logger.info('requestPasswordReset: no account for the address');
      }
      await note({ outcome });
      return { ok: true };
    },
    deps,
  );
}
