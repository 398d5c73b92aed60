// POST /api/mail-copy/save {kind, subject, body, baseVersion} (mailCopySave, admin host), Bearer ID
// token: an Admin's new version of a kind's copy, in force at once (senders' caches: within
// MAIL_COPY_CACHE_SECONDS). Refused whole when it drops a link the kind requires, names a variable the
// kind does not allow or breaks the grammar (400, every problem named), or when another version came
// into force since `baseVersion` (409). The same copy again writes nothing. Audited as mailcopy.saved.
//   200 {version} · 400 · 401 · 403 not a ready Admin · 409 · 429
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { saveMailCopy } from '../shared/mail-copy-store';
import { changedVersion } from './mail-copy-change';

export function makeMailCopySaveHandler(deps: Partial<EndpointDeps> = {}) {
  return endpoint(
    'mailCopySave',
    async ({ services: { db }, body: { kind, subject, body, baseVersion }, caller, audit }) => {
      const { version, changed } = changedVersion(
        await saveMailCopy(db, { kind, copy: { subject, body }, baseVersion, by: caller.email }),
      );
      if (changed)
        await audit({
          action: 'mailcopy.saved',
          target: `mail_copy/${kind}`,
          details: { kind, version, previous: baseVersion },
        });
      return { version };
    },
    deps,
  );
}
