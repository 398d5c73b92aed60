// POST /api/embed/origins (embedOriginsList, admin host), Bearer ID token: an Admin reads the sites
// allowed to embed the signup widget (settings/embed).
//   200 {origins} · 401 · 403 not a ready Admin · 429
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { storedEmbedOrigins } from '../http/embed-origins';

export function makeEmbedOriginsListHandler(deps: Partial<EndpointDeps> = {}) {
  return endpoint(
    'embedOriginsList',
    async ({ services: { db } }) => ({ origins: await storedEmbedOrigins(db) }),
    deps,
  );
}
