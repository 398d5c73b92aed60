// The sites an Admin allowed to embed the signup widget (settings/embed `origins`, @silk/schema/embed),
// and the CORS step of a route declared `origins: 'embedders'`: an Origin the configuration allows passes
// as on every route; any other is looked up in the stored list, read at each such request (one document
// read; an Admin's change applies at once), and refused with 403 when it is not there.
import { COLLECTIONS } from '@silk/schema/constants';
import { EMBED_SETTINGS_DOC } from '@silk/schema/embed';
import type { HttpMethod } from '@silk/schema/api-routes';
import type { Firestore } from 'firebase-admin/firestore';
import { isOriginAllowed } from './cors';
import { applyCors, header, type CorsCheck } from './http';

export function embedSettingsRef(db: Firestore) {
  return db.collection(COLLECTIONS.settings).doc(EMBED_SETTINGS_DOC);
}

/** The stored list (empty when none was saved). */
export async function storedEmbedOrigins(db: Firestore): Promise<string[]> {
  const origins: unknown = (await embedSettingsRef(db).get()).get('origins');
  return Array.isArray(origins)
    ? origins.filter((origin): origin is string => typeof origin === 'string')
    : [];
}

/** CORS over the configured origins and, for any other Origin, the stored list. */
export function embedderCors(
  db: () => Firestore,
  configured: () => readonly string[],
  methods: readonly HttpMethod[],
): CorsCheck {
  return async (req, res) => {
    const origin = header(req, 'origin');
    const allowed = configured();
    if (origin === undefined || isOriginAllowed(origin, allowed))
      return applyCors(req, res, allowed, methods);
    return applyCors(req, res, [...allowed, ...(await storedEmbedOrigins(db()))], methods);
  };
}
