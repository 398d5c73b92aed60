// Export benchmark (DESIGN §8): 100,000 signups to .xlsx through the exportWaitlist handler, served over
// local HTTP exactly as deployed, with the ID-token check, rate limit and audit write stubbed.
//   formatting  pages of generated signups, no Firestore: the export path itself (formatting,
//               neutralising, exceljs' streaming writer, zip, HTTP) — ≤ 5 s, ≤ 256 MB
//   firestore   the real paged reader (signupPages) over a Firestore emulator holding the signups —
//               ≤ 15 s, ≤ 256 MB
//
//   pnpm bench export [rows]      (pin to one CPU: prefix `taskset -c 0`)
// Options (env): SILK_PORT_OFFSET (default 1437: emulator ports of its own, that no stack at an offset in
// steps of 50 can have, nor `pnpm bench load` at 1337), BENCH_ENFORCE=1 (exit non-zero when over budget).
//
// Processes: this file starts `firebase emulators:exec --only firestore`, which runs it again as the
// session; the session seeds the emulator (not measured), then runs each phase in a fresh child process
// so that neither the seeding nor the other phase counts in a phase's memory. Time runs from the request
// to the last byte received; memory is the child's peak RSS (server and client together, not the
// emulator's JVM), sampled every 10 ms.
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import {
  readServerConfig,
  makeExportWaitlistHandler,
  type ExportWaitlistDeps,
  type SignupRecord,
  serveHandler,
} from '@silk/functions/bench';
import { makeSignups } from '@silk/stack/seed-data';
import { emulatorPid, runInEmulators, seedSignups } from './lib/emulator-session';
import { report, type Measurement } from './lib/report';
import { envNumber } from './lib/env';

const ROWS = Number(process.argv[2] ?? 100_000);
const OFFSET = envNumber('SILK_PORT_OFFSET', 1437);
const PHASE_ENV = 'SILK_BENCH_EXPORT_PHASE';
const PAGE_SIZE = 1000;
const MB = 1024 * 1024;

type Phase = 'formatting' | 'firestore';
interface PhaseResult {
  rows: number;
  seconds: number;
  peakMb: number;
  baselineMb: number;
  heapAtPeakMb: number;
  fileMb: number;
  /** CPU seconds of this process during the export, and of the emulator's JVM (firestore phase). */
  cpuSeconds: number;
  emulatorCpuSeconds: number | null;
}

/** The figures of a phase that have a budget. */
type Budget = Pick<PhaseResult, 'seconds' | 'peakMb'>;

const BUDGETS: Record<Phase, Budget> = {
  formatting: { seconds: 5, peakMb: 256 },
  firestore: { seconds: 15, peakMb: 256 },
};

/** This file's own run: a Firestore emulator of its own, with this file as the session inside it. */
async function outer(): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env, SILK_PORT_OFFSET: String(OFFSET), [PHASE_ENV]: 'session' };
  const session = `pnpm exec tsx ${join('bench', 'export.ts')} ${ROWS}`;
  process.exitCode = await runInEmulators({ offset: OFFSET, only: 'firestore', session, env });
}

/** Writes `ROWS` generated signups into the emulator (not measured). */
async function seed(): Promise<void> {
  const stored = await seedSignups(makeSignups(ROWS, new Date(), 7));
  if (stored !== ROWS) throw new Error(`seeded ${stored} signups, expected ${ROWS}`);
}

function runPhase(phase: Phase): Promise<PhaseResult> {
  return new Promise((resolve, reject) => {
    const child = fork(import.meta.filename, [String(ROWS)], {
      execArgv: [...process.execArgv, '--expose-gc'],
      env: { ...process.env, [PHASE_ENV]: phase },
    });
    let result: PhaseResult | undefined;
    child.on('message', (message) => {
      result = message as PhaseResult;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0 && result) resolve(result);
      else reject(new Error(`the ${phase} phase exited with ${code}`));
    });
  });
}

