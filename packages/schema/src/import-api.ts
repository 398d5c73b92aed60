// Request and response shapes of the import routes (Admins): start (or resume) an import, write one
// chunk of rows, list the imports.
import * as z from 'zod';
import { IMPORT_REQUEST_INVALID } from './messages';
import {
  IMPORT_CHUNK_ROWS,
  MAX_IMPORT_ROWS,
  type ImportMapping,
  type ImportRowReport,
  type ImportView,
} from './imports';

const importId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, { error: IMPORT_REQUEST_INVALID });

export const importStartRequestSchema = z.object({
  /** The client's id for this import: starting it again resumes it. */
  importId,
  fileName: z
    .string()
    .trim()
    .min(1, { error: IMPORT_REQUEST_INVALID })
    .max(200, { error: IMPORT_REQUEST_INVALID }),
  fileSha256: z.string().regex(/^[a-f0-9]{64}$/, { error: IMPORT_REQUEST_INVALID }),
  mapping: z.record(z.string().max(200), z.string().max(40), { error: IMPORT_REQUEST_INVALID }),
  rows: z
    .number({ error: IMPORT_REQUEST_INVALID })
    .int({ error: IMPORT_REQUEST_INVALID })
    .min(1, { error: IMPORT_REQUEST_INVALID })
    .max(MAX_IMPORT_ROWS, { error: IMPORT_REQUEST_INVALID }),
  /** Send the double opt-in mail to imported addresses that are not confirmed yet. */
  sendConfirmation: z.boolean().default(false),
});
export type ImportStartRequest = {
  importId: string;
  fileName: string;
  fileSha256: string;
  mapping: ImportMapping;
  rows: number;
  sendConfirmation?: boolean;
};
export interface ImportStartResponse {
  import: ImportView;
}

const importRow = z.object({
  line: z.number().int().min(2),
  email: z.string().max(1000),
  timestamp: z.string().max(100).optional(),
  source: z.string().max(1000).optional(),
  answers: z.record(z.string().max(40), z.string().max(10_000)).optional(),
});

export const importChunkRequestSchema = z.object({
  importId,
  index: z
    .number({ error: IMPORT_REQUEST_INVALID })
    .int({ error: IMPORT_REQUEST_INVALID })
    .min(0, { error: IMPORT_REQUEST_INVALID }),
  rows: z
    .array(importRow, { error: IMPORT_REQUEST_INVALID })
    .min(1, { error: IMPORT_REQUEST_INVALID })
    .max(IMPORT_CHUNK_ROWS, { error: IMPORT_REQUEST_INVALID }),
});
export type ImportChunkRequest = z.input<typeof importChunkRequestSchema>;
export interface ImportChunkResponse {
  imported: number;
  merged: number;
  /** The rows refused by the server's check (the same check as the preview's). */
  rejected: ImportRowReport[];
  /** The rows skipped because their mailbox was erased at its owner's request. */
  erased: number;
  /** true: this chunk had been written before; nothing was written again. */
  alreadyDone: boolean;
  import: ImportView;
}

export const importListRequestSchema = z.object({});
export interface ImportListResponse {
  imports: ImportView[];
}
