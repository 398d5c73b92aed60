// POST /api/signups/delete (deleteSignup, admin host) {email}, Bearer ID token: an Admin deletes a signup
// from the table, and with it everything held for the address (the same erasure as a subscriber's own
// "Delete my data": signup, mailing-list entry, all mail to it; the mailbox remembered as erased),
// audited with the address's keyed hash only.
//   200 {ok, removed: {signup, subscriber, mail}} (also when nothing was left) · 400 · 401 · 403 not a
//   ready Admin · 429
import { endpoint, linkSecretOf, type EndpointDeps } from '../http/endpoint';
import { eraseAndAudit } from '../subscribers/erasure';

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
