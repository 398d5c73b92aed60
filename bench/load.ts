// Load benchmark of the signup path: the real subscribe and waitlistUpdate handlers served by Google's
// Functions Framework (the server Cloud Functions runs them in: body parsers, concurrent requests) against
// the Firestore emulator, with production's rate limits and App Check verified on every call.
//   (a) one address: 200 concurrent signups → only 200 or 429, and exactly the per-address limit of 200s
//   (b) many addresses: 5,000 signups from 5,000 addresses at concurrency 100 → none lost, none twice
//   (c) the feedback bot check: 1,000 waitlist-update calls on (b)'s signups at concurrency 100
// Budgets: no 5xx in any phase, every accepted signup stored once.
//
//   pnpm bench load
// Options (env): SILK_PORT_OFFSET (default 1337: emulator ports of its own, that no stack at an offset
// in steps of 50 — `pnpm dev`, the tests — can have),
// BENCH_ENFORCE=1 (exit non-zero when over budget).
//
// The client plays Google's front end: each request carries its address as the one X-Forwarded-For
// entry the front end appends (CLIENT_IP_HOPS=1), as a call straight to the function's URL would.
import { performance } from 'node:perf_hooks';
import {
  type ServerConfig,
  makeSubscribeHandler,
  serveWithFunctionsFramework,
  EMULATOR_SECRET,
  startSiteverifyStub,
  makeWaitlistUpdateHandler,
} from '@silk/functions/bench';
import { APP_CHECK_HEADER, COLLECTIONS, RECAPTCHA_ACTION } from '@silk/schema/constants';
import { adminSdk } from '@silk/stack/admin-sdk';
import { mintAppCheckToken, startAppCheckStub } from '@silk/stack/app-check-stub';
import { runBenchInEmulators } from './lib/emulator-session';
import { benchServerConfig } from './lib/handler-config';
import { report } from './lib/report';
import { envNumber } from './lib/env';

const OFFSET = envNumber('SILK_PORT_OFFSET', 1337);
const ONE_ADDRESS_REQUESTS = 200;
const MANY_ADDRESSES = 5_000;
const FEEDBACK_CHECKS = 1_000;
const CONCURRENCY = 100;
const BOT_TOKEN = 'bench-recaptcha-token';

interface Outcome {
  status: number;
  ms: number;
}

/** The outer process: a Firestore emulator of its own (`firebase emulators:exec`) running this file. */
async function outer(): Promise<void> {
  process.exitCode = await runBenchInEmulators('load', OFFSET, 'firestore', 'SILK_BENCH_LOAD_INNER');
}

/** A documentation-range address for client number `i` (unique up to 65,536 clients). */
const address = (i: number) => `198.18.${Math.floor(i / 256)}.${i % 256}`;

