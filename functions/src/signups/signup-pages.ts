// Reads waitlist signups newest first, in pages. One streamed query (orderBy timestamp), grouped into
// pages here; the stream's backpressure holds the reading to the writer's pace. limit + startAfter pages
// cost a query each, and each of the Firestore emulator's queries takes time in proportion to the whole
// collection: 100,000 signups took 65 s in pages of 1,000, 9.5–25 s streamed (bench/README.md). On a
// retryable error the SDK resumes the stream after the last document received. Only the fields the
// export reads are fetched (SIGNUP_FIELDS): a signup also carries edit keys, consent and bot-check
// records, and fewer fields made the emulator's read ~30% faster.
// orderBy('timestamp') leaves out documents without a timestamp: when the collection holds more
// documents than that pass returned, a second pass finds them (by id, reading only the timestamp field)
// and yields them at the end.
import {
  FieldPath,
  type CollectionReference,
  type DocumentReference,
  type Query,
  type QueryDocumentSnapshot,
} from 'firebase-admin/firestore';
import { SIGNUP_VIEW_FIELDS } from '@silk/schema/signup-fields';
import { PassThrough, pipeline } from 'node:stream';
import type { SignupRecord } from './xlsx';

/**
 * Signups handed to the writer at a time (it lets the response drain between pages). 250 rather than
 * 1,000: the same CPU, and the bench's peak memory ~50 MB lower (fewer rows and their XML held at once).
 */
export const DEFAULT_PAGE_SIZE = 250;
/**
 * What the export reads of a signup: the registry's fields the table and the view read (the 12 columns
 * and confirmedAt, the confirmed filter), so a filter on any of them works in the filtered export.
 */
export const SIGNUP_FIELDS: readonly string[] = SIGNUP_VIEW_FIELDS;

/**
 * The query's documents as they stream in, read up to `readAhead` ahead of the caller so Firestore keeps
 * sending while a page is written (without it the two took turns). An error reaches the caller's
 * iteration; stopping the iteration cancels the query.
 */
export function streamed(query: Query, readAhead: number): AsyncIterable<QueryDocumentSnapshot> {
  const buffer = new PassThrough({ objectMode: true, highWaterMark: readAhead });
  pipeline(query.stream(), buffer, () => undefined);
  return buffer;
}

export async function* signupPages(
  collection: CollectionReference,
  pageSize = DEFAULT_PAGE_SIZE,
): AsyncGenerator<SignupRecord[]> {
  let seen = 0;
  let page: SignupRecord[] = [];
  for await (const doc of streamed(
    collection.orderBy('timestamp', 'desc').select(...SIGNUP_FIELDS),
    pageSize,
  )) {
    page.push(doc.data());
    seen += 1;
    if (page.length === pageSize) {
      yield page;
      page = [];
    }
  }
  if (page.length > 0) yield page;

  const total = (await collection.count().get()).data().count;
  if (total <= seen) return;
  let missing: DocumentReference[] = [];
  const readMissing = async () => {
    const full = await collection.firestore.getAll(...missing, { fieldMask: [...SIGNUP_FIELDS] });
    missing = [];
    return full.filter((doc) => doc.exists).map((doc) => doc.data() as SignupRecord);
  };
  for await (const doc of streamed(
    collection.orderBy(FieldPath.documentId()).select('timestamp'),
    pageSize,
  )) {
    if (doc.get('timestamp') !== undefined) continue;
    missing.push(doc.ref);
    if (missing.length === pageSize) yield await readMissing();
  }
  if (missing.length > 0) yield await readMissing();
}
