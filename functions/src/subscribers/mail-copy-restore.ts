// POST /api/mail-copy/restore {kind, version, baseVersion} (mailCopyRestore, admin host), Bearer ID
// token: an Admin brings back an earlier version of a kind's copy (0: the code's default) as its newest
// version, so the history keeps every step. 404 for a version never saved, 409 when another version came
// into force since `baseVersion`. Audited as mailcopy.restored.
//   200 {version} · 400 · 401 · 403 not a ready Admin · 404 · 409 · 429
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { restoreMailCopy } from '../shared/mail-copy-store';
import { changedVersion } from './mail-copy-change';

export function makeMailCopyRestoreHandler(deps: Partial<EndpointDeps> = {}) {
  return endpoint(
    'mailCopyRestore',
    async ({ services: { db }, body: { kind, version: restored, baseVersion }, caller, audit }) => {
      const { version, changed } = changedVersion(
        await restoreMailCopy(db, { kind, version: restored, baseVersion, by: caller.email }),
      );
      if (changed)
        await audit({
          action: 'mailcopy.restored',
          target: `mail_copy/${kind}`,
          details: { kind, version, restored, previous: baseVersion },
        });
      return { version };
    },
    deps,
  );
}
