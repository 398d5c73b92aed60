// POST /api/broadcasts/list (broadcastList, admin host) {}, Bearer ID token: the newest broadcasts with
// their figures, for any ready member.
//   200 {broadcasts} · 401 · 403 · 429
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { withListFigures } from './broadcast-figures';
import { broadcastsRef, viewOf, type StoredBroadcast } from './broadcast-store';

const LISTED = 50;

export function makeBroadcastListHandler(deps: Partial<EndpointDeps> = {}) {
  return endpoint(
    'broadcastList',
    async ({ services: { db } }) => {
      const page = await broadcastsRef(db).orderBy('createdAt', 'desc').limit(LISTED).get();
      const views = page.docs.map((doc) => viewOf(doc.id, doc.data() as StoredBroadcast));
      return { broadcasts: await withListFigures(db, views) };
    },
    deps,
  );
}
