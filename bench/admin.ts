// Admin panel benchmark (DESIGN §8): 100,000 signups in the emulator, the panel in Chromium.
//   - time from the signups' arrival to the first table paint (≤ 100 ms), from the app's always-on
//     performance marks `silk:signups-received` and `silk:table-painted`
//   - frame times while scrolling the table (≤ 20 ms)
//   - DOM rows in the table, at the top and after scrolling (bounded whatever the row count)
//   - the admin bundle's gzip size (≤ 260 KB) and that no admin code is in the site build
//
// Two phases, because the Firestore emulator cannot stream more than ~10,000 documents to one browser
// listener (its WebChannel aborts at 10,000 pending messages: firebase-tools#5197; production has
// flow control). Each phase runs in an emulator session of its own (`firebase emulators:exec`):
//   1. live: BENCH_LIVE_SIGNUPS (5,000) signups in the emulator, the built panel on the Hosting
//      emulator, signed in through the UI; the rows arrive through the real live subscription.
//   2. full: 100,000 signups seeded and read back from the emulator with firebase-admin; once that
//      session has ended, they are handed, newest first, to the panel's real Waitlist Signups tab
//      (bench/admin-table, built with Vite from the app's own components and CSS) the way the
//      subscription hands them over.
//
//   pnpm bench admin
// Options (env): SILK_PORT_OFFSET (default 0), BENCH_SIGNUPS (default 100000), BENCH_LIVE_SIGNUPS
// (default 5000), BENCH_SKIP_BUILD=1,
// BENCH_ENFORCE=1 (exit non-zero when over budget).
//
// The outer process builds the panel wired to the emulators, runs the two phases (this file again,
// inside the emulators), and prints the table.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { COLLECTIONS } from '@silk/schema/constants';
import { generateOneTimePassword } from '@silk/schema/password';
import { adminSdk } from '@silk/stack/admin-sdk';
import { launchChromium } from '@silk/stack/browser';
import { ensureFirestoreLauncher } from '@silk/stack/firestore-launcher';
import { makeSignups, type SeedSignup } from '@silk/stack/seed-data';
import {
  discoverStack,
  emulatorBuildEnv,
  PROJECT_ID,
  ROOT,
  stackPorts,
  writeShiftedConfig,
} from '@silk/stack/stack';
import { ensureStaffMember } from '@silk/stack/staff';
import type { Page } from 'playwright-core';
import { build as viteBuild } from 'vite';
import { report, type Measurement } from './lib/report';
import { serveSite } from './lib/site-server';

const SIGNUP_COUNT = Number(process.env.BENCH_SIGNUPS ?? 100_000);
// Some runs never get the first snapshot (no snapshot, no error, "Loading data..." until the timeout):
// seen at 9,000 and at 5,000 signups, never with the e2e tests' few hundred; cause not found (the
// emulator's channel is suspected). A re-run passes. 5,000 keeps the phase short.
const LIVE_COUNT = Math.min(SIGNUP_COUNT, Number(process.env.BENCH_LIVE_SIGNUPS ?? 5_000));
/** Pause between the first paint and the scrolls, so they measure the settled page, not its loading. */
const SETTLE_MS = 1_000;
const OFFSET = Number(process.env.SILK_PORT_OFFSET ?? 0);
const ADMIN_SRC = join(ROOT, 'apps', 'admin', 'src');
const ADMIN_ASSETS = join(ROOT, 'apps', 'admin', 'dist', 'admin', 'assets');
const SITE_DIST = join(ROOT, 'apps', 'site', 'dist');
const SCROLL_FRAMES = 240;
const VIEWPORT = { width: 1440, height: 900 };
/**
 * Scrolling speeds, in pixels per animation frame (60 Hz): a fast wheel or trackpad scroll, and a fling
 * at Chromium's velocity cap (GestureConfiguration fling_velocity_cap_, 17,000 px/s).
 */
const SCROLL_SPEEDS = [
  { name: 'fast scroll, 6,000 px/s', key: 'fastScroll', pxPerFrame: 100 },
  { name: 'fling at the 17,000 px/s cap', key: 'flingAtCap', pxPerFrame: 283 },
] as const;
type ScrollSpeed = (typeof SCROLL_SPEEDS)[number];
/** Text that only the admin panel's code contains. */
const ADMIN_MARKERS = ['Silk Admin', 'Add New Team Member', 'Download spreadsheet', 'silk:table-painted'];

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
}

