// The Import tab's calls, as the signed-in Admin (a fresh ID token for each call).
import { listImports, sendImportChunks, startImport, type ImportClient } from '@silk/data-access/imports';
import { staffClient } from '@silk/data-access/staff-client';
import type { ImportStartRequest } from '@silk/schema/import-api';
import type { ImportRow, ImportView } from '@silk/schema/imports';
import { adminServices } from '@/lib/services';

const client: ImportClient = () => staffClient(adminServices());

export const loadImports = () => listImports(client);

/** Starts (or resumes) the import, then sends the chunks it has not written yet. */
export async function runImport(
  request: ImportStartRequest,
  rows: readonly ImportRow[],
  onProgress: (view: ImportView) => void,
): Promise<ImportView> {
  const view = await startImport(client, request);
  onProgress(view);
  return sendImportChunks(client, view, rows, onProgress);
}
