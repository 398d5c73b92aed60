// What one query costs the Firestore emulator as the signups collection grows: the queries a panel that
// reads only what is on screen would send (the newest page, the total, a filtered page, an address-prefix
// search) and a single document read for comparison, each timed as the median of RUNS at every size.
// It answers whether the emulator can stand in for Firestore when the panel queries a list of 1,000,000:
// Firestore serves such a query from an index, in time that follows the page; the emulator's time follows
// the collection.
//
//   pnpm bench emulator-queries
// Options (env): BENCH_SIZES (comma-separated, ascending; default 25000,50000,100000), SILK_PORT_OFFSET
// (default 1587: a Firestore emulator of its own), BENCH_RUNS (default 5).
//
// The collection is seeded once per size (the next size adds to the previous one; seeding is not timed).
// The queries go through the Admin SDK's gRPC client: the emulator's work is the same for the browser's.
import { COLLECTIONS } from '@silk/schema/constants';
import { adminSdk } from '@silk/stack/admin-sdk';
import { makeSignups } from '@silk/stack/seed-data';
import { FieldPath } from 'firebase-admin/firestore';
import { runBenchInEmulators, seedSignups } from './lib/emulator-session';
import { envNumber } from './lib/env';
import { report, type Measurement } from './lib/report';

const OFFSET = envNumber('SILK_PORT_OFFSET', 1587);
const RUNS = Math.max(1, envNumber('BENCH_RUNS', 5));
const INNER_FLAG = 'SILK_BENCH_EMULATOR_QUERIES';
const PAGE = 50;
const SIZES = (process.env.BENCH_SIZES ?? '25000,50000,100000')
  .split(',')
  .map((size) => Number(size.trim()))
  .filter((size) => Number.isInteger(size) && size > 0);

type QueryName = 'newestPage' | 'total' | 'filteredPage' | 'prefixSearch' | 'oneDocument';

async function median(task: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    await task();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? 0;
}

async function inner(): Promise<void> {
  const signups = makeSignups(SIZES.at(-1) ?? 0);
  const collection = adminSdk().db.collection(COLLECTIONS.waitlistSignups);
  const source = signups.find((signup) => 'utmSource' in signup)?.utmSource as string;
  const someEmail = signups[0]?.email ?? '';
  const queries: Record<QueryName, () => Promise<unknown>> = {
    newestPage: () => collection.orderBy('timestamp', 'desc').limit(PAGE).get(),
    total: () => collection.count().get(),
    filteredPage: () =>
      collection.where('utmSource', '==', source).orderBy('timestamp', 'desc').limit(PAGE).get(),
    prefixSearch: () =>
      collection.orderBy(FieldPath.documentId()).startAt('mar').endAt('mar\uf8ff').limit(PAGE).get(),
    oneDocument: () => collection.doc(someEmail).get(),
  };
  const measurements: Measurement[] = [];
  let seeded = 0;
  for (const size of SIZES) {
    await seedSignups(signups.slice(seeded, size));
    seeded = size;
    for (const name of Object.keys(queries) as QueryName[]) {
      await queries[name]();
      const ms = await median(queries[name]);
      console.log(`${size.toLocaleString('en-US')} signups: ${name} ${ms.toFixed(0)} ms`);
      measurements.push({
        key: `at${size}.${name}Ms`,
        metric: `${name} at ${size.toLocaleString('en-US')}`,
        value: Math.round(ms),
        unit: 'ms',
        kind: 'max',
      });
    }
  }
  report(
    'emulator-queries',
    `Firestore emulator: one query's time by collection size (median of ${RUNS})`,
    measurements,
    {
      pageSize: PAGE,
      sizes: SIZES.map(String),
    },
  );
}

if (process.env[INNER_FLAG] === '1') {
  await inner();
  process.exit(0);
} else {
  process.exit(await runBenchInEmulators('emulator-queries', OFFSET, 'firestore', INNER_FLAG));
}
