// temporary probe (deleted after): query shapes over the emulator
import { adminSdk } from '@silk/stack/admin-sdk';
import { makeSignups } from '@silk/stack/seed-data';
import { FieldPath, type Query, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
const ROWS = Number(process.argv[2] ?? 100000);
const { db } = adminSdk();
const col = db.collection('waitlist_signups');
const signups = makeSignups(ROWS, new Date(), 7);
let t = performance.now();
for (let i = 0; i < signups.length; i += 500) {
  const b = db.batch();
  for (const s of signups.slice(i, i + 500)) b.set(col.doc(s.email), s);
  await b.commit();
}
console.log('seeded', ((performance.now() - t) / 1000).toFixed(1));

async function pagesCursorDoc(q: Query, size: number, label: string) {
  const t0 = performance.now();
  let last: QueryDocumentSnapshot | undefined; let n = 0; const times: number[] = [];
  for (;;) {
    const t1 = performance.now();
    const s = await (last ? q.limit(size).startAfter(last) : q.limit(size)).get();
    times.push(performance.now() - t1);
    n += s.size; last = s.docs.at(-1);
    if (s.size < size) break;
  }
  console.log(label, n, ((performance.now() - t0) / 1000).toFixed(2), 's; first pages ms', times.slice(0, 3).map(Math.round), 'last', times.slice(-3).map(Math.round));
}
const mode = process.argv[3] ?? 'all';
if (mode === 'all' || mode === 'a') await pagesCursorDoc(col.orderBy('timestamp', 'desc'), 1000, 'orderBy ts desc, startAfter(doc), 1000');
if (mode === 'all' || mode === 'b') await pagesCursorDoc(col.orderBy('timestamp', 'desc'), 5000, 'orderBy ts desc, startAfter(doc), 5000');
if (mode === 'all' || mode === 'c') await pagesCursorDoc(col.orderBy(FieldPath.documentId()), 1000, 'orderBy id, 1000');
if (mode === 'all' || mode === 'd') await pagesCursorDoc(col.orderBy('timestamp', 'desc').select('email','timestamp','ip','location','workEmail','travelFrequency','biggestFrustration','contentCreator','aiTool','excitedFeatures','suggestionsFeedback','socialMedia'), 1000, 'select, 1000');
if (mode === 'all' || mode === 'e') {
  const t0 = performance.now(); let n = 0;
  for await (const _ of col.orderBy('timestamp', 'desc').stream()) n++;
  console.log('stream all', n, ((performance.now() - t0) / 1000).toFixed(2));
}
if (mode === 'all' || mode === 'f') {
  const t0 = performance.now(); const s = await col.orderBy('timestamp', 'desc').get();
  console.log('one get', s.size, ((performance.now() - t0) / 1000).toFixed(2));
}
async function streamCount(q: Query, label: string) {
  const t0 = performance.now(); let n = 0;
  for await (const d of q.stream() as AsyncIterable<QueryDocumentSnapshot>) { d.data(); n++; }
  console.log(label, n, ((performance.now() - t0) / 1000).toFixed(2));
}
if (mode === 's') {
  await streamCount(col.orderBy('timestamp', 'desc'), 'stream ts desc');
  await streamCount(col.orderBy('timestamp', 'desc').select('email','timestamp','ip','location','workEmail','travelFrequency','biggestFrustration','contentCreator','aiTool','excitedFeatures','suggestionsFeedback','socialMedia'), 'stream ts desc select');
  await streamCount(col, 'stream unordered');
  await streamCount(col.orderBy('timestamp', 'desc'), 'stream ts desc again');
}
process.exit(0);
