// A launch burst: signups arrive at BENCH_BURST_RATE a second (100) for BENCH_BURST_SECONDS (300), each
// written as the site's join writes it and then handled by the signup trigger's own code — its feeds
// (recordSignupWrite: the recent copy and the total's change) beside its ranking (syncRankEntry: its entry
// and its delta, folded when the turn has come) — against a Firestore emulator, through the real Admin SDK.
// Every commit the SDK makes is watched (@silk/stack/commit-watch), so writes are counted per document
// from what the code itself issued.
//
// The trigger's code runs in this process, not in the Functions emulator: on this 2-core machine the
// emulator runs a trigger in a worker process per invocation and carries a few dozen a second, so a
// 100-a-second burst through it would measure its queue, not the index's documents.
//
// Reports:
//   - signupsPerSecond: signups written / the seconds over which they were written (budget ≥ 100)
//   - seconds: how long the burst lasted (budget ≥ 300)
//   - maxWritesPerDocPerSecond: every document the code wrote (the ranking's counts, member lists and
//     fold turns, the signup total and its fold turns, entries, recent copies), the most commits one of
//     them took in any 10-second window, per second (budget ≤ 1); peakWritesPerDocIn1s is the most in any
//     1-second window (information)
//   - placesMissing: signups written minus those the live index counts, once the burst has settled (0)
//   - settledSeconds: from the last signup written until the index counts them all
//   - totalOff: the signup total the panel reads (signup_counts summed) less the signups in line (0)
//
//   pnpm bench burst
// Options (env): SILK_PORT_OFFSET (default 1837), BENCH_BURST_RATE, BENCH_BURST_SECONDS.
import { COLLECTIONS } from '@silk/schema/constants';
import {
  recordSignupWrite,
  rankSpace,
  settleAll,
  syncRankEntry,
  buildRef,
  readSettings,
} from '@silk/functions/bench';
import { adminSdk } from '@silk/stack/admin-sdk';
import { watchCommits, writesPerDocument } from '@silk/stack/commit-watch';
import { ROOT } from '@silk/stack/stack';
import { FieldValue } from 'firebase-admin/firestore';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { runBenchInEmulators } from './lib/emulator-session';
import { report } from './lib/report';

const OFFSET = Number(process.env.SILK_PORT_OFFSET ?? 1837);
const RATE = Number(process.env.BENCH_BURST_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_BURST_SECONDS ?? 300);
const WINDOW_MS = 10_000;

/** The most writes one document took in any `windowMs` window, per second, and the document. */
function hottest(times: Map<string, number[]>, windowMs: number): { perSecond: number; path: string } {
  let best = { perSecond: 0, path: '' };
  for (const [path, list] of times) {
    let start = 0;
    for (let end = 0; end < list.length; end += 1) {
      while ((list[end] ?? 0) - (list[start] ?? 0) >= windowMs) start += 1;
      const perSecond = (end - start + 1) / (windowMs / 1000);
      if (perSecond > best.perSecond) best = { perSecond, path };
    }
  }
  return best;
}

