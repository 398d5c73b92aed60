// The import client of `pnpm bench import`, in a process of its own so that its resident memory is the
// import's alone (no firebase-admin, no generator): reads the CSV file, previews it with the panel's
// module, fails unless the preview lists exactly the expected bad lines, then imports it as the panel does
// (importStart, the chunks four at a time) and prints one JSON line with its figures.
// Input (env): IMPORT_CSV (the file), IMPORT_BAD_LINES (a JSON array of the bad lines), IMPORT_API_BASE,
// IMPORT_STAFF_TOKEN, IMPORT_ID.
import { fileSha256, sendImportChunks, startImport, type ImportClient } from '@silk/data-access/imports';
import { checkImportRows, importRows, parseCsv, suggestMapping } from '@silk/schema/import-rows';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

export interface ImportClientFigures {
  seconds: number;
  previewSeconds: number;
  clientMb: number;
  listed: number;
  previewMatches: boolean;
  imported: number;
  merged: number;
  serverRejected: number;
  status: string;
}

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

let peak = 0;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
const client: ImportClient = async () => ({ apiBase: env('IMPORT_API_BASE'), staffToken: env('IMPORT_STAFF_TOKEN') });
const expected = JSON.parse(readFileSync(env('IMPORT_BAD_LINES'), 'utf8')) as number[];

const started = performance.now();
const bytes = readFileSync(env('IMPORT_CSV'));
const csv = parseCsv(new TextDecoder().decode(bytes));
const mapping = suggestMapping(csv.headers);
const preview = checkImportRows(importRows(csv, mapping), Date.now());
const previewSeconds = (performance.now() - started) / 1000;
const listed = preview.invalid.map((row) => row.line);
const previewMatches = listed.length === expected.length && listed.every((line, index) => line === expected[index]);
let figures: ImportClientFigures = { seconds: 0, previewSeconds, clientMb: 0, listed: listed.length, previewMatches, imported: 0, merged: 0, serverRejected: 0, status: 'not started' };
if (previewMatches) {
  const view = await startImport(client, {
    importId: env('IMPORT_ID'),
    fileName: 'other-tool-export.csv',
    fileSha256: await fileSha256(bytes),
    mapping,
    rows: preview.valid.length,
    sendConfirmation: false,
  });
  let lastLog = 0;
  const end = await sendImportChunks(client, view, preview.valid, (progress) => {
    if (performance.now() - lastLog > 10_000) {
      lastLog = performance.now();
      console.error(`[bench/import] ${progress.doneChunks.length} of ${progress.chunks} chunks…`);
    }
  });
  figures = { ...figures, seconds: (performance.now() - started) / 1000, imported: end.imported, merged: end.merged, serverRejected: end.rejected, status: end.status };
}
clearInterval(sampler);
console.log(JSON.stringify({ ...figures, clientMb: Math.max(peak, process.memoryUsage().rss) / 1e6 }));