/** The session inside the emulator: seed, then measure each phase in a child of its own, then report. */
async function session(): Promise<void> {
  await seed();
  for (const phase of ['formatting', 'firestore'] as const) {
    const result = await runPhase(phase);
    console.log(
      `${phase}: ${result.rows.toLocaleString('en-US')} rows, ${result.fileMb.toFixed(1)} MB of .xlsx, ` +
        `${Math.round(result.rows / result.seconds).toLocaleString('en-US')} rows/s; RSS before ` +
        `${result.baselineMb.toFixed(0)} MB, V8 heap at peak ${result.heapAtPeakMb.toFixed(0)} MB; CPU: this ` +
        `process ${result.cpuSeconds.toFixed(1)} s` +
        (result.emulatorCpuSeconds === null
          ? ''
          : `, the emulator's JVM ${result.emulatorCpuSeconds.toFixed(1)} s`) +
        `; load average ${loadavg()
          .map((load) => load.toFixed(2))
          .join(' ')}`,
    );
    const budgeted = (figure: keyof Budget, metric: string, unit: string): Measurement => ({
      key: `${phase}.${figure}`,
      metric,
      value: result[figure],
      unit,
      budget: BUDGETS[phase][figure],
      kind: 'max',
    });
    const measurements: Measurement[] = [
      { key: `${phase}.rows`, metric: 'rows exported', value: result.rows, unit: 'rows', kind: 'max' },
      budgeted('seconds', 'time to last byte', 's'),
      budgeted('peakMb', 'peak memory (RSS, whole process)', 'MB'),
    ];
    const source =
      phase === 'formatting' ? 'generated pages, no Firestore' : 'read from the Firestore emulator';
    report('export', `Export (${phase}): ${ROWS.toLocaleString('en-US')} signups, ${source}`, measurements);
  }
}

/** Ten distinct pages of realistic signups, generated before measuring and served in turn. */
function generatedPages(): () => AsyncIterable<SignupRecord[]> {
  const distinct: SignupRecord[][] = Array.from({ length: 10 }, (_, page) =>
    makeSignups(PAGE_SIZE, new Date(), 1000 + page).map((signup) => ({ ...signup })),
  );
  return async function* pages() {
    for (let start = 0, page = 0; start < ROWS; start += PAGE_SIZE, page += 1) {
      const rows = distinct[page % distinct.length]!;
      yield ROWS - start < PAGE_SIZE ? rows.slice(0, ROWS - start) : rows;
    }
  };
}

/** User + system CPU seconds a process has used so far (Linux /proc, clock ticks of 1/100 s). */
function processCpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** One phase in this (child) process: serve the handler, download the file, send the figures. */
async function measure(phase: Phase): Promise<void> {
  let exportedRows = -1;
  const stubs: Partial<ExportWaitlistDeps> = {
    config: () => readServerConfig({}),
    authorize: async () => ({
      uid: 'bench',
      email: 'bench@silk.test',
      roles: ['Staff'],
      mustChangePassword: false,
    }),
    rateLimit: async () => undefined,
    audit: async (entry) => {
      exportedRows = Number(entry.details.rows);
    },
  };
  // The firestore phase keeps the handler's own pages: signupPages over the emulator's collection.
  const handler = makeExportWaitlistHandler(
    phase === 'formatting' ? { ...stubs, pages: generatedPages() } : stubs,
  );
  const served = await serveHandler(handler);

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

  const jvm = phase === 'firestore' ? emulatorPid() : null;
  const jvmBefore = jvm === null ? 0 : processCpuSeconds(jvm);
  const cpuBefore = process.cpuUsage();
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
  const cpu = process.cpuUsage(cpuBefore);
  const emulatorCpuSeconds = jvm === null ? null : processCpuSeconds(jvm) - jvmBefore;
  clearInterval(sampler);
  await served.close();

  if (exportedRows !== ROWS) throw new Error(`exported ${exportedRows} rows, expected ${ROWS}`);
  const result: PhaseResult = {
    rows: ROWS,
    seconds,
    peakMb: peakRss / MB,
    baselineMb: baselineRss / MB,
    heapAtPeakMb: heapAtPeak / MB,
    fileMb: bytes / MB,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    emulatorCpuSeconds,
  };
  await new Promise<void>((resolve, reject) =>
    process.send!(result, (error: Error | null) => (error ? reject(error) : resolve())),
  );
  process.exit(0); // firebase-admin's channels would otherwise keep the child alive
}

const phase = process.env[PHASE_ENV];
if (phase === 'formatting' || phase === 'firestore') await measure(phase);
else if (phase === 'session' && process.env.FIREBASE_EMULATOR_HUB) await session();
else if (phase === undefined) await outer();
else throw new Error(`${PHASE_ENV}=${phase}: run \`pnpm bench export\``);