function phaseFile(phase: Phase): string {
  return join(ROOT, 'test-results', `bench-admin-${OFFSET}-${phase}.json`);
}

type Phase = 'live' | 'full';

/** One emulator session (`firebase emulators:exec`) running this file for one phase; returns its output file. */
async function runPhase(phase: Phase, emulators: string, env: NodeJS.ProcessEnv): Promise<string> {
  rmSync(phaseFile(phase), { force: true });
  const code = await run(
    'pnpm',
    [
      'exec',
      'firebase',
      'emulators:exec',
      '--config',
      writeShiftedConfig(OFFSET),
      '--project',
      PROJECT_ID,
      '--only',
      emulators,
      `pnpm exec tsx ${join('bench', 'admin.ts')}`,
    ],
    { ...env, SILK_BENCH_PHASE: phase },
  );
  if (code !== 0 || !existsSync(phaseFile(phase))) throw new Error(`bench/admin: the ${phase} phase failed (${code})`);
  return phaseFile(phase);
}

async function outer(): Promise<void> {
  const ports = stackPorts(OFFSET);
  const env: NodeJS.ProcessEnv = { ...process.env, ...emulatorBuildEnv(ports) };
  ensureFirestoreLauncher(env);
  if (!process.env.BENCH_SKIP_BUILD) {
    console.log('[bench/admin] building the admin panel (wired to the emulators)');
    if ((await run('pnpm', ['--filter', '@silk/admin', 'build'], env)) !== 0) throw new Error('admin build failed');
    // The site is only inspected (no admin code in it): build it only when there is no build yet.
    if (!existsSync(SITE_DIST) && (await run('pnpm', ['--filter', '@silk/site', 'build'], env)) !== 0) {
      throw new Error('site build failed');
    }
  }
  // Two emulator sessions: a listener that ever held the first phase's rows would slow every later
  // write of the emulator to a crawl (it keeps pushing into the dead channel).
  const live = JSON.parse(readFileSync(await runPhase('live', 'auth,firestore,hosting', env), 'utf8')) as TableFigures;
  // The 100,000 rows are seeded and read back inside an emulator session; the table is measured after
  // it has ended, so the emulator's JVM (holding 100,000 documents) does not share the two cores.
  const full = await measureFullTable(await runPhase('full', 'firestore', env));
  report('admin', 'Admin panel (bench/admin.ts)', [
    ...tableMeasurements('live', `live panel, ${live.rows.toLocaleString('en-US')} rows`, live),
    ...tableMeasurements('full', `signups tab, ${full.rows.toLocaleString('en-US')} rows`, full),
    { key: 'bundleKb', metric: 'admin bundle (JS + CSS, gzip)', value: adminBundleGzipKb(), unit: 'KB', budget: 260, kind: 'max' },
    { key: 'siteFilesWithAdminCode', metric: 'site build files with admin code', value: siteFilesWithAdminCode(), unit: 'files', budget: 0, kind: 'max' },
  ]);
  console.log(`machine load average while measuring: ${[live.load, full.load].map((load) => load.toFixed(2)).join(' (live phase), ')} (100k phase), 1-minute`);
}

/** Writes signups to the emulator in batches of 500 and returns the collection's size. */
async function seedSignups(signups: SeedSignup[]): Promise<number> {
  const { db } = adminSdk();
  const started = performance.now();
  const collection = db.collection(COLLECTIONS.waitlistSignups);
  const BATCH = 500;
  const PARALLEL = 4;
  const batches: SeedSignup[][] = [];
  for (let index = 0; index < signups.length; index += BATCH) batches.push(signups.slice(index, index + BATCH));
  for (let index = 0; index < batches.length; index += PARALLEL) {
    await Promise.all(
      batches.slice(index, index + PARALLEL).map((chunk) => {
        const batch = db.batch();
        for (const signup of chunk) batch.set(collection.doc(signup.email), signup);
        return batch.commit();
      }),
    );
  }
  const stored = (await collection.count().get()).data().count;
  console.log(
    `[bench/admin] wrote ${signups.length} signups in ${((performance.now() - started) / 1000).toFixed(1)} s; the emulator holds ${stored}`,
  );
  return stored;
}

