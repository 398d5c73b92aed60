// Reads waitlist signups newest first, in pages (limit + startAfter), the next page fetched while the
// current one is written. orderBy('timestamp') leaves out documents without a timestamp: when the
// collection holds more documents than that pass returned, a second pass finds them (by id, reading
// only the timestamp field) and yields them at the end.
import { FieldPath, type CollectionReference, type Query, type QuerySnapshot } from 'firebase-admin/firestore';
import type { SignupRecord } from './xlsx';

export const DEFAULT_PAGE_SIZE = 1000;

function prefetch(query: Query): Promise<QuerySnapshot> {
  const pending = query.get();
  pending.catch(() => undefined); // surfaced when awaited; never an unhandled rejection
  return pending;
}

export async function* signupPages(
  collection: CollectionReference,
  pageSize = DEFAULT_PAGE_SIZE,
): AsyncGenerator<SignupRecord[]> {
  const newestFirst = collection.orderBy('timestamp', 'desc').limit(pageSize);
  let seen = 0;
  let next: Promise<QuerySnapshot> | null = prefetch(newestFirst);
  while (next) {
    const snapshot: QuerySnapshot = await next;
    const last = snapshot.docs.at(-1);
    next = last && snapshot.size === pageSize ? prefetch(newestFirst.startAfter(last)) : null;
    seen += snapshot.size;
    if (snapshot.size > 0) yield snapshot.docs.map((doc) => doc.data());
  }

  const total = (await collection.count().get()).data().count;
  if (total <= seen) return;
  const byId = collection.orderBy(FieldPath.documentId()).select('timestamp').limit(pageSize);
  let cursor: string | undefined;
  for (;;) {
    const snapshot = await (cursor === undefined ? byId : byId.startAfter(cursor)).get();
    const missing = snapshot.docs.filter((doc) => doc.get('timestamp') === undefined).map((doc) => doc.ref);
    if (missing.length > 0) {
      const full = await collection.firestore.getAll(...missing);
      yield full.filter((doc) => doc.exists).map((doc) => doc.data() as SignupRecord);
    }
    const last = snapshot.docs.at(-1);
    if (!last || snapshot.size < pageSize) return;
    cursor = last.id;
  }
}
