// POST /api/unsubscribe → 200 {ok: true}: marks the subscriber unsubscribed. Two callers: a mail
// provider's one-click unsubscribe (RFC 8058: the List-Unsubscribe URL's `?token=…`, form body
// "List-Unsubscribe=One-Click"), and the /unsubscribe page's button (JSON {token}). Unsubscribing twice,
// or after an erasure, is the same 200. 400 / 401 a missing or refused token, 429 rate limited.
import { onRequest } from 'firebase-functions/v2/https';
import { HTTP_FUNCTION_OPTIONS } from '../shared/config';
import { linkEndpoint, type LinkEndpointDeps } from './link-endpoint';
import { mailTokenSecret } from '../shared/secrets';
import { unsubscribeSubscriber } from './subscription';

export function makeUnsubscribeHandler(deps: Partial<LinkEndpointDeps> = {}) {
  return linkEndpoint({ name: 'unsubscribe', purpose: 'unsubscribe', oneClick: true, action: unsubscribeSubscriber }, deps);
}

export const unsubscribe = onRequest({ ...HTTP_FUNCTION_OPTIONS, secrets: [mailTokenSecret] }, makeUnsubscribeHandler());
