// POST /api/erase {token} (the /unsubscribe page's "Delete my data", from the erase link) → 200 {ok: true}:
// removes the signup (with its feedback), the mailing-list entry and all mail to the address, and writes
// an audit entry holding the address's keyed hash only. Nothing left to erase is the same 200.
// 400 / 401 a missing or refused token, 429 rate limited.
import { endpoint, linkSecretOf, type EndpointDeps } from '../http/endpoint';
import { eraseSubscriber as erase } from './subscription';

export function makeEraseSubscriberHandler(deps: Partial<EndpointDeps> = {}) {
  const secret = linkSecretOf(deps);
  return endpoint(
    'eraseSubscriber',
    async ({ services, subscriberId, audit }) => {
      await erase(services.db, subscriberId, secret(), audit);
      return { ok: true };
    },
    deps,
  );
}
