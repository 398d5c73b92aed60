// CSV imports: imports/{id} (the import as the panel shows it, ImportView) and imports/{id}/chunks/{index}
// (a chunk written: its counts, and the addresses it created while their confirmation mails are owed).
// A chunk is written in one transaction with its marker, so a chunk sent again, or an import resumed after
// a failure, writes nothing twice; every row is checked again with the preview's own check. The signup's
// document id is its address: an address already on the waitlist is merged into its record, never added
// a second time. A row whose mailbox was erased on request (subscribers/erased-mailboxes.ts) is skipped and
// counted (`erased`), whether or not its owner has signed up again since: only they bring it back.
import { COLLECTIONS } from '@silk/schema/constants';
import {
  IMPORT_CHUNK_ROWS,
  newImport,
  type ImportMapping,
  type ImportRow,
  type ImportRowReport,
  type ImportView,
} from '@silk/schema/imports';
import { checkImportRows, importTime, isImportAnswer } from '@silk/schema/import-rows';
import { normalizeEmail } from '@silk/schema/validators';
import {
  FieldValue,
  Timestamp,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import { erasedMailboxRef } from '../subscribers/erased-mailboxes';
import { signupChange } from '../shared/signup-change';
import { alertSink } from '../events/alert-events';
import { earlierFirstSignup } from '../shared/first-signup';
import { newSubscriberId } from '../subscribers/subscribers';

export function importRef(db: Firestore, id: string): DocumentReference {
  return db.collection(COLLECTIONS.imports).doc(id);
}

export function chunkRef(db: Firestore, id: string, index: number): DocumentReference {
  return importRef(db, id).collection('chunks').doc(String(index));
}

const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** A stored import as the panel and the routes see it. */
export function importView(id: string, data: DocumentData): ImportView {
  return {
    id,
    fileName: String(data.fileName ?? ''),
    fileSha256: String(data.fileSha256 ?? ''),
    mapping: (data.mapping ?? {}) as ImportMapping,
    sendConfirmation: data.sendConfirmation === true,
    rows: num(data.rows),
    chunks: num(data.chunks),
    doneChunks: Array.isArray(data.doneChunks)
      ? (data.doneChunks as unknown[]).filter((n): n is number => typeof n === 'number').sort((a, b) => a - b)
      : [],
    imported: num(data.imported),
    merged: num(data.merged),
    rejected: num(data.rejected),
    erased: num(data.erased),
    status: data.status === 'done' || data.status === 'failed' ? data.status : 'running',
    startedAt: num(data.startedAt),
    startedBy: String(data.startedBy ?? ''),
    finishedAt: typeof data.finishedAt === 'number' ? data.finishedAt : null,
  };
}

/** How many rows chunk `index` of an import of `rows` rows holds. */
export function chunkSize(rows: number, index: number): number {
  return Math.max(0, Math.min(IMPORT_CHUNK_ROWS, rows - index * IMPORT_CHUNK_ROWS));
}

export interface StartImport {
  id: string;
  fileName: string;
  fileSha256: string;
  mapping: ImportMapping;
  rows: number;
  sendConfirmation: boolean;
  by: string;
}

export type StartOutcome =
  | { kind: 'created'; view: ImportView }
  | { kind: 'resumed'; view: ImportView }
  /** The id is taken by an import of another file (or another row count). */
  | { kind: 'conflict' };

/**
 * Creates imports/{id}, or resumes it: the same id with the same file and row count answers the stored
 * import (its mapping and choice of confirmation mails kept) and sets a failed one running again.
 */
export async function startImport(
  db: Firestore,
  start: StartImport,
  now = Date.now(),
): Promise<StartOutcome> {
  const ref = importRef(db, start.id);
  return db.runTransaction(async (transaction) => {
    const stored = await transaction.get(ref);
    if (stored.exists) {
      const view = importView(stored.id, stored.data() ?? {});
      if (view.fileSha256 !== start.fileSha256 || view.rows !== start.rows) return { kind: 'conflict' };
      if (view.status === 'failed') transaction.update(ref, { status: 'running' });
      return {
        kind: 'resumed',
        view: { ...view, status: view.status === 'failed' ? 'running' : view.status },
      };
    }
    const data = newImport({ ...start, startedAt: now, startedBy: start.by });
    transaction.create(ref, data);
    return { kind: 'created', view: importView(start.id, data) };
  });
}

/** The newest imports first. */
export async function listImports(db: Firestore, limit = 50): Promise<ImportView[]> {
  const found = await db.collection(COLLECTIONS.imports).orderBy('startedAt', 'desc').limit(limit).get();
  return found.docs.map((doc) => importView(doc.id, doc.data()));
}

/** The fields an imported row sets on a signup that does not exist yet (its place in line: its original time). */
function newSignup(row: ImportRow, importId: string, now: number): DocumentData {
  const time = row.timestamp === undefined ? now : importTime(row.timestamp);
  return signupChange({
    email: normalizeEmail(row.email),
    timestamp: Timestamp.fromMillis(time),
    firstSignupAt: Timestamp.fromMillis(time),
    // Given now, so the trigger has nothing to stamp on an imported signup (its signup.created names it).
    subscriberId: newSubscriberId(),
    importId,
    ...(row.source === undefined ? {} : { utmSource: row.source }),
    ...answersOf(row),
  });
}

function answersOf(row: ImportRow): Record<string, string> {
  return Object.fromEntries(
    Object.entries(row.answers ?? {}).filter(([key, value]) => isImportAnswer(key) && value !== ''),
  );
}

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/**
 * What a row changes on the signup already stored for its address: the earlier of the two signup times,
 * and of the two first signup times (the place in line: an earlier original time moves it ahead, a later
 * one never back), and only the answers and the source the signup does not have yet. Empty when it
 * changes nothing.
 */
export function mergedFields(existing: DocumentSnapshot, row: ImportRow): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  if (row.timestamp !== undefined) {
    const time = importTime(row.timestamp);
    const stored = existing.get('timestamp') as unknown;
    if (!(stored instanceof Timestamp) || time < stored.toMillis())
      fields.timestamp = Timestamp.fromMillis(time);
    Object.assign(fields, earlierFirstSignup(existing, time));
  }
  if (row.source !== undefined && isBlank(existing.get('utmSource'))) fields.utmSource = row.source;
  for (const [key, value] of Object.entries(answersOf(row)))
    if (isBlank(existing.get(key))) fields[key] = value;
  return fields;
}

