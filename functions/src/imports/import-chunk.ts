// POST /api/import/chunk (importChunk, admin host, up to 1 MB) {importId, index, rows}, Bearer ID token:
// one chunk of an import's rows (IMPORT_CHUNK_ROWS, fewer in the last), written once (import-store.ts):
// sent again, it answers alreadyDone and writes nothing. Each row is checked again as the preview checked
// it; the refused ones are answered; rows of mailboxes erased on request are skipped and counted on the
// import (`erased`). When the import sends confirmation mails, each address the chunk
// created joins the mailing list with the double opt-in mail (subscribers/mailing-list.ts; owed ones are sent
// when the chunk is sent again). The last chunk in marks the import done.
//   200 {imported, merged, rejected, erased, alreadyDone, import} · 400 an index or row count that is not the
//   chunk's, an answer of no feedback field · 401 · 403 not a ready Admin · 404 no such import · 429
import { IMPORT_NOT_FOUND, IMPORT_REQUEST_INVALID } from '@silk/schema/messages';
import { isImportAnswer } from '@silk/schema/import-rows';
import type { ImportRow } from '@silk/schema/imports';
import { logger } from 'firebase-functions/logger';
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { HttpError } from '../http/http';
import { addToMailingList } from '../subscribers/mailing-list';
import { mailTokenSecret } from '../shared/secrets';
import {
  chunkSize,
  finishIfComplete,
  importRef,
  importView,
  markFailed,
  owedMails,
  settleMails,
  writeChunk,
} from './import-store';

const MAIL_BATCH = 10;

export function makeImportChunkHandler(deps: Partial<EndpointDeps> = {}) {
  const secret = deps.linkSecret ?? (() => mailTokenSecret.value());
  return endpoint(
    'importChunk',
    async ({ services: { db }, body, config }) => {
      const stored = await importRef(db, body.importId).get();
      if (!stored.exists) throw new HttpError(404, IMPORT_NOT_FOUND);
      const view = importView(stored.id, stored.data() ?? {});
      const rows = body.rows as ImportRow[];
      const answersKnown = rows.every((row) => Object.keys(row.answers ?? {}).every(isImportAnswer));
      if (body.index >= view.chunks || rows.length !== chunkSize(view.rows, body.index) || !answersKnown) {
        throw new HttpError(400, IMPORT_REQUEST_INVALID);
      }
      try {
        const outcome = await writeChunk(db, body.importId, body.index, rows, {
          sendConfirmation: view.sendConfirmation,
          secret: secret(),
        });
        if (view.sendConfirmation) {
          const owed = await owedMails(db, body.importId, body.index);
          // A few at a time: each is a transaction of its own on its own documents.
          for (let start = 0; start < owed.length; start += MAIL_BATCH) {
            await Promise.all(
              owed
                .slice(start, start + MAIL_BATCH)
                .map((email) => addToMailingList(db, email, { form: 'import', ceilings: config.ceilings })),
            );
          }
          await settleMails(db, body.importId, body.index);
        }
        const current = await finishIfComplete(db, body.importId);
        return {
          imported: outcome.imported,
          merged: outcome.merged,
          rejected: outcome.rejected,
          erased: outcome.erased,
          alreadyDone: outcome.alreadyDone,
          import: current,
        };
      } catch (error) {
        logger.error('importChunk: the chunk failed', {
          importId: body.importId,
          index: body.index,
          error: String(error),
        });
        await markFailed(db, body.importId).catch(() => undefined);
        throw error;
      }
    },
    deps,
  );
}
