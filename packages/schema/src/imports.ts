// CSV import of a list collected elsewhere: what an Admin maps, what each row becomes, and an import's
// progress. The browser parses the file and shows every bad row before anything is written; the
// server checks each row again with the same validator (`importRowProblems`) and writes chunk by
// chunk, each chunk once (imports/{id}/chunks/{index}), so a failed import is resumed without
// duplicates. Pure and zod-free (the panel imports it).
import type { FeedbackField } from './signup-fields';

/** Rows per request: a chunk is written, and remembered as written, as one unit. */
export const IMPORT_CHUNK_ROWS = 500;
/** The largest file an import takes (rows after the header). */
export const MAX_IMPORT_ROWS = 200_000;

/** What a column of the file is: the address, the signup time, the source, a feedback answer, or nothing. */
export type ImportColumnTarget = 'email' | 'timestamp' | 'source' | FeedbackField | 'ignore';

/** The file's header names, each mapped to what it holds (columns not named: ignored). */
export type ImportMapping = Record<string, ImportColumnTarget>;

/** One row, mapped and trimmed, with its line in the file (1: the header). */
export interface ImportRow {
  line: number;
  email: string;
  /** The original signup time as given (ISO 8601, or milliseconds / seconds since 1970); empty: unknown. */
  timestamp?: string;
  /** Where the person came from in the other tool (stored as the signup's `utmSource`). */
  source?: string;
  answers?: Partial<Record<FeedbackField, string>>;
}

/** Why a row cannot be imported (the preview lists each, with its line). */
export type ImportProblem =
  | 'email-missing'
  | 'email-invalid'
  | 'email-repeated'
  | 'timestamp-invalid'
  | 'timestamp-future'
  | 'source-invalid'
  | 'answer-too-long';

export interface ImportRowReport {
  line: number;
  email: string;
  problems: ImportProblem[];
}

export type ImportStatus = 'running' | 'done' | 'failed';

/** An import as the panel shows it (progress, and whether it can be resumed). */
export interface ImportView {
  id: string;
  fileName: string;
  /** The file's SHA-256 (hex): resuming asks for the same file. */
  fileSha256: string;
  mapping: ImportMapping;
  sendConfirmation: boolean;
  rows: number;
  chunks: number;
  /** The chunks written so far (their indexes). */
  doneChunks: number[];
  imported: number;
  merged: number;
  rejected: number;
  /** Rows skipped because their mailbox was erased at its owner's request. */
  erased: number;
  status: ImportStatus;
  startedAt: number;
  startedBy: string;
  finishedAt: number | null;
}

/** What starting an import names: the file, the Admin's choices, who started it and when. */
export type ImportStart = Pick<
  ImportView,
  'fileName' | 'fileSha256' | 'mapping' | 'sendConfirmation' | 'rows' | 'startedAt' | 'startedBy'
>;

/** An import as it starts: its chunks counted, none written yet, nothing imported, running. */
export function newImport(start: ImportStart): Omit<ImportView, 'id'> {
  return {
    fileName: start.fileName,
    fileSha256: start.fileSha256,
    mapping: start.mapping,
    sendConfirmation: start.sendConfirmation,
    rows: start.rows,
    chunks: Math.ceil(start.rows / IMPORT_CHUNK_ROWS),
    doneChunks: [],
    imported: 0,
    merged: 0,
    rejected: 0,
    erased: 0,
    status: 'running',
    startedAt: start.startedAt,
    startedBy: start.startedBy,
    finishedAt: null,
  };
}