export interface ChunkOutcome {
  alreadyDone: boolean;
  imported: number;
  merged: number;
  rejected: ImportRowReport[];
  /** Rows skipped: their mailbox was erased on request. */
  erased: number;
  /** The addresses this chunk created (owed a confirmation mail when the import sends them). */
  created: string[];
}

/**
 * Writes one chunk in one transaction with its marker and the import's counters, unless the marker exists
 * (then nothing is written: alreadyDone). New addresses are created with their original signup time
 * (`timestamp`), the import's id and the source as `utmSource`; stored ones are merged (mergedFields);
 * erased mailboxes are skipped. `secret`: the server secret the erased mailboxes are remembered under.
 */
export async function writeChunk(
  db: Firestore,
  importId: string,
  index: number,
  rows: readonly ImportRow[],
  options: { sendConfirmation: boolean; secret: string; now?: number },
): Promise<ChunkOutcome> {
  const now = options.now ?? Date.now();
  // The preview's own check, again (a repeat is found within the chunk only).
  const { valid, invalid: rejected } = checkImportRows(rows, now);
  const marker = chunkRef(db, importId, index);
  const refs = valid.map((row) => db.collection(COLLECTIONS.waitlistSignups).doc(normalizeEmail(row.email)));
  const erasedRefs = valid.map((row) => erasedMailboxRef(db, options.secret, row.email));
  return db.runTransaction(async (transaction: Transaction) => {
    const done = await transaction.get(marker);
    if (done.exists) {
      return {
        alreadyDone: true,
        imported: num(done.get('imported')),
        merged: num(done.get('merged')),
        rejected: [],
        erased: num(done.get('erased')),
        created: [],
      };
    }
    const [stored, erasedEntries] =
      refs.length > 0
        ? await Promise.all([transaction.getAll(...refs), transaction.getAll(...erasedRefs)])
        : [[], []];
    const created: string[] = [];
    let merged = 0;
    let erased = 0;
    for (const [at, row] of valid.entries()) {
      const existing = stored[at] as DocumentSnapshot;
      if ((erasedEntries[at] as DocumentSnapshot).exists) {
        erased += 1;
        continue;
      }
      if (!existing.exists) {
        transaction.set(existing.ref, newSignup(row, importId, now));
        created.push(existing.id);
        continue;
      }
      merged += 1;
      const fields = mergedFields(existing, row);
      if (Object.keys(fields).length > 0) transaction.update(existing.ref, signupChange(fields));
    }
    transaction.create(marker, {
      at: now,
      imported: created.length,
      merged,
      rejected: rejected.length,
      erased,
      // The confirmation mails still owed (the chunk is settled once they are queued).
      owed: options.sendConfirmation ? created : [],
    });
    transaction.update(importRef(db, importId), {
      doneChunks: FieldValue.arrayUnion(index),
      imported: FieldValue.increment(created.length),
      merged: FieldValue.increment(merged),
      rejected: FieldValue.increment(rejected.length),
      erased: FieldValue.increment(erased),
    });
    return { alreadyDone: false, imported: created.length, merged, rejected, erased, created };
  });
}

/** The confirmation mails a written chunk still owes (none when the import sends none or they are queued). */
export async function owedMails(db: Firestore, importId: string, index: number): Promise<string[]> {
  const owed = (await chunkRef(db, importId, index).get()).get('owed') as unknown;
  return Array.isArray(owed) ? owed.filter((email): email is string => typeof email === 'string') : [];
}

export async function settleMails(db: Firestore, importId: string, index: number): Promise<void> {
  await chunkRef(db, importId, index).update({ owed: [] });
}

/** Marks the import done once every chunk is in (once: finishedAt is the first time it was seen). */
export async function finishIfComplete(
  db: Firestore,
  importId: string,
  now = Date.now(),
): Promise<ImportView> {
  const ref = importRef(db, importId);
  const finished = await alertSink(db, 'import.finished');
  return db.runTransaction(async (transaction) => {
    const snapshot = await transaction.get(ref);
    const view = importView(importId, snapshot.data() ?? {});
    if (view.status === 'done' || view.doneChunks.length < view.chunks) return view;
    transaction.update(ref, { status: 'done', finishedAt: now });
    const { fileName, rows, imported, merged, rejected, erased } = view;
    finished(transaction, {
      key: importId,
      at: now,
      data: { importId, fileName, rows, imported, merged, rejected, erased },
    });
    return { ...view, status: 'done', finishedAt: now };
  });
}

export async function markFailed(db: Firestore, importId: string): Promise<void> {
  await importRef(db, importId).update({ status: 'failed' });
}
