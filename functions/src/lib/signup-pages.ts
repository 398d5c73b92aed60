// Reads waitlist signups newest first, in pages. One streamed query (orderBy timestamp), grouped into
// pages here: the stream's backpressure holds the reading to the writer's pace, and a single query costs
// one index scan, where limit + startAfter pages cost a query each (the Firestore emulator sorts the
// whole collection for every one of them: 100,000 signups took 65 s in pages of 1,000, see
// bench/README.md). On a retryable error the SDK resumes the stream after the last document received.
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
import type { SignupRecord } from './xlsx';

export const DEFAULT_PAGE_SIZE = 1000;

/** The query's documents as they stream in (stopping the iteration cancels the query). */
function streamed(query: Query): AsyncIterable<QueryDocumentSnapshot> {
  return query.stream() as AsyncIterable<QueryDocumentSnapshot>;
}

export async function* signupPages(
  collection: CollectionReference,
  pageSize = DEFAULT_PAGE_SIZE,
): AsyncGenerator<SignupRecord[]> {
  let seen = 0;
  let page: SignupRecord[] = [];
  for await (const doc of streamed(collection.orderBy('timestamp', 'desc'))) {
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
    const full = await collection.firestore.getAll(...missing);
    missing = [];
    return full.filter((doc) => doc.exists).map((doc) => doc.data() as SignupRecord);
  };
  for await (const doc of streamed(collection.orderBy(FieldPath.documentId()).select('timestamp'))) {
    if (doc.get('timestamp') !== undefined) continue;
    missing.push(doc.ref);
    if (missing.length === pageSize) yield await readMissing();
  }
  if (missing.length > 0) yield await readMissing();
}
