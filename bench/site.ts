// Benchmark of the public site against DESIGN §8: builds the site (its visitor lookups pointed at the
// local stand-in of bench/site-server.ts), serves dist like Hosting (cleanUrls, 404.html, gzip), then
// for `/` and `/waitlist`: the initial JavaScript (entry + static imports) gzip size and a search for
// Firebase SDK code in it, and Lighthouse 12 (mobile preset, simulated throttling) with system Chromium,
// median of 3 runs. Usage: pnpm exec tsx bench/site.ts  (BENCH_SKIP_BUILD=1 to reuse apps/site/dist,
// BENCH_RUNS=n, BENCH_SITE_PORT=n, BENCH_ENFORCE=1 to exit non-zero over budget).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { report, type Measurement } from './lib/report';
import { LOOKUP_PATHS, serveSite } from './site-server';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'apps', 'site', 'dist');
const PORT = Number(process.env.BENCH_SITE_PORT ?? 4317);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PAGES = [
  { path: '/', html: 'index.html' },
  { path: '/waitlist', html: 'waitlist.html' },
] as const;

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

/** The JS a page loads before any interaction: its module scripts, modulepreloads and their static imports. */
export function initialScripts(distDir: string, htmlFile: string): string[] {
  const html = readFileSync(join(distDir, htmlFile), 'utf8');
  // Module scripts, modulepreloads, and the chunks the inline loader (apps/site/scripts/prerender.mjs)
  // imports right after the first paint: all of it loads unconditionally, so all of it is initial.
  const inlineModules = [...html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  const queue = [
    ...[...html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+)"/g)].map((m) => m[1]!),
    ...[...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+)"/g)].map((m) => m[1]!),
    ...inlineModules.flatMap((code) => [...code.matchAll(/"\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!)),
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

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function buildSite(): void {
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

async function startChromium(): Promise<{ process: ChildProcess; port: number; profile: string }> {
  const profile = mkdtempSync(join(tmpdir(), 'silk-lh-'));
  const port = PORT + 1;
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

interface RunResult {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  tbt: number;
  cls: number;
  failing: string[];
}

async function lighthouseRun(url: string, port: number): Promise<RunResult> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
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

async function main() {
  if (!process.env.BENCH_SKIP_BUILD) buildSite();
  if (!existsSync(join(DIST, 'index.html')))
    throw new Error(`${DIST} has no build: run without BENCH_SKIP_BUILD`);
  const { server } = await serveSite(DIST, PORT);
  const chrome = await startChromium();
  try {
    for (const page of PAGES) {
      const files = initialScripts(DIST, page.html);
      const code = files.map((file) => readFileSync(join(DIST, file)));
      const gzipBytes = code.reduce((total, buffer) => total + gzipSync(buffer).length, 0);
      const firebaseMarkers = FIREBASE_MARKERS.filter((marker) =>
        code.some((buffer) => buffer.includes(marker)),
      );

      const runs: RunResult[] = [];
      for (let run = 0; run < RUNS; run += 1)
        runs.push(await lighthouseRun(`${ORIGIN}${page.path}`, chrome.port));
      const pick = (key: Exclude<keyof RunResult, 'failing'>) => median(runs.map((r) => r[key]));
      const failing = [...new Set(runs.flatMap((r) => r.failing))];

      report(`Site ${page.path} (initial JS: ${files.join(', ')}; Lighthouse ${RUNS} runs, median)`, [
        { metric: 'initial JS (gzip)', value: gzipBytes / 1000, unit: 'kB', budget: 75, kind: 'max' },
        {
          metric: 'Firebase SDK markers in initial JS',
          value: firebaseMarkers.length,
          unit: '',
          budget: 0,
          kind: 'max',
        },
        { metric: 'Lighthouse Performance', value: pick('performance'), unit: '', budget: 95, kind: 'min' },
        {
          metric: 'Lighthouse Accessibility',
          value: pick('accessibility'),
          unit: '',
          budget: 100,
          kind: 'min',
        },
        {
          metric: 'Lighthouse Best Practices',
          value: pick('bestPractices'),
          unit: '',
          budget: 100,
          kind: 'min',
        },
        { metric: 'Lighthouse SEO', value: pick('seo'), unit: '', budget: 100, kind: 'min' },
        { metric: 'LCP', value: Math.round(pick('lcp')), unit: 'ms', budget: 1500, kind: 'max' },
        { metric: 'TBT', value: Math.round(pick('tbt')), unit: 'ms', budget: 50, kind: 'max' },
        { metric: 'CLS', value: Number(pick('cls').toFixed(3)), unit: '', budget: 0.02, kind: 'max' },
      ] satisfies Measurement[]);
      if (firebaseMarkers.length > 0) console.log(`  Firebase markers found: ${firebaseMarkers.join(', ')}`);
      if (failing.length > 0) console.log(`  audits below 100 in some run: ${failing.join(', ')}`);
    }
  } finally {
    const exited = new Promise((resolve) => chrome.process.once('exit', resolve));
    chrome.process.kill();
    await exited;
    rmSync(chrome.profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    server.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
