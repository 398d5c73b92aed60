// POST /api/import/list (importList, admin host) {}, Bearer ID token: the newest imports with their
// progress (an unfinished one can be resumed from the panel).
//   200 {imports} · 401 · 403 not a ready Admin · 429
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { listImports } from './import-store';

export function makeImportListHandler(deps: Partial<EndpointDeps> = {}) {
  return endpoint('importList', async ({ services: { db } }) => ({ imports: await listImports(db) }), deps);
}
