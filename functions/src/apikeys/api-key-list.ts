// POST /api/api-keys/list (apiKeyList, admin host), Bearer ID token: an Admin lists the API keys (never
// a key itself: its name, scopes, first characters, rate, last use and revocation).
//   200 {keys} · 401 · 403 not a ready Admin · 429
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { listApiKeys } from './key-store';

export function makeApiKeyListHandler(deps: Partial<EndpointDeps> = {}) {
  return endpoint('apiKeyList', async ({ services: { db } }) => ({ keys: await listApiKeys(db) }), deps);
}
