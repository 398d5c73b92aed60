// POST /api/api-keys/create (apiKeyCreate, admin host) {name, scopes, ratePerMinute?}, Bearer ID token:
// an Admin creates an API key; the answer carries the key, this once (only its SHA-256 is stored).
// Audited as apikey.created (never the key).
//   200 {key, secret} · 400 bad body, too many keys · 401 · 403 not a ready Admin · 429
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { createApiKey } from './key-store';

export function makeApiKeyCreateHandler(deps: Partial<EndpointDeps> = {}) {
  return endpoint(
    'apiKeyCreate',
    async ({ services: { db }, body, caller, audit }) => {
      const { key, secret } = await createApiKey(db, body, caller.email);
      await audit({
        action: 'apikey.created',
        target: `api_keys/${key.id}`,
        details: { name: key.name, scopes: key.scopes, ratePerMinute: key.ratePerMinute, hint: key.hint },
      });
      return { key, secret };
    },
    deps,
  );
}
