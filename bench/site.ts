// Benchmark of the public site against DESIGN §8: builds the site (its visitor lookups pointed at the
// local stand-in of bench/lib/site-server.ts), serves dist like Hosting (cleanUrls, 404.html, gzip, the
// site's Content-Security-Policy from firebase.json), then for `/`, `/waitlist` and the status page (its
// shell filled as the statusPage function fills it): the initial
// JavaScript (entry + static imports) gzip size and a search for Firebase SDK code in it, and
// Lighthouse 12 (mobile preset, simulated throttling) with system Chromium, median of 5 runs.
// Usage: pnpm bench site  (BENCH_SKIP_BUILD=1 to reuse apps/site/dist, BENCH_RUNS=n, BENCH_SITE_PORT=n,
// BENCH_ENFORCE=1 to exit non-zero over budget).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { statusHtml, type StatusContent, fillShell } from '@silk/functions/bench';
import { report, type Measurement } from './lib/report';
import { LOOKUP_PATHS, serveSite } from './lib/site-server';
import { envNumber } from './lib/env';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'apps', 'site', 'dist');
const PORT = envNumber('BENCH_SITE_PORT', 4317);
const RUNS = envNumber('BENCH_RUNS', 5);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PAGES = [
  { path: '/', html: 'index.html' },
  { path: '/waitlist', html: 'waitlist.html' },
  // The private status page as the statusPage function answers it: its shell with a subscriber's content.
  // It is noindex on purpose, so the crawlability audit is left out of its SEO score.
  { path: '/status', html: 'status-shell.html', skipAudits: ['is-crawlable'] },
] as const satisfies readonly { path: string; html: string; skipAudits?: string[] }[];

/** A subscriber far down a long list, with a full leaderboard (the page at its largest). */
export const BENCH_STATUS: StatusContent = {
  position: { place: 41_234, total: 99_999 },
  confirmedReferrals: 3,
  referralLink: `${ORIGIN}/?ref=bench2345`,
  rule: { kind: 'skip', places: 5 },
  rewardTiers: [
    { id: 'early', name: 'Early beta', description: 'Your invitation before everyone else.', referrals: 3 },
    { id: 'tote', name: 'Silk tote', description: '', referrals: 5 },
  ],
  leaderboard: Array.from({ length: 10 }, (_, index) => ({
    maskedEmail: `tr…@e….com`,
    confirmedReferrals: 40 - index * 3,
  })),
};

/** The status page with BENCH_STATUS, as the function renders it from the built shell. */
export function renderedStatusPage(distDir: string): string {
  return fillShell(
    readFileSync(join(distDir, 'status-shell.html'), 'utf8'),
    statusHtml(BENCH_STATUS, 'bench-status-token'),
  );
}

/** Strings that only Firebase SDK code contains (minified bundles keep them). */
const FIREBASE_MARKERS = [
  'FirebaseError',
  'firestore.googleapis.com',
  '@firebase/',
  'identitytoolkit',
  'Firestore',
];

export function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(
    /(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'](\.\/[^"']+\.js)["']/g,
  )) {
    found.add(match[1]!);
  }
  return [...found];
}

/** The entry and chunks the page's inline loader imports after the first paint (apps/site/scripts/prerender.mjs). */
function loaderModules(html: string): string[] {
  const json = /<script type="application\/json" id="page-modules">([^<]*)<\/script>/.exec(html)?.[1];
  if (!json) return [];
  const { entry, preload } = JSON.parse(json) as { entry: string; preload: string[] };
  return [entry, ...preload].map((href) => href.replace(/^\//, ''));
}

/**
 * The JS a page loads before any interaction: its module scripts, modulepreloads, what its inline loader
 * imports right after the first paint, and their static imports — all of it loads unconditionally.
 * Dynamic imports (the islands at the first interaction, Firestore on submit) are not initial.
 */
export function initialScripts(distDir: string, htmlFile: string): string[] {
  const html = readFileSync(join(distDir, htmlFile), 'utf8');
  const queue = [
    ...[...html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+)"/g)].map((m) => m[1]!),
    ...[...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+)"/g)].map((m) => m[1]!),
    ...loaderModules(html),
  ];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(distDir, file), 'utf8');
    for (const relative of staticImports(code)) queue.push(join(dirname(file), relative));
  }
  return [...seen];
}

/** The Content-Security-Policy firebase.json gives the site (served with every file, as Hosting does). */
function siteHeaders(): Record<string, string> {
  const firebase = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as {
    hosting: { target: string; headers: { headers: { key: string; value: string }[] }[] }[];
  };
  const site = firebase.hosting.find((target) => target.target === 'site');
  const all = (site?.headers ?? []).flatMap((rule) => rule.headers);
  const csp = all.find((header) => header.key === 'Content-Security-Policy');
  return csp ? { [csp.key]: csp.value } : {};
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function buildSite(): void {
  console.log('[bench/site] building apps/site with the lookup stand-ins…');
  const result = spawnSync('pnpm', ['--filter', '@silk/site', 'build'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      VITE_IP_LOOKUP_URL: `${ORIGIN}${LOOKUP_PATHS.ip}`,
      VITE_GEO_LOOKUP_URL: `${ORIGIN}${LOOKUP_PATHS.geo}`,
    },
  });
  if (result.status !== 0) throw new Error('the site build failed');
}

