// POST /api/signups/delete (deleteSignup, admin host) {email}, Bearer ID token: an Admin deletes a signup
// from the table, and with it everything held for the address (the same erasure as a subscriber's own
// "Delete my data": signup, mailing-list entry, all mail to it; the mailbox remembered as erased),
// audited with the address's keyed hash only.
//   200 {ok, removed: {signup, subscriber, mail}} (also when nothing was left) · 400 · 401 · 403 not a
//   ready Admin · 429
import { httpsFunction } from '../shared/https-function';
import { endpoint, linkSecretOf, type EndpointDeps } from '../http/endpoint';
import { eraseAndAudit } from '../subscribers/erasure';
import { HTTP_FUNCTION_OPTIONS } from '../shared/config';
import { mailTokenSecret } from '../shared/secrets';

export function makeDeleteSignupHandler(deps: Partial<EndpointDeps> = {}) {
  const secret = linkSecretOf(deps);
  return endpoint(
    'deleteSignup',
    async ({ services, body: { email }, audit }) => {
      const removed = await eraseAndAudit(services.db, email, secret(), (entry) =>
        audit({ action: 'signup.deleted', ...entry }),
      );
      return { ok: true, removed };
    },
    deps,
  );
}

export const deleteSignup = httpsFunction(
  { ...HTTP_FUNCTION_OPTIONS, secrets: [mailTokenSecret] },
  makeDeleteSignupHandler(),
);
