// POST /api/broadcasts/reach (broadcastReach, admin host) {segment}, Bearer ID token: how many people a
// segment reaches now (the checks the sending repeats for each person).
//   200 {ok, count} · 400 · 401 · 403 not a ready Admin · 429
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { selectAudience } from './audience';

export function makeBroadcastReachHandler(deps: Partial<EndpointDeps> = {}) {
  return endpoint(
    'broadcastReach',
    async ({ services: { db }, body: { segment } }) => ({
      ok: true,
      count: (await selectAudience(db, segment)).length,
    }),
    deps,
  );
}
