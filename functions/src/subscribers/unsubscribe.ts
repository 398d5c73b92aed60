// POST /api/unsubscribe → 200 {ok: true}: marks the subscriber unsubscribed. Two callers: a mail
// provider's one-click unsubscribe (RFC 8058: the List-Unsubscribe URL's `?token=…`, form body
// "List-Unsubscribe=One-Click"), and the /unsubscribe page's button (JSON {token}). The address goes on
// the suppression list (lifted by re-subscribing). Unsubscribing twice,
// or after an erasure, is the same 200. 400 / 401 a missing or refused token, 429 rate limited.
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { unsubscribeFormAnswers } from './link-forms';
import { unsubscribeSubscriber } from './subscription';
import { suppress, unsubscribed } from '../suppression/suppression-list';

export function makeUnsubscribeHandler(deps: Partial<EndpointDeps> = {}) {
  return endpoint(
    'unsubscribe',
    async ({ services, subscriberId }) => {
      const email = await unsubscribeSubscriber(services.db, subscriberId);
      if (email) await suppress(services.db, [email], unsubscribed('unsubscribe link'));
      return { ok: true };
    },
    deps,
    { form: unsubscribeFormAnswers },
  );
}
