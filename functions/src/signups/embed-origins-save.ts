// POST /api/embed/origins/save {origins} (embedOriginsSave, admin host), Bearer ID token: an Admin
// replaces the sites allowed to embed the signup widget (settings/embed). Each entry must be an origin —
// scheme, host, optional port — (400 EMBED_ORIGINS_INVALID otherwise, nothing saved); they are stored
// normalised, without repeats. Audited as embed.origins.changed with the origins added and removed.
//   200 {origins} · 400 · 401 · 403 not a ready Admin · 429
import { FieldValue } from 'firebase-admin/firestore';
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { embedSettingsRef, storedEmbedOrigins } from '../http/embed-origins';

export function makeEmbedOriginsSaveHandler(deps: Partial<EndpointDeps> = {}) {
  return endpoint(
    'embedOriginsSave',
    async ({ services: { db }, body: { origins }, caller, audit }) => {
      const before = await storedEmbedOrigins(db);
      await embedSettingsRef(db).set({
        origins,
        updatedAt: FieldValue.serverTimestamp(),
        updatedBy: caller.email,
      });
      await audit({
        action: 'embed.origins.changed',
        target: 'settings/embed',
        details: {
          added: origins.filter((origin) => !before.includes(origin)),
          removed: before.filter((origin) => !origins.includes(origin)),
        },
      });
      return { origins };
    },
    deps,
  );
}
