// POST /api/import/start (importStart, admin host) {importId, fileName, fileSha256, mapping, rows,
// sendConfirmation}, Bearer ID token: an Admin starts a CSV import, or resumes it by sending the same id
// with the same file (its SHA-256) and row count. Audited once per import, as import.started.
//   200 {import} · 400 a mapping without one address column, or naming a field an import does not write ·
//   401 · 403 not a ready Admin · 409 the id belongs to an import of another file · 429
import { IMPORT_FILE_CHANGED, IMPORT_REQUEST_INVALID } from '@silk/schema/messages';
import { isImportTarget } from '@silk/schema/import-rows';
import type { ImportMapping } from '@silk/schema/imports';
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { HttpError } from '../http/http';
import { finishIfComplete, startImport } from './import-store';

/** One column holds the address; every other target at most once (`ignore` as often as needed). */
export function validMapping(mapping: Record<string, string>): mapping is ImportMapping {
  const targets = Object.values(mapping).filter((target) => target !== 'ignore');
  return (
    targets.every(isImportTarget) && targets.includes('email') && new Set(targets).size === targets.length
  );
}

export function makeImportStartHandler(deps: Partial<EndpointDeps> = {}) {
  return endpoint(
    'importStart',
    async ({ services: { db }, body, caller, audit }) => {
      if (!validMapping(body.mapping)) throw new HttpError(400, IMPORT_REQUEST_INVALID);
      const outcome = await startImport(db, {
        id: body.importId,
        fileName: body.fileName,
        fileSha256: body.fileSha256,
        mapping: body.mapping,
        rows: body.rows,
        sendConfirmation: body.sendConfirmation,
        by: caller.email,
      });
      if (outcome.kind === 'conflict') throw new HttpError(409, IMPORT_FILE_CHANGED);
      if (outcome.kind === 'created') {
        await audit({
          action: 'import.started',
          target: `imports/${body.importId}`,
          details: { fileName: body.fileName, rows: body.rows, sendConfirmation: body.sendConfirmation },
        });
      }
      // A resume of an import whose last chunk was written but not yet counted as the end finishes it.
      return {
        import: outcome.kind === 'resumed' ? await finishIfComplete(db, body.importId) : outcome.view,
      };
    },
    deps,
  );
}