async function inner(): Promise<void> {
  const { db } = adminSdk();
  const space = rankSpace(db);
  const { commits } = watchCommits(db);
  const signups = db.collection(COLLECTIONS.waitlistSignups);
  const tag = randomUUID().slice(0, 6);
  // A signup at every tick from 0 to SECONDS, both included: the burst lasts SECONDS.
  const total = RATE * SECONDS + 1;
  const inFlight: Array<Promise<void>> = [];
  let written = 0;
  const started = performance.now();
  for (let i = 0; i < total; i += 1) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const email = `burst-${i}-${tag}@burst.test`;
    inFlight.push(
      (async () => {
        const now = FieldValue.serverTimestamp();
        const data = { email, timestamp: now, firstSignupAt: now, updatedAt: now, source: 'landing' };
        await signups.doc(email).set(data);
        written += 1;
        const stored = (await signups.doc(email).get()).data() ?? data;
        await Promise.all([recordSignupWrite(db, email, stored, true), syncRankEntry(db, space, email)]);
      })(),
    );
    if (i % (RATE * 10) === 0)
      console.log(
        `${i.toLocaleString('en-US')} signups started, ${Math.round((performance.now() - started) / 1000)} s`,
      );
  }
  const lastWrittenAt = performance.now();
  const writeSeconds = (lastWrittenAt - started) / 1000;
  await Promise.all(inFlight);
  await settleAll(db, space);
  const settledSeconds = (performance.now() - lastWrittenAt) / 1000;
  const version = readSettings((await space.settings.get()).data()).version;
  const placed = (
    await buildRef(db, space, version).collection('rank_entries').where('sort', '>=', `0`).count().get()
  ).data().count;
  const inLine = (await signups.where('email', '>=', '').count().get()).data().count;

  const totalCounted = (await db.collection(COLLECTIONS.signupCounts).get()).docs.reduce(
    (sum, document) => sum + (Number(document.get('count')) || 0),
    0,
  );

  const writes = writesPerDocument(commits);
  const ranking = writesPerDocument(commits, (path) => /\/rank_fold\//.test(path));
  const folds = [...ranking].find(([path]) => path.endsWith('/rank_fold/done'))?.[1] ?? [];
  const foldGaps = folds
    .slice(1)
    .map((at, i) => at - (folds[i] ?? 0))
    .sort((a, b) => a - b);
  const leases = [...ranking].find(([path]) => path.endsWith('/rank_fold/lease'))?.[1] ?? [];
  console.log(
    `leases taken: ${leases.length}; folds (lease → done): ${leases
      .slice(0, 12)
      .map((at, i) => Math.round((folds[i] ?? 0) - at))
      .join(', ')} ms`,
  );
  console.log(
    `folds: ${folds.length}; gap between folds' ends median ${Math.round(foldGaps[Math.floor(foldGaps.length / 2)] ?? 0)} ms, max ${Math.round(foldGaps.at(-1) ?? 0)} ms`,
  );
  const sustained = hottest(writes, WINDOW_MS);
  const peak = hottest(writes, 1000);
  report(
    'burst',
    `A launch burst: ${total.toLocaleString('en-US')} signups at ${RATE}/s through the trigger's code, Firestore emulator`,
    [
      {
        key: 'signupsPerSecond',
        metric: 'signups written per second',
        value: written / writeSeconds,
        unit: '/s',
        budget: 100,
        kind: 'min',
      },
      { key: 'seconds', metric: 'burst length', value: writeSeconds, unit: 's', budget: 300, kind: 'min' },
      {
        key: 'maxWritesPerDocPerSecond',
        metric: 'most writes to one document, per second over 10 s',
        value: sustained.perSecond,
        unit: '/s',
        budget: 1,
        kind: 'max',
      },
      {
        key: 'peakWritesPerDocIn1s',
        metric: 'most writes to one document in any 1 s',
        value: peak.perSecond,
        unit: '',
        kind: 'max',
      },
      {
        key: 'placesMissing',
        metric: 'signups in line without a place, settled',
        value: inLine - placed,
        unit: '',
        budget: 0,
        kind: 'max',
      },
      {
        key: 'settledSeconds',
        metric: 'last signup written → every one placed',
        value: settledSeconds,
        unit: 's',
        kind: 'max',
      },
      {
        key: 'totalOff',
        metric: 'signup total (signup_counts) less the signups in line, settled',
        value: totalCounted - inLine,
        unit: '',
        budget: 0,
        kind: 'max',
      },
    ],
    {
      hottestDocument: sustained.path.replace(/.*\/documents\//, ''),
    },
  );
}

if (process.env.SILK_BENCH_BURST_INNER === '1' && process.env.FIREBASE_EMULATOR_HUB) {
  await inner();
  process.exit(0);
} else {
  console.log(
    `burst: ${RATE}/s for ${SECONDS} s, Firestore emulator at offset ${OFFSET} (${join(ROOT, 'bench', 'burst.ts')})`,
  );
  process.exitCode = await runBenchInEmulators('burst', OFFSET, 'firestore', 'SILK_BENCH_BURST_INNER');
}