function serverConfig(): ServerConfig {
  // Production's defaults (limits, minimum score), with the stand-ins of this stack.
  return benchServerConfig(OFFSET, {
    RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${5999 + OFFSET}/siteverify`,
    RECAPTCHA_ALLOWED_HOSTNAMES: 'localhost',
  });
}

/** Runs `count` requests through `concurrency` workers; each outcome at its index. */
async function pool(
  count: number,
  concurrency: number,
  send: (i: number) => Promise<number>,
): Promise<Outcome[]> {
  const outcomes: Outcome[] = new Array<Outcome>(count);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) {
      const started = performance.now();
      const status = await send(i).catch(() => 0); // 0: no answer at all (counted with the 5xx)
      outcomes[i] = { status, ms: performance.now() - started };
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return outcomes;
}

function byStatus(outcomes: Outcome[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { status } of outcomes) counts[String(status)] = (counts[String(status)] ?? 0) + 1;
  return counts;
}

const failures = (outcomes: Outcome[]) =>
  outcomes.filter(({ status }) => status === 0 || status >= 500).length;

function percentile(outcomes: Outcome[], p: number): number {
  const sorted = outcomes.map(({ ms }) => ms).sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function post(
  url: string,
  body: unknown,
  clientAddress: string,
  appCheckToken: string,
): Promise<number> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Forwarded-For': clientAddress,
      [APP_CHECK_HEADER]: appCheckToken,
    },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}

/** The inner process, inside the emulator session. */
async function inner(): Promise<void> {
  // The link-signing key of the confirmation e-mail a new subscriber gets (a secret in production).
  process.env.MAIL_TOKEN_SECRET ??= 'bench-only-mail-token-secret';
  const { db } = adminSdk();
  const appCheck = await startAppCheckStub(OFFSET);
  const siteverify = await startSiteverifyStub(OFFSET);
  siteverify.verdicts.set(BOT_TOKEN, {
    success: true,
    score: 0.9,
    action: RECAPTCHA_ACTION,
    hostname: 'localhost',
  });
  const config = serverConfig();
  const subscribe = await serveWithFunctionsFramework(makeSubscribeHandler({ config: () => config }));
  const waitlistUpdate = await serveWithFunctionsFramework(
    makeWaitlistUpdateHandler({ config: () => config, secret: () => EMULATOR_SECRET }),
  );
  const token = await mintAppCheckToken({}, OFFSET);
  const runId = Date.now().toString(36);
  const email = (phase: string, i: number) => `load-${runId}-${phase}-${i}@bench.test`;

  try {
    // (a) one address, everything at once.
    const oneAddress = await pool(ONE_ADDRESS_REQUESTS, ONE_ADDRESS_REQUESTS, (i) =>
      post(subscribe.url, { email: email('a', i) }, address(0), token),
    );
    const oneStatuses = byStatus(oneAddress);
    console.log(`(a) ${ONE_ADDRESS_REQUESTS} concurrent from one address:`, oneStatuses);

    // (b) many addresses, one signup each, 100 at a time.
    const started = performance.now();
    const many = await pool(MANY_ADDRESSES, CONCURRENCY, (i) =>
      post(subscribe.url, { email: email('b', i) }, address(i + 1), token),
    );
    const seconds = (performance.now() - started) / 1000;
    const accepted = many.filter(({ status }) => status === 200).length;
    const stored = await db
      .collection(COLLECTIONS.subscribers)
      .where('email', '>=', `load-${runId}-b-`)
      .where('email', '<', `load-${runId}-b.`)
      .select('email')
      .get();
    const perAddress = new Map<string, number>();
    for (const doc of stored.docs) {
      const subscriber = String(doc.get('email'));
      perAddress.set(subscriber, (perAddress.get(subscriber) ?? 0) + 1);
    }
    const duplicates = [...perAddress.values()].reduce((total, count) => total + count - 1, 0);
    console.log(
      `(b) ${MANY_ADDRESSES} from ${MANY_ADDRESSES} addresses:`,
      byStatus(many),
      `${seconds.toFixed(1)} s`,
    );

    // (c) the feedback form's bot check on signups of (b), 100 at a time.
    await Promise.all(
      Array.from({ length: FEEDBACK_CHECKS }, (_, i) =>
        db
          .collection(COLLECTIONS.waitlistSignups)
          .doc(email('b', i))
          .set({ email: email('b', i), source: 'Homepage Hero' }),
      ),
    );
    const checks = await pool(FEEDBACK_CHECKS, CONCURRENCY, (i) =>
      post(waitlistUpdate.url, { email: email('b', i), recaptcha_token: BOT_TOKEN }, address(i + 1), token),
    );
    console.log(`(c) ${FEEDBACK_CHECKS} bot checks:`, byStatus(checks));

    report('load', `Signup path under load (Functions Framework + Firestore emulator, offset ${OFFSET})`, [
      {
        key: 'oneAddress.requests',
        metric: '(a) requests from one address',
        value: ONE_ADDRESS_REQUESTS,
        unit: '',
        kind: 'max',
      },
      ...Object.entries(oneStatuses).map(([status, count]) => ({
        key: `oneAddress.byStatus.${status}`,
        metric: `(a) answered ${status}`,
        value: count,
        unit: '',
        kind: 'max' as const,
        ...(status === '200' ? { budget: config.rateLimits.subscribe.perIp } : {}),
      })),
      {
        key: 'oneAddress.fiveXX',
        metric: '(a) 5xx or no answer',
        value: failures(oneAddress),
        unit: '',
        budget: 0,
        kind: 'max',
      },
      {
        key: 'manyAddresses.requests',
        metric: '(b) requests, one per address',
        value: MANY_ADDRESSES,
        unit: '',
        kind: 'max',
      },
      { key: 'manyAddresses.accepted', metric: '(b) accepted (200)', value: accepted, unit: '', kind: 'max' },
      {
        key: 'manyAddresses.stored',
        metric: '(b) subscribers stored',
        value: stored.size,
        unit: '',
        budget: accepted,
        kind: 'min',
      },
      {
        key: 'manyAddresses.duplicates',
        metric: '(b) duplicate subscribers',
        value: duplicates,
        unit: '',
        budget: 0,
        kind: 'max',
      },
      {
        key: 'manyAddresses.fiveXX',
        metric: '(b) 5xx or no answer',
        value: failures(many),
        unit: '',
        budget: 0,
        kind: 'max',
      },
      {
        key: 'manyAddresses.rps',
        metric: '(b) throughput',
        value: MANY_ADDRESSES / seconds,
        unit: 'req/s',
        kind: 'min',
      },
      {
        key: 'manyAddresses.p50Ms',
        metric: '(b) latency p50',
        value: percentile(many, 50),
        unit: 'ms',
        kind: 'max',
      },
      {
        key: 'manyAddresses.p99Ms',
        metric: '(b) latency p99',
        value: percentile(many, 99),
        unit: 'ms',
        kind: 'max',
      },
      {
        key: 'feedbackChecks.requests',
        metric: '(c) waitlist-update calls',
        value: FEEDBACK_CHECKS,
        unit: '',
        kind: 'max',
      },
      {
        key: 'feedbackChecks.accepted',
        metric: '(c) accepted (200)',
        value: checks.filter(({ status }) => status === 200).length,
        unit: '',
        budget: FEEDBACK_CHECKS,
        kind: 'min',
      },
      {
        key: 'feedbackChecks.fiveXX',
        metric: '(c) 5xx or no answer',
        value: failures(checks),
        unit: '',
        budget: 0,
        kind: 'max',
      },
      {
        key: 'feedbackChecks.p99Ms',
        metric: '(c) latency p99',
        value: percentile(checks, 99),
        unit: 'ms',
        kind: 'max',
      },
    ]);
  } finally {
    await Promise.all([subscribe.close(), waitlistUpdate.close(), appCheck.close(), siteverify.close()]);
  }
}

if (process.env.SILK_BENCH_LOAD_INNER && process.env.FIREBASE_EMULATOR_HUB) await inner();
else await outer();
