// A query's documents read in pages: each page one query, ordered by document id last, continuing after
// the page before's last document. For work that writes as it goes (a sweep over the signups, the reward
// queues), where a streamed query would hold its read open for the whole run.
import { FieldPath, type Query, type QueryDocumentSnapshot } from 'firebase-admin/firestore';

export async function* queryPages(query: Query, size: number): AsyncGenerator<QueryDocumentSnapshot[]> {
  const paged = query.orderBy(FieldPath.documentId()).limit(size);
  let last: QueryDocumentSnapshot | undefined;
  for (;;) {
    const page = await (last ? paged.startAfter(last) : paged).get();
    if (page.size > 0) yield page.docs;
    if (page.size < size) return;
    last = page.docs[page.docs.length - 1];
  }
}
