// POST /api/waitlist-update {email, recaptcha_token}: verifies the reCAPTCHA v3 token with siteverify
// (secret RECAPTCHA_SECRET_KEY; verify URL, allowed hostnames and minimum score from the environment)
// and records botCheck {score, action, checkedAt} on the existing waitlist_signups/{email}; for an
// address with no signup it records nothing and answers exactly the same, so the answer never tells
// whether an address is on the list.
//   200 {ok, score} · 400 bad input or a token siteverify rejects · 401 no valid App Check token ·
//   403 wrong action, hostname or a low score · 429 rate limited · 503 verifier unreachable.
import { COLLECTIONS, RECAPTCHA_ACTION } from '@silk/schema/constants';
import { BOT_CHECK_FAILED, BOT_CHECK_UNAVAILABLE } from '@silk/schema/messages';
import { FieldValue } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions/logger';
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { HttpError } from '../http/http';
import { recaptchaSecret } from '../shared/secrets';
import { signupChange } from '../shared/signup-change';
import { siteverify, VerifierUnavailable } from './siteverify';
import { GrpcStatus, hasGrpcStatus } from '../shared/grpc-status';

export interface WaitlistUpdateDeps extends EndpointDeps {
  /** The reCAPTCHA secret. */
  secret: () => string;
}

export function makeWaitlistUpdateHandler(deps: Partial<WaitlistUpdateDeps> = {}) {
  const secret = deps.secret ?? (() => recaptchaSecret.value());
  return endpoint(
    'waitlistUpdate',
    async ({ services: { db }, config: { recaptcha }, ip, body: { email, recaptcha_token: token } }) => {
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
      // in the admin table as a signup nobody made. No signup: the same answer, nothing written.
      try {
        await db
          .collection(COLLECTIONS.waitlistSignups)
          .doc(email)
          .update(
            signupChange({
              botCheck: { score, action: verdict.action, checkedAt: FieldValue.serverTimestamp() },
            }),
          );
      } catch (error) {
        if (!hasGrpcStatus(error, GrpcStatus.NOT_FOUND)) throw error;
      }
      return { ok: true, score };
    },
    deps,
  );
}
