// Benchmark of the embeddable signup widget (/embed.js) against its budgets: the script's gzip size
// (≤ 8 KB), and Lighthouse (mobile preset, simulated throttling, system Chromium, median of BENCH_RUNS,
// default 5) on a plain host page — another site's article — without and with the widget's tag: the page
// with the widget must keep Performance ≥ 95 and TBT ≤ 50 ms. The runs alternate (without, with) so both
// see the same load. Also reports whether the script carries Firebase SDK code (it must not).
// Usage: pnpm bench embed  (BENCH_SKIP_BUILD=1 to reuse apps/site/dist, BENCH_RUNS=n, BENCH_EMBED_PORT=n,
// BENCH_ENFORCE=1 to exit non-zero over budget). Figures: bench/results/embed.json.
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { envNumber } from './lib/env';
import { report } from './lib/report';
import { buildSite, lighthouseRun, median, startChromium, stopChromium, type RunResult } from './site';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SCRIPT = join(ROOT, 'apps', 'site', 'dist', 'embed.js');
const PORT = envNumber('BENCH_EMBED_PORT', 4337);
const RUNS = envNumber('BENCH_RUNS', 5);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const FIREBASE_MARKERS = ['FirebaseError', 'firestore.googleapis.com', '@firebase/', 'identitytoolkit'];

/** A plain article of another site; `withWidget` adds the widget's one tag where the form goes. */
function hostPage(withWidget: boolean): string {
  const paragraphs = Array.from(
    { length: 6 },
    (_, index) =>
      `<p>Day ${index + 1}: slow mornings, a long walk by the river, and a table booked for dinner. ` +
      'Travelling light means choosing well: one bag, a good pair of shoes, and time to wander.</p>',
  ).join('');
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="description" content="A partner travel blog with the Silk signup form.">' +
    '<title>A week in Lisbon — partner travel blog</title>' +
    '<style>body{font:18px/1.6 Georgia,serif;max-width:40rem;margin:0 auto;padding:1rem;color:#222}</style>' +
    '</head><body><main><h1>A week in Lisbon</h1>' +
    paragraphs +
    (withWidget ? '<h2>Get early access</h2><script src="/embed.js" async></script>' : '') +
    '</main></body></html>'
  );
}

function serveHost(script: Buffer) {
  const pages: Record<string, string> = { '/plain': hostPage(false), '/with-widget': hostPage(true) };
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', ORIGIN).pathname;
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const body = path === '/embed.js' ? script : pages[path] === undefined ? null : Buffer.from(pages[path]!);
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'Content-Type': path === '/embed.js' ? 'text/javascript; charset=utf-8' : 'text/html; charset=utf-8',
      'Cache-Control': path === '/embed.js' ? 'public, max-age=300' : 'no-cache',
      ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
    });
    res.end(gzip ? gzipSync(body) : body);
  });
  return new Promise<typeof server>((resolve) => server.listen(PORT, '127.0.0.1', () => resolve(server)));
}

async function main() {
  if (!process.env.BENCH_SKIP_BUILD) buildSite();
  if (!existsSync(SCRIPT)) throw new Error(`${SCRIPT} is missing: run without BENCH_SKIP_BUILD`);
  const script = readFileSync(SCRIPT);
  const firebaseMarkers = FIREBASE_MARKERS.filter((marker) => script.includes(marker));
  const server = await serveHost(script);
  const chrome = await startChromium(PORT + 1);
  const loadBefore = loadavg()[0]!;
  const plain: RunResult[] = [];
  const embedded: RunResult[] = [];
  try {
    for (let run = 0; run < RUNS; run += 1) {
      plain.push(await lighthouseRun(`${ORIGIN}/plain`, chrome.port));
      embedded.push(await lighthouseRun(`${ORIGIN}/with-widget`, chrome.port));
    }
  } finally {
    await stopChromium(chrome);
    server.close();
  }
  const pick = (runs: RunResult[], key: 'performance' | 'tbt' | 'lcp' | 'cls' | 'accessibility') =>
    median(runs.map((result) => result[key]));
  const load = `1-minute load ${loadBefore.toFixed(2)} → ${loadavg()[0]!.toFixed(2)}`;
  report('embed', `Embeddable widget (/embed.js; Lighthouse ${RUNS} runs each, median; ${load})`, [
    {
      key: 'widgetGzipKb',
      metric: 'widget script (gzip)',
      value: Number((gzipSync(script).length / 1000).toFixed(2)),
      unit: 'kB',
      budget: 8,
      kind: 'max',
    },
    {
      key: 'firebaseMarkers',
      metric: 'Firebase SDK markers in the script',
      value: firebaseMarkers.length,
      unit: '',
      budget: 0,
      kind: 'max',
    },
    {
      key: 'hostPagePerformance',
      metric: 'host page with the widget: Lighthouse Performance',
      value: pick(embedded, 'performance'),
      unit: '',
      budget: 95,
      kind: 'min',
    },
    {
      key: 'hostTbtMs',
      metric: 'host page with the widget: TBT',
      value: Math.round(pick(embedded, 'tbt')),
      unit: 'ms',
      budget: 50,
      kind: 'max',
    },
    {
      key: 'withWidget.lcpMs',
      metric: 'host page with the widget: LCP',
      value: Math.round(pick(embedded, 'lcp')),
      unit: 'ms',
      kind: 'max',
    },
    {
      key: 'withWidget.cls',
      metric: 'host page with the widget: CLS',
      value: Number(pick(embedded, 'cls').toFixed(3)),
      unit: '',
      kind: 'max',
    },
    {
      key: 'withWidget.accessibility',
      metric: 'host page with the widget: Lighthouse Accessibility',
      value: pick(embedded, 'accessibility'),
      unit: '',
      kind: 'min',
    },
    {
      key: 'withoutWidget.performance',
      metric: 'host page without the widget: Lighthouse Performance',
      value: pick(plain, 'performance'),
      unit: '',
      kind: 'min',
    },
    {
      key: 'withoutWidget.tbtMs',
      metric: 'host page without the widget: TBT',
      value: Math.round(pick(plain, 'tbt')),
      unit: 'ms',
      kind: 'max',
    },
    {
      key: 'withoutWidget.lcpMs',
      metric: 'host page without the widget: LCP',
      value: Math.round(pick(plain, 'lcp')),
      unit: 'ms',
      kind: 'max',
    },
  ]);
  const failing = [...new Set(embedded.flatMap((result) => result.failing))];
  if (failing.length > 0)
    console.log(`  audits below 100 with the widget in some run: ${failing.join(', ')}`);
}

await main();
