// Abuse benchmark: a flood with forged client addresses straight at the functions' own URLs. 2,000
// requests, round-robin over /api/join (no App Check), /api/subscribe (with a valid App Check token: an
// attacker who passes App Check) and /api/password-reset, each claiming its own X-Forwarded-For address
// and its own e-mail, so that no per-IP or per-e-mail limit ever triggers. What the flood leaves must stay
// within the configured ceilings: signups stored, mail entering the queue (mail/; the rest waits in
// mail_waiting) and audit entries (anonymous callers write none).
//
//   pnpm bench abuse
// Options (env): SILK_PORT_OFFSET (default 1387: emulator ports of its own), BENCH_ABUSE_REQUESTS,
// BENCH_ABUSE_CONCURRENCY (default 4).
//
// The bench runs a Functions, Firestore and Auth emulator of its own under the project demo-silk-abuse,
// whose functions read functions/deploy/.env.demo-silk-abuse (written here from .env.demo-silk, removed
// afterwards): production's rate limits, the bench's ceilings, and CLIENT_IP_HOPS=1 — the emulator
// appends nothing, so the last X-Forwarded-For entry, which the caller writes, is the one trusted, as the
// entry left of Cloud Run's is for a caller of a function's URL in production (CLIENT_IP_HOPS=2).
// Writes bench/results/abuse.json; exits non-zero when a figure exceeds its ceiling.
import { COLLECTIONS } from '@silk/schema/constants';
import { APP_CHECK_HEADER } from '@silk/schema/constants';
import { adminSdk } from '@silk/stack/admin-sdk';
import { mintAppCheckToken, startAppCheckStub } from '@silk/stack/app-check-stub';
import { ROOT } from '@silk/stack/stack';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInEmulators } from './lib/emulator-session';
import { report } from './lib/report';

const OFFSET = Number(process.env.SILK_PORT_OFFSET ?? 1387);
const REQUESTS = Number(process.env.BENCH_ABUSE_REQUESTS ?? 2000);
// Each concurrent request beyond an idle worker makes the Functions emulator load another one (seconds
// each on a busy machine, and it gives up on slow loads): a few at a time, after one warm-up call each.
const CONCURRENCY = Number(process.env.BENCH_ABUSE_CONCURRENCY ?? 4);
const PROJECT = 'demo-silk-abuse';
const REGION = 'us-central1';
const CEILINGS = { stored: 100, mailsQueued: 100, auditEntries: 0 };
const DEPLOY = join(ROOT, 'functions', 'deploy');
const ENV_FILE = join(DEPLOY, `.env.${PROJECT}`);

/** The emulator's configuration with production's per-IP trust and limits, and the bench's ceilings. */
function writeFunctionsEnv(): void {
  const base = readFileSync(join(DEPLOY, '.env.demo-silk'), 'utf8')
    .split('\n')
    .filter((line) => !/^(RATE_LIMIT_|CLIENT_IP_HOPS|CEILING_)/.test(line));
  const own = [
    'CLIENT_IP_HOPS=1',
    'CEILING_WINDOW_SECONDS=3600',
    `CEILING_JOIN_SIGNUPS=${CEILINGS.stored}`,
    `CEILING_CONFIRMATION_MAILS=${CEILINGS.mailsQueued}`,
  ];
  writeFileSync(ENV_FILE, [...base, '# pnpm bench abuse', ...own, ''].join('\n'));
}

async function outer(): Promise<void> {
  if (!existsSync(join(DEPLOY, 'index.js'))) throw new Error('Build the functions first (pnpm --filter @silk/functions build).');
  writeFunctionsEnv();
  try {
    process.exitCode = await runInEmulators({
      offset: OFFSET,
      only: 'functions,firestore,auth',
      project: PROJECT,
      session: `pnpm exec tsx ${join('bench', 'abuse.ts')}`,
      env: { ...process.env, SILK_PORT_OFFSET: String(OFFSET), SILK_BENCH_ABUSE_INNER: '1' },
    });
  } finally {
    rmSync(ENV_FILE, { force: true });
  }
}

/** A forged client address per request: 2,000 different ones (unique up to 65,536). */
const forged = (i: number) => `100.64.${Math.floor(i / 256)}.${i % 256}`;