/** Every stored signup, newest first (as the subscription orders them), timestamps as epoch ms. */
async function readBackSignups(): Promise<Array<Record<string, unknown>>> {
  const snapshot = await adminSdk().db.collection(COLLECTIONS.waitlistSignups).get();
  const rows = snapshot.docs.map((document) => {
    const data = document.data();
    const timestamp = data.timestamp as { toMillis?: () => number } | undefined;
    return { ...data, id: document.id, timestamp: timestamp?.toMillis ? timestamp.toMillis() : null };
  });
  return rows.sort(
    (a, b) =>
      (b.timestamp ?? Number.NEGATIVE_INFINITY) - (a.timestamp ?? Number.NEGATIVE_INFINITY) || a.id.localeCompare(b.id),
  );
}

/** Builds bench/admin-table (the app's own Waitlist Signups tab) into a temporary folder. */
async function buildTableHarness(outDir: string): Promise<void> {
  await viteBuild({
    root: join(ROOT, 'bench', 'admin-table'),
    configFile: false,
    logLevel: 'warn',
    base: './',
    esbuild: { jsx: 'automatic' },
    // The tab's download button reads the client config; the benchmark never clicks it.
    define: { __SILK_CLIENT_CONFIG__: JSON.stringify({ apiBase: '/api', emulators: null }) },
    // The admin app's own aliases (apps/admin/vite.config.ts), which its modules rely on.
    resolve: { alias: { '@': ADMIN_SRC, re2js: join(ADMIN_SRC, 'lib', 're2js-unavailable.ts') } },
    build: { outDir, emptyOutDir: true },
  });
}

async function tableRowCount(page: Page): Promise<number> {
  return page.evaluate(() => document.querySelectorAll('table[aria-label="Waitlist signups"] tbody tr').length);
}

/**
 * Scrolls the table one step per animation frame and returns the frame intervals (ms). The page script
 * is a string: tsx (esbuild keepNames) would wrap a function's inner closures in a `__name` helper
 * that does not exist in the page.
 */
