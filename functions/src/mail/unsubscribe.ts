// POST /api/unsubscribe → 200 {ok: true}: marks the subscriber unsubscribed. Two callers: a mail
// provider's one-click unsubscribe (RFC 8058: the List-Unsubscribe URL's `?token=…`, form body
// "List-Unsubscribe=One-Click"), and the /unsubscribe page's button (JSON {token}). Unsubscribing twice,
// or after an erasure, is the same 200. 400 / 401 a missing or refused token, 429 rate limited.
import { httpsFunction } from '../shared/https-function';
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { HTTP_FUNCTION_OPTIONS } from '../shared/config';
import { mailTokenSecret } from '../shared/secrets';
import { unsubscribeFormAnswers } from './link-forms';
import { unsubscribeSubscriber } from './subscription';

export function makeUnsubscribeHandler(deps: Partial<EndpointDeps> = {}) {
  return endpoint(
    'unsubscribe',
    async ({ services, subscriberId }) => {
      await unsubscribeSubscriber(services.db, subscriberId);
      return { ok: true };
    },
    deps,
    { form: unsubscribeFormAnswers },
  );
}

export const unsubscribe = httpsFunction(
  { ...HTTP_FUNCTION_OPTIONS, secrets: [mailTokenSecret] },
  makeUnsubscribeHandler(),
);
