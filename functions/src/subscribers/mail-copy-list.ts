// POST /api/mail-copy {} (mailCopyList, admin host), Bearer ID token: every kind of e-mail's copy in
// force (null: the code's default) and its latest versions, for any ready member (only Admins change them).
//   200 {kinds} · 401 · 403 · 429
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { mailCopyOverview } from '../shared/mail-copy-store';

export function makeMailCopyListHandler(deps: Partial<EndpointDeps> = {}) {
  return endpoint(
    'mailCopyList',
    async ({ services: { db } }) => ({ kinds: await mailCopyOverview(db) }),
    deps,
  );
}