async function scrollFrameTimes(page: Page, pxPerFrame: number): Promise<number[]> {
  return page.evaluate(`new Promise((resolve, reject) => {
    const scroller = document.querySelector('[role="region"][aria-label^="Waitlist signups"]');
    if (!scroller) return reject(new Error('no table scroller'));
    const intervals = [];
    let last = 0;
    let count = 0;
    const frame = (now) => {
      if (last > 0) intervals.push(now - last);
      last = now;
      scroller.scrollTop += ${pxPerFrame};
      count += 1;
      if (count < ${SCROLL_FRAMES}) requestAnimationFrame(frame);
      else resolve(intervals);
    };
    requestAnimationFrame(() => requestAnimationFrame(frame));
  })`);
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

function adminBundleGzipKb(): number {
  const files = filesUnder(ADMIN_ASSETS).filter((file) => /\.(js|css)$/.test(file));
  if (files.length === 0) throw new Error(`No admin build in ${ADMIN_ASSETS}`);
  return files.reduce((sum, file) => sum + gzipSync(readFileSync(file), { level: 9 }).length, 0) / 1024;
}

/** Files of the site build that contain admin-only text (0 expected). */
function siteFilesWithAdminCode(): number {
  const files = filesUnder(SITE_DIST).filter((file) => /\.(js|html|css)$/.test(file));
  if (files.length === 0) throw new Error(`No site build in ${SITE_DIST}`);
  return files.filter((file) => {
    const text = readFileSync(file, 'utf8');
    return ADMIN_MARKERS.some((marker) => text.includes(marker));
  }).length;
}

interface ScrollFigures {
  speed: ScrollSpeed;
  frameIntervals: number[];
  /** Main-thread work per scroll frame (ms of CPU time). */
  workPerFrameMs: number;
}

interface TableFigures {
  rows: number;
  /** 1-minute load average of the machine when the phase finished. */
  load: number;
  arrivalToPaintMs: number;
  scrolls: ScrollFigures[];
  rowsAtTop: number;
  rowsAfterScroll: number;
  /** The page's JavaScript heap in use after the scrolls (MB). */
  heapMb: number;
}

/** Waits for the table's first paint, checks the total, then scrolls and counts DOM rows. */
async function measureTable(page: Page, expectedRows: number): Promise<TableFigures> {
  try {
    await page.waitForFunction(() => performance.getEntriesByName('silk:table-painted').length > 0, null, {
      timeout: 300_000,
      polling: 250,
    });
  } catch (error) {
    const shot = join(ROOT, 'test-results', 'bench-admin-timeout.png');
    await page.screenshot({ path: shot });
    const marks = await page.evaluate(() => performance.getEntriesByType('mark').map((mark) => mark.name));
    console.error(`[bench/admin] the table did not paint; marks: ${marks.join(', ') || 'none'}; screenshot ${shot}`);
    throw error;
  }
  const marks = await page.evaluate(() => ({
    received: performance.getEntriesByName('silk:signups-received')[0]?.startTime ?? Number.NaN,
    painted: performance.getEntriesByName('silk:table-painted')[0]?.startTime ?? Number.NaN,
    total: document.body.textContent?.match(/Total signups:\s*([\d,]+)/)?.[1] ?? '',
  }));
  const shown = Number(marks.total.replace(/,/g, ''));
  if (shown !== expectedRows) throw new Error(`The table shows ${marks.total} signups, expected ${expectedRows}.`);
  const rowsAtTop = await tableRowCount(page);
  await page.waitForTimeout(SETTLE_MS);
  // Main-thread time actually spent (CDP TaskDuration), as opposed to frame intervals, which also
  // count the time the renderer waited for a CPU on a busy machine.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const taskSeconds = async () =>
    (await cdp.send('Performance.getMetrics')).metrics.find((metric) => metric.name === 'TaskDuration')?.value ??
    Number.NaN;
  const scrolls: ScrollFigures[] = [];
  for (const speed of SCROLL_SPEEDS) {
    const busyBefore = await taskSeconds();
    const frameIntervals = await scrollFrameTimes(page, speed.pxPerFrame);
    const busyAfter = await taskSeconds();
    scrolls.push({
      speed,
      frameIntervals,
      workPerFrameMs: ((busyAfter - busyBefore) * 1000) / frameIntervals.length,
    });
  }
  const rowsAfterScroll = await tableRowCount(page);
  const heapMb = (await cdp.send('Runtime.getHeapUsage')).usedSize / 1e6;
  return {
    rows: shown,
    load: loadavg()[0]!,
    arrivalToPaintMs: marks.painted - marks.received,
    scrolls,
    rowsAtTop,
    rowsAfterScroll,
    heapMb,
  };
}

/**
 * The frame-time budget (≤ 20 ms) is held at the median and the 95th percentile of each scroll; the
 * worst frame, the share of frames over 20 ms and the main thread's work per frame are reported beside
 * them for information (a single garbage collection or a busy core shows there).
 */
function scrollMeasurements(phase: Phase, label: string, scroll: ScrollFigures): Measurement[] {
  const frames = scroll.frameIntervals;
  const prefix = `${label}, ${scroll.speed.name}`;
  const key = (name: string) => `${phase}.${scroll.speed.key}.${name}`;
  const slowShare = (100 * frames.filter((frame) => frame > 20).length) / frames.length;
  return [
    { key: key('frameMedianMs'), metric: `${prefix}: frame time, median`, value: percentile(frames, 50), unit: 'ms', budget: 20, kind: 'max' },
    { key: key('frameP95Ms'), metric: `${prefix}: frame time, p95`, value: percentile(frames, 95), unit: 'ms', budget: 20, kind: 'max' },
    { key: key('frameWorstMs'), metric: `${prefix}: frame time, worst`, value: Math.max(...frames), unit: 'ms', kind: 'max' },
    { key: key('framesOver20MsPct'), metric: `${prefix}: frames over 20 ms`, value: slowShare, unit: '%', kind: 'max' },
    { key: key('workPerFrameMs'), metric: `${prefix}: main-thread work per frame`, value: scroll.workPerFrameMs, unit: 'ms', kind: 'max' },
  ];
}

function tableMeasurements(phase: Phase, label: string, figures: TableFigures): Measurement[] {
  return [
    { key: `${phase}.arrivalToPaintMs`, metric: `${label}: data arrival → first table paint`, value: figures.arrivalToPaintMs, unit: 'ms', budget: 100, kind: 'max' },
    ...figures.scrolls.flatMap((scroll) => scrollMeasurements(phase, label, scroll)),
    { key: `${phase}.domRowsAtTop`, metric: `${label}: DOM table rows at the top`, value: figures.rowsAtTop, unit: 'rows', budget: 60, kind: 'max' },
    { key: `${phase}.domRowsAfterScroll`, metric: `${label}: DOM table rows after scrolling`, value: figures.rowsAfterScroll, unit: 'rows', budget: 60, kind: 'max' },
    { key: `${phase}.heapMb`, metric: `${label}: page JavaScript heap in use`, value: figures.heapMb, unit: 'MB', kind: 'max' },
  ];
}

/** Phase "live": the built panel on the Hosting emulator, signed in, rows through the subscription. */
async function livePhase(): Promise<TableFigures> {
  const stack = await discoverStack();
  const { auth, db } = adminSdk();
  const password = generateOneTimePassword();
  const email = `bench-admin-${Date.now()}@silk.test`;
  await ensureStaffMember(auth, db, { email, username: `bench-${Date.now()}`, roles: ['Admin'], password });
  const liveCount = await seedSignups(makeSignups(SIGNUP_COUNT).slice(0, LIVE_COUNT));
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: VIEWPORT });
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') console.error(`[browser] ${message.text()}`);
    });
    await page.goto(`${stack.adminUrl}/admin`);
    await page.getByLabel('Username or Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    const signInAt = Date.now();
    await page.getByRole('button', { name: 'Sign In' }).click();
    const live = await measureTable(page, liveCount);
    console.log(`[bench/admin] live: ${liveCount} signups painted ${((Date.now() - signInAt) / 1000).toFixed(1)} s after sign-in`);
    return live;
  } finally {
    await browser.close();
  }
}

