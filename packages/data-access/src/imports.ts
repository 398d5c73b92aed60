// An Admin's CSV import, client side: list the imports, start (or resume) one, and send the chunks it has
// not written yet, a few at a time, reporting the import's progress as each is acknowledged. The panel
// and `pnpm bench import` send through this module alike. No Firebase import.
import type { ImportStartRequest } from '@silk/schema/import-api';
import { IMPORT_CHUNK_ROWS, type ImportRow, type ImportView } from '@silk/schema/imports';
import { callApi, type ApiClient } from './api-client';

/** The client of each call (a fresh one per chunk, so a long import outlives an ID token). */
export type ImportClient = () => Promise<ApiClient>;

export async function listImports(client: ImportClient): Promise<ImportView[]> {
  return (await callApi(await client(), 'importList', {})).imports;
}

export async function startImport(client: ImportClient, request: ImportStartRequest): Promise<ImportView> {
  return (await callApi(await client(), 'importStart', request)).import;
}

/** A file's SHA-256, hex (resuming an import asks for the same file). */
export async function fileSha256(bytes: BufferSource): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Rows of the import's chunks sent or acknowledged so far. */
export const rowsDone = (view: ImportView): number =>
  view.imported + view.merged + view.rejected + view.erased;

/**
 * Sends every chunk of `rows` (the preview's rows, in file order) that `view` does not list as done,
 * `parallel` at a time; `onProgress` gets the import after each acknowledged chunk. Resolves the import as
 * the last answer gave it; rejects with the first failed call (the chunks acknowledged stay written).
 */
export async function sendImportChunks(
  client: ImportClient,
  view: ImportView,
  rows: readonly ImportRow[],
  onProgress: (view: ImportView) => void = () => {},
  parallel = 4,
): Promise<ImportView> {
  const done = new Set(view.doneChunks);
  const pending = Array.from({ length: view.chunks }, (_, index) => index).filter(
    (index) => !done.has(index),
  );
  let latest = view;
  const worker = async () => {
    for (let index = pending.shift(); index !== undefined; index = pending.shift()) {
      const chunk = rows.slice(index * IMPORT_CHUNK_ROWS, (index + 1) * IMPORT_CHUNK_ROWS);
      const answer = await callApi(await client(), 'importChunk', {
        importId: view.id,
        index,
        rows: chunk,
      }).catch((error: unknown) => {
        pending.length = 0; // the other workers stop after their current chunk
        throw error;
      });
      if (answer.import.doneChunks.length >= latest.doneChunks.length) latest = answer.import;
      onProgress(latest);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return latest;
}
