// POST /api/api-keys/revoke (apiKeyRevoke, admin host) {id}, Bearer ID token: an Admin revokes an API key;
// its next call is refused (401). Audited as apikey.revoked (once: revoking it again writes nothing).
//   200 {key} · 400 · 401 · 403 not a ready Admin · 404 unknown key · 429
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { revokeApiKey } from './key-store';

export function makeApiKeyRevokeHandler(deps: Partial<EndpointDeps> = {}) {
  return endpoint(
    'apiKeyRevoke',
    async ({ services: { db }, body: { id }, caller, audit }) => {
      const { key, revoked } = await revokeApiKey(db, id, caller.email);
      if (revoked) {
        await audit({
          action: 'apikey.revoked',
          target: `api_keys/${key.id}`,
          details: { name: key.name, hint: key.hint },
        });
      }
      return { key };
    },
    deps,
  );
}