/** Phase "full" (inside the emulators): seeds 100,000 signups and writes them back out, as read. */
async function fullPhase(): Promise<void> {
  const total = await seedSignups(makeSignups(SIGNUP_COUNT));
  const rows = await readBackSignups();
  if (rows.length !== total) throw new Error(`Read back ${rows.length} signups, the emulator holds ${total}.`);
  mkdirSync(join(ROOT, 'test-results'), { recursive: true });
  writeFileSync(phaseFile('full'), JSON.stringify(rows));
}

/** The emulator's 100,000 signups (read back by phase "full") handed to the panel's own signups tab. */
async function measureFullTable(rowsFile: string): Promise<TableFigures> {
  const total = (JSON.parse(readFileSync(rowsFile, 'utf8')) as unknown[]).length;
  const harnessDir = mkdtempSync(join(tmpdir(), 'silk-admin-table-'));
  const browser = await launchChromium();
  try {
    await buildTableHarness(harnessDir);
    writeFileSync(join(harnessDir, 'signups.json'), readFileSync(rowsFile));
    writeFileSync(join(harnessDir, '404.html'), 'Not found');
    const { server, origin } = await serveSite(harnessDir);
    try {
      const page = await browser.newPage({ viewport: VIEWPORT });
      await page.goto(`${origin}/`);
      await page.waitForFunction('typeof window.deliverSignups === "function"');
      await page.evaluate('window.deliverSignups("./signups.json")');
      return await measureTable(page, total);
    } finally {
      server.close();
    }
  } finally {
    await browser.close();
    rmSync(harnessDir, { recursive: true, force: true });
  }
}

async function inner(phase: Phase): Promise<void> {
  if (phase === 'full') return fullPhase();
  const figures = await livePhase();
  mkdirSync(join(ROOT, 'test-results'), { recursive: true });
  writeFileSync(phaseFile(phase), JSON.stringify(figures));
}

const phase = process.env.SILK_BENCH_PHASE as Phase | undefined;
if (phase && process.env.FIREBASE_EMULATOR_HUB) await inner(phase);
else await outer();