export async function startChromium(
  port = PORT + 1,
): Promise<{ process: ChildProcess; port: number; profile: string }> {
  const profile = mkdtempSync(join(tmpdir(), 'silk-lh-'));
  const chrome = spawn(
    process.env.CHROME_PATH ?? '/usr/bin/chromium',
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      `--user-data-dir=${profile}`,
      `--remote-debugging-port=${port}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok)
        return { process: chrome, port, profile };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  chrome.kill();
  throw new Error('Chromium did not open its debugging port');
}

/** Stops Chromium and removes its profile. */
export async function stopChromium(chrome: { process: ChildProcess; profile: string }): Promise<void> {
  const exited = new Promise((resolve) => chrome.process.once('exit', resolve));
  chrome.process.kill();
  await exited;
  rmSync(chrome.profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
}

type LighthouseScore = 'performance' | 'accessibility' | 'bestPractices' | 'seo';

export interface RunResult {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  tbt: number;
  cls: number;
  failing: string[];
}

export async function lighthouseRun(
  url: string,
  port: number,
  skipAudits: readonly string[] = [],
): Promise<RunResult> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    skipAudits: [...skipAudits],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const failing = Object.values(categories)
    .filter((category) => category.id !== 'performance')
    .flatMap((category) => category.auditRefs.filter((ref) => ref.weight > 0))
    .map((ref) => audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 1)
    .map((audit) => audit!.id);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbt: audits['total-blocking-time']?.numericValue ?? Number.NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    failing,
  };
}

/** The initial JS of a built page: its files and their gzip size in bytes. */
function initialJs(htmlFile: string): { files: string[]; code: Buffer[]; gzipBytes: number } {
  const files = initialScripts(DIST, htmlFile);
  const code = files.map((file) => readFileSync(join(DIST, file)));
  return { files, code, gzipBytes: code.reduce((total, buffer) => total + gzipSync(buffer).length, 0) };
}

export interface StatusPageFigures {
  performance: number;
  lcpMs: number;
  initialJsKb: number;
}

/**
 * The status page's figures for `pnpm bench referrals`: Lighthouse (median of BENCH_RUNS) on `url`, the
 * page as the statusPage function serves it (a real status link), and the built shell's initial JS.
 */
export async function statusPageFigures(url: string, chromePort = PORT + 11): Promise<StatusPageFigures> {
  const chrome = await startChromium(chromePort);
  try {
    const runs: RunResult[] = [];
    for (let run = 0; run < RUNS; run += 1)
      runs.push(await lighthouseRun(url, chrome.port, ['is-crawlable']));
    return {
      performance: median(runs.map((r) => r.performance)),
      lcpMs: Math.round(median(runs.map((r) => r.lcp))),
      initialJsKb: initialJs('status-shell.html').gzipBytes / 1000,
    };
  } finally {
    await stopChromium(chrome);
  }
}

async function main() {
  if (!process.env.BENCH_SKIP_BUILD) buildSite();
  if (!existsSync(join(DIST, 'index.html')))
    throw new Error(`${DIST} has no build: run without BENCH_SKIP_BUILD`);
  const { server } = await serveSite(DIST, PORT, siteHeaders(), { '/status': renderedStatusPage(DIST) });
  const chrome = await startChromium();
  try {
    for (const page of PAGES) {
      const { files, code, gzipBytes } = initialJs(page.html);
      const firebaseMarkers = FIREBASE_MARKERS.filter((marker) =>
        code.some((buffer) => buffer.includes(marker)),
      );

      const loadBefore = loadavg()[0]!;
      const runs: RunResult[] = [];
      for (let run = 0; run < RUNS; run += 1)
        runs.push(
          await lighthouseRun(
            `${ORIGIN}${page.path}`,
            chrome.port,
            'skipAudits' in page ? page.skipAudits : [],
          ),
        );
      const pick = (key: Exclude<keyof RunResult, 'failing'>) => median(runs.map((r) => r[key]));
      const failing = [...new Set(runs.flatMap((r) => r.failing))];

      const key = (name: string) => `${page.path}.${name}`;
      const score = (name: LighthouseScore, label: string, budget: number): Measurement => ({
        key: key(name),
        metric: `Lighthouse ${label}`,
        value: pick(name),
        unit: '',
        budget,
        kind: 'min',
      });
      const ms = (name: 'lcp' | 'tbt', budget: number): Measurement => ({
        key: key(`${name}Ms`),
        metric: name.toUpperCase(),
        value: Math.round(pick(name)),
        unit: 'ms',
        budget,
        kind: 'max',
      });
      const load = `1-minute load ${loadBefore.toFixed(2)} → ${loadavg()[0]!.toFixed(2)}`;
      report(
        'site',
        `Site ${page.path} (initial JS: ${files.join(', ')}; Lighthouse ${RUNS} runs, median; ${load})`,
        [
          {
            key: key('initialJsKb'),
            metric: 'initial JS (gzip)',
            value: gzipBytes / 1000,
            unit: 'kB',
            budget: 75,
            kind: 'max',
          },
          {
            key: key('firebaseMarkers'),
            metric: 'Firebase SDK markers in initial JS',
            value: firebaseMarkers.length,
            unit: '',
            budget: 0,
            kind: 'max',
          },
          score('performance', 'Performance', 100),
          score('accessibility', 'Accessibility', 100),
          score('bestPractices', 'Best Practices', 100),
          score('seo', 'SEO', 100),
          ms('lcp', 1000),
          ms('tbt', 50),
          {
            key: key('cls'),
            metric: 'CLS',
            value: Number(pick('cls').toFixed(3)),
            unit: '',
            budget: 0,
            kind: 'max',
          },
        ],
      );
      if (firebaseMarkers.length > 0) console.log(`  Firebase markers found: ${firebaseMarkers.join(', ')}`);
      if (failing.length > 0) console.log(`  audits below 100 in some run: ${failing.join(', ')}`);
    }
  } finally {
    await stopChromium(chrome);
    server.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