async function functionsBase(): Promise<string> {
  const hub = process.env.FIREBASE_EMULATOR_HUB;
  if (!hub) throw new Error('FIREBASE_EMULATOR_HUB is not set.');
  const emulators = (await (await fetch(`http://${hub}/emulators`)).json()) as Record<string, { host: string; port: number } | undefined>;
  const functions = emulators.functions;
  if (!functions) throw new Error('The Functions emulator is not running.');
  return `http://${functions.host}:${functions.port}/${PROJECT}/${REGION}`;
}

async function post(url: string, body: unknown, headers: Record<string, string>): Promise<number> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}

/** Waits until the collection's count stops changing (the mail trigger and the releases settle). */
async function settledCount(name: string): Promise<number> {
  const { db } = adminSdk(PROJECT);
  let previous = -1;
  for (;;) {
    const count = (await db.collection(name).count().get()).data().count;
    if (count === previous) return count;
    previous = count;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

async function inner(): Promise<void> {
  const base = await functionsBase();
  const appCheck = await startAppCheckStub(OFFSET);
  const statuses = new Map<string, Map<number, number>>();
  const tally = (route: string, status: number) => {
    const byStatus = statuses.get(route) ?? new Map<number, number>();
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    statuses.set(route, byStatus);
  };
  try {
    const token = await mintAppCheckToken({}, OFFSET);
    const routes: Array<{ name: string; body: (email: string) => unknown; headers: Record<string, string> }> = [
      { name: 'joinWaitlist', body: (email: string) => ({ email }), headers: {} },
      { name: 'subscribe', body: (email: string) => ({ email }), headers: { [APP_CHECK_HEADER]: token } },
      { name: 'requestPasswordReset', body: (email: string) => ({ identifier: email }), headers: {} },
    ];
    // Warm-up: one refused call per route loads its worker (a bad body: 400, nothing written or counted).
    for (const route of routes) await post(`${base}/${route.name}`, {}, route.headers);
    let next = 0;
    const started = performance.now();
    const worker = async () => {
      for (let i = next++; i < REQUESTS; i = next++) {
        const route = routes[i % routes.length];
        if (!route) continue;
        const email = `flood-${i}@example.com`;
        const status = await post(`${base}/${route.name}`, route.body(email), {
          ...route.headers,
          'X-Forwarded-For': forged(i),
        });
        tally(route.name, status);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (performance.now() - started) / 1000;
    for (const [route, byStatus] of statuses) {
      console.log(`${route}: ${[...byStatus].map(([status, count]) => `${count} × ${status}`).join(', ')}`);
    }
    console.log(`${REQUESTS} requests in ${seconds.toFixed(1)} s`);

    const stored = await settledCount(COLLECTIONS.waitlistSignups);
    const mailsQueued = await settledCount(COLLECTIONS.mail);
    const waiting = await settledCount(COLLECTIONS.mailWaiting);
    const auditEntries = await settledCount(COLLECTIONS.auditLog);
    const answers = Object.fromEntries(
      [...statuses].map(([route, byStatus]) => [route, Object.fromEntries([...byStatus].map(([status, count]) => [String(status), count]))]),
    );
    report(
      'abuse',
      `Flood with ${REQUESTS.toLocaleString('en-US')} forged client addresses (offset ${OFFSET})`,
      [
        { key: 'requests', metric: 'requests (each a new address and e-mail)', value: REQUESTS, unit: '', kind: 'max' },
        { key: 'stored', metric: 'signups stored', value: stored, unit: '', budget: CEILINGS.stored, kind: 'max' },
        { key: 'mailsQueued', metric: 'mails entering the queue', value: mailsQueued, unit: '', budget: CEILINGS.mailsQueued, kind: 'max' },
        { key: 'auditEntries', metric: 'audit entries', value: auditEntries, unit: '', budget: CEILINGS.auditEntries, kind: 'max' },
        { key: 'waitingConfirmations', metric: 'confirmations waiting for a later window', value: waiting, unit: '', kind: 'max' },
      ],
      { ceilings: CEILINGS, answers },
    );
    const over = stored > CEILINGS.stored || mailsQueued > CEILINGS.mailsQueued || auditEntries > CEILINGS.auditEntries;
    if (over) {
      console.error('A figure exceeds its ceiling.');
      process.exitCode = 1;
    }
  } finally {
    await appCheck.close();
  }
}

if (process.env.SILK_BENCH_ABUSE_INNER === '1') await inner();
else await outer();
