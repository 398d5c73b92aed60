// Export benchmark (DESIGN §8): 100,000 signups to .xlsx through the exportWaitlist handler, in ≤ 5 s
// with ≤ 256 MB peak memory.
//   pnpm bench export [rows]      (pin to one CPU: prefix `taskset -c 0`)
// The handler is served over local HTTP exactly as deployed, but fed without Firestore: pages of 1,000
// generated signups (like the Firestore reader's pages), and the ID-token check, rate limit and audit
// write are stubbed. What is measured is the
// export path itself: formatting, neutralising, exceljs' streaming writer, zip, HTTP streaming.
// Time runs from the request to the last byte received; memory is the process's peak RSS (server and
// client together), sampled every 10 ms, and the V8 heap at that moment.
import { readServerConfig } from '@silk/functions/config';
import { makeExportWaitlistHandler } from '@silk/functions/export-waitlist';
import type { SignupRecord } from '@silk/functions/lib/xlsx';
import { serveHandler } from '@silk/functions/testing/serve-handler';
import { makeSignups } from '@silk/stack/seed-data';
import { report } from './lib/report';

const ROWS = Number(process.argv[2] ?? 100_000);
const PAGE_SIZE = 1000;
const MB = 1024 * 1024;

// Ten distinct pages of realistic signups, generated before measuring and served in turn: generating
// 100,000 rows is not part of an export (Firestore decoding takes its place in production).
const DISTINCT_PAGES: SignupRecord[][] = Array.from({ length: 10 }, (_, page) =>
  makeSignups(PAGE_SIZE, new Date(), 1000 + page).map((signup) => ({ ...signup })),
);

async function* generatedPages() {
  for (let start = 0, page = 0; start < ROWS; start += PAGE_SIZE, page += 1) {
    const rows = DISTINCT_PAGES[page % DISTINCT_PAGES.length]!;
    yield ROWS - start < PAGE_SIZE ? rows.slice(0, ROWS - start) : rows;
  }
}

let exportedRows = -1;
const served = await serveHandler(
  makeExportWaitlistHandler({
    config: () => readServerConfig({}),
    authorize: async () => ({
      uid: 'bench',
      email: 'bench@silk.test',
      roles: ['Staff'],
      mustChangePassword: false,
    }),
    rateLimit: async () => undefined,
    pages: generatedPages,
    audit: async (entry) => {
      exportedRows = Number(entry.details.rows);
    },
  }),
);

global.gc?.();
const baselineRss = process.memoryUsage().rss;
let peakRss = baselineRss;
let heapAtPeak = process.memoryUsage().heapUsed;
const sampler = setInterval(() => {
  const usage = process.memoryUsage();
  if (usage.rss > peakRss) {
    peakRss = usage.rss;
    heapAtPeak = usage.heapUsed;
  }
}, 10);

const started = performance.now();
const response = await fetch(served.url, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ token: 'bench' }),
});
if (!response.ok || !response.body)
  throw new Error(`export answered ${response.status}: ${await response.text()}`);
let bytes = 0;
const reader = response.body.getReader();
for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
  bytes += chunk.value.byteLength;
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
await served.close();

if (exportedRows !== ROWS) throw new Error(`exported ${exportedRows} rows, expected ${ROWS}`);
console.log(
  `\nexported ${ROWS.toLocaleString('en-US')} rows, ${(bytes / MB).toFixed(1)} MB of .xlsx, ` +
    `${Math.round(ROWS / seconds).toLocaleString('en-US')} rows/s; RSS before ${(baselineRss / MB).toFixed(0)} MB ` +
    `(modules, tsx, the generated pages), growth ${((peakRss - baselineRss) / MB).toFixed(0)} MB, ` +
    `V8 heap at peak ${(heapAtPeak / MB).toFixed(0)} MB`,
);
report(
  'export',
  `Export: ${ROWS.toLocaleString('en-US')} signups → .xlsx through the exportWaitlist handler`,
  [
    { key: 'formatting.rows', metric: 'rows exported', value: ROWS, unit: 'rows', kind: 'max' },
    {
      key: 'formatting.seconds',
      metric: 'time to last byte',
      value: seconds,
      unit: 's',
      budget: 5,
      kind: 'max',
    },
    {
      key: 'formatting.peakMb',
      metric: 'peak memory (RSS, whole process)',
      value: peakRss / MB,
      unit: 'MB',
      budget: 256,
      kind: 'max',
    },
  ],
);
