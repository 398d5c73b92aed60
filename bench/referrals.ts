// Referrals and the place in line at scale: 100,000 signups in the Firestore emulator (seeded as the
// admin bench seeds them), the ranking's index built by the re-rank (functions/src/ranking/), then:
//   - positionReadsMax: the most Firestore reads one positionOf cost (documents + count() as billed:
//     one per 1,000 entries counted, at least one), over #1, the last place and a random sample, under
//     "by signup time" and "skip N" — the same at #1 and at #100,000 (positionReadsFirst / Last)
//   - positionP95Ms: the 95th percentile of the same places read through the status page: the real
//     statusPage function, served by the Functions emulator behind Hosting as a visitor opens a real signed
//     status link (token check, reads, page); its place must be positionOf's
//   - rerankSeconds: a rule change ("skip 5 places per confirmed referral") until the new version is
//     live; unplacedDuringRerank counts status pages served without a place meanwhile (sampled throughout); the replaced version's
//     deletion that follows (onRankBuildWritten in production) is not measured
//   - creditBurst {confirmed, credited}: one referrer's 100 friends join through the real subscribe
//     handler with the referral code, then confirm at the same moment through the real confirmation
//     handler (both served by the Functions Framework); credited = the referrer's confirmedReferrals
//   - statusPage {performance, lcpMs, initialJsKb}: Lighthouse (median of BENCH_RUNS, default 5) on the
//     page the statusPage function serves for a real status link, at the end of the session
//
//   pnpm bench referrals
// Options (env): SILK_PORT_OFFSET (default 1537: emulator ports of its own), BENCH_SIGNUPS (default
// 100000), BENCH_SKIP_BUILD=1 (reuse apps/site/dist), BENCH_ENFORCE=1 (exit non-zero when over budget).
// The functions must be built (pnpm --filter @silk/functions build); the session's background triggers
// are paused (the seed, the re-ranks and the credit burst run their steps here, as before).

import {
  signLinkToken,
  makeConfirmSubscriptionHandler,
  positionOf,
  ReadMeter,
  buildRef,
  rankSpace,
  readSettings,
  runRerank,
  startRerank,
  syncRankEntry,
  type ServerConfig,
  makeSubscribeHandler,
  serveWithFunctionsFramework,
} from '@silk/functions/bench';
import { APP_CHECK_HEADER, COLLECTIONS } from '@silk/schema/constants';
import type { RankingRule } from '@silk/schema/referrals';
import { landingRecord, UNKNOWN_LOCATION } from '@silk/schema/signup-record';
import { adminSdk } from '@silk/stack/admin-sdk';
import { mintAppCheckToken, startAppCheckStub } from '@silk/stack/app-check-stub';
import { makeSignups } from '@silk/stack/seed-data';
import { discoverStack, ROOT, withoutBackgroundTriggers } from '@silk/stack/stack';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { readEnvFile, runBenchInEmulators, seedSignups } from './lib/emulator-session';
import { benchServerConfig } from './lib/handler-config';
import { report } from './lib/report';
import { envNumber } from './lib/env';

const OFFSET = envNumber('SILK_PORT_OFFSET', 1537);
const SIGNUP_COUNT = envNumber('BENCH_SIGNUPS', 100_000);
const SAMPLE = 200;
const FRIENDS = 100;
const SKIP: RankingRule = { kind: 'skip', places: 5 };
const LINK_SECRET = 'bench-only-mail-token-secret';
/** One seeded signup in this many has confirmed referrals (1–5), so that "skip N" moves people. */
const REFERRER_EVERY = 20;

/** The outer process: the site's build, then the emulator session (this file again, inside it). */
async function outer(): Promise<void> {
  if (!existsSync(join(ROOT, 'functions', 'deploy', 'index.js')))
    throw new Error('Build the functions first (pnpm --filter @silk/functions build).');
  if (!process.env.BENCH_SKIP_BUILD) (await import('./site')).buildSite();
  process.exitCode = await runBenchInEmulators(
    'referrals',
    OFFSET,
    'firestore,functions,hosting',
    'SILK_BENCH_REFERRALS_INNER',
  );
}

/**
 * The status page as a visitor opens their link: a real status token (signed with the emulator's
 * MAIL_TOKEN_SECRET) for a subscriber entry written here, through Hosting's /status to the statusPage
 * function. `read` answers the place it shows (null while pending) and the time to its last byte.
 */
function statusPages(db: Firestore, siteUrl: string) {
  const secret = readEnvFile(join(ROOT, 'functions', 'deploy', '.secret.local')).MAIL_TOKEN_SECRET ?? '';
  const links = new Map<string, string>();
  const link = async (email: string): Promise<string> => {
    const known = links.get(email);
    if (known) return known;
    const subscriberId = `bench-status-${links.size}`;
    await db.collection(COLLECTIONS.subscribers).doc(email).set({ email, subscriberId }, { merge: true });
    const url = `${siteUrl}/status?token=${encodeURIComponent(signLinkToken(secret, 'status', subscriberId))}`;
    links.set(email, url);
    return url;
  };
  const read = async (email: string): Promise<{ place: number | null; ms: number }> => {
    const url = await link(email);
    const started = performance.now();
    const response = await fetch(url);
    const html = await response.text();
    const ms = performance.now() - started;
    if (!response.ok) throw new Error(`the status page answered ${response.status} for ${email}`);
    const shown = /data-testid="status-place">#([\d,]+) of/.exec(html)?.[1];
    return { place: shown === undefined ? null : Number(shown.replaceAll(',', '')), ms };
  };
  return { link, read };
}

type StatusPages = ReturnType<typeof statusPages>;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10;

interface PositionRun {
  reads: number[];
  ms: number[];
  first: number;
  last: number;
}

/**
 * positionOf (its reads counted) at the first and the last place of the live version and for a sample of
 * signups, and each one's status page as served (timed; it must show the same place).
 */
async function measurePositions(db: Firestore, pages: StatusPages, sample: string[]): Promise<PositionRun> {
  const space = rankSpace(db);
  const { version } = readSettings((await space.settings.get()).data());
  const entries = buildRef(db, space, version).collection('rank_entries');
  const [firstEmail = '', lastEmail = ''] = await Promise.all(
    (['asc', 'desc'] as const).map(
      async (direction) => (await entries.orderBy('sort', direction).limit(1).get()).docs[0]?.id ?? '',
    ),
  );
  const run: PositionRun = { reads: [], ms: [], first: 0, last: 0 };
  for (const email of [firstEmail, lastEmail, ...sample]) {
    const meter = new ReadMeter();
    const position = await positionOf(db, email, { meter });
    run.reads.push(meter.reads);
    if (!position) throw new Error(`${email} has no place`);
    const served = await pages.read(email);
    run.ms.push(served.ms);
    if (served.place !== position.place)
      throw new Error(`the status page of ${email} shows #${served.place}, positionOf #${position.place}`);
    if (email === firstEmail) {
      if (position.place !== 1) throw new Error(`the first entry is at #${position.place}`);
      run.first = meter.reads;
    } else if (email === lastEmail) {
      if (position.place !== position.total)
        throw new Error(`the last entry is at #${position.place} of ${position.total}`);
      run.last = meter.reads;
    }
  }
  return run;
}

/** A rule change re-ranked to the end, while another loop opens status pages; returns seconds and misses. */
async function rerankWhileReading(
  db: Firestore,
  pages: StatusPages,
  rule: RankingRule,
  sample: string[],
): Promise<{ seconds: number; unplaced: number; reads: number }> {
  const space = rankSpace(db);
  const started = performance.now();
  const version = await startRerank(db, space, rule, 'bench');
  let building = true;
  let unplaced = 0;
  let reads = 0;
  const reader = (async () => {
    for (let i = 0; building; i += 1) {
      reads += 1;
      if ((await pages.read(sample[i % sample.length] ?? '')).place === null) unplaced += 1;
      // A visitor every 100 ms or so: sampling, not a load test.
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  await runRerank(db, space, version);
  const took = seconds(started);
  building = false;
  await reader;
  const settings = readSettings((await space.settings.get()).data());
  if (settings.version !== version)
    throw new Error(`the re-rank to version ${version} did not finish (live: ${settings.version})`);
  return { seconds: took, unplaced, reads };
}

function serverConfig(): ServerConfig {
  return benchServerConfig(OFFSET, {
    // 100 credits for one referrer in a day are the point of the burst; the other rules stay on.
    REFERRAL_DAILY_CAP: String(FRIENDS),
  });
}

/** 100 friends of one referrer join with its code, then all confirm at once; the referrer's credit after. */
async function creditBurst(db: Firestore): Promise<{
  confirmed: number;
  credited: number;
  withheld: number;
  placeBefore: number;
  placeAfter: number;
}> {
  const config = serverConfig();
  const appCheck = await startAppCheckStub(OFFSET);
  const subscribe = await serveWithFunctionsFramework(makeSubscribeHandler({ config: () => config }));
  const confirm = await serveWithFunctionsFramework(
    makeConfirmSubscriptionHandler({ config: () => config, linkSecret: () => LINK_SECRET }),
  );
  const appCheckToken = await mintAppCheckToken({}, OFFSET);
  const runId = Date.now().toString(36);
  const post = async (url: string, body: unknown, ip: string, headers: Record<string, string> = {}) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip, ...headers },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`${url} answered ${response.status}: ${JSON.stringify(answer)}`);
    return answer;
  };
  const join = async (email: string, ip: string, ref?: string) => {
    await db
      .collection(COLLECTIONS.waitlistSignups)
      .doc(email)
      .set(landingRecord({ email, ip, location: UNKNOWN_LOCATION }, () => FieldValue.serverTimestamp()));
    return post(subscribe.url, { email, ...(ref ? { ref } : {}) }, ip, { [APP_CHECK_HEADER]: appCheckToken });
  };
  try {
    const referrer = `referrer-${runId}@bench.test`;
    const { referralCode } = await join(referrer, '203.0.113.9');
    // The referrer joined now: the last in line until credited (the trigger's step, run here).
    await syncRankEntry(db, rankSpace(db), referrer);
    const placeBefore = (await positionOf(db, referrer))?.place ?? 0;
    const friends = Array.from({ length: FRIENDS }, (_, i) => ({
      email: `friend-${runId}-${i}@bench.test`,
      ip: `198.18.${i}.7`,
    }));
    for (let i = 0; i < friends.length; i += 10)
      await Promise.all(
        friends.slice(i, i + 10).map(({ email, ip }) => join(email, ip, String(referralCode))),
      );
    const tokens = await Promise.all(
      friends.map(async ({ email }) =>
        signLinkToken(
          LINK_SECRET,
          'confirm',
          String((await db.collection(COLLECTIONS.subscribers).doc(email).get()).get('subscriberId')),
        ),
      ),
    );
    await Promise.all(friends.map(({ ip }, i) => post(confirm.url, { token: tokens[i] }, ip)));
    const confirmedSignups = await Promise.all(
      friends.map(async ({ email }) =>
        (await db.collection(COLLECTIONS.waitlistSignups).doc(email).get()).get('confirmedAt'),
      ),
    );
    const credited = Number(
      (await db.collection(COLLECTIONS.waitlistSignups).doc(referrer).get()).get('confirmedReferrals') ?? 0,
    );
    const withheld = (
      await db
        .collection('referrals')
        .where('referrer', '==', referrer)
        .where('status', '==', 'withheld')
        .count()
        .get()
    ).data().count;
    await syncRankEntry(db, rankSpace(db), referrer);
    const placeAfter = (await positionOf(db, referrer))?.place ?? 0;
    return {
      confirmed: confirmedSignups.filter((at) => at !== undefined).length,
      credited,
      withheld,
      placeBefore,
      placeAfter,
    };
  } finally {
    await Promise.all([subscribe.close(), confirm.close(), appCheck.close()]);
  }
}

async function inner(): Promise<void> {
  // The link-signing key of the confirmation e-mails (a secret in production).
  process.env.MAIL_TOKEN_SECRET ??= LINK_SECRET;
  const { db } = adminSdk();
  const pages = statusPages(db, (await discoverStack()).siteUrl);
  // Each with its first signup time, as the signup trigger stamps it (the triggers are paused).
  const seeds = makeSignups(SIGNUP_COUNT).map((signup, i) => ({
    ...signup,
    firstSignupAt: signup.timestamp,
    ...(i % REFERRER_EVERY === 0 ? { confirmedReferrals: 1 + (i % 5) } : {}),
  }));
  await seedSignups(seeds);
  const sample = Array.from(
    { length: SAMPLE },
    (_, i) => seeds[Math.floor(((i + 0.5) * seeds.length) / SAMPLE)]?.email ?? '',
  );
  // The statusPage function's first request starts its worker: not one of the timed ones.
  await pages.read(sample[0] ?? '');

  const space = rankSpace(db);
  let started = performance.now();
  await runRerank(db, space, await startRerank(db, space, { kind: 'signup-time' }, 'bench'));
  const buildSeconds = seconds(started);
  console.log(`index built in ${buildSeconds} s`);
  const byTime = await measurePositions(db, pages, sample);

  const rerank = await rerankWhileReading(db, pages, SKIP, sample);
  console.log(
    `re-ranked to "skip 5" in ${rerank.seconds} s; ${rerank.reads} places read meanwhile, ${rerank.unplaced} without a place`,
  );
  const bySkip = await measurePositions(db, pages, sample);

  started = performance.now();
  const burst = await creditBurst(db);
  console.log(`credit burst in ${seconds(started)} s`, burst);

  const reads = [...byTime.reads, ...bySkip.reads];
  const ms = [...byTime.ms, ...bySkip.ms];
  report(
    'referrals',
    `Referrals and the place in line (${SIGNUP_COUNT.toLocaleString('en-US')} signups; Firestore, Functions and Hosting emulators, offset ${OFFSET})`,
    [
      { key: 'signups', metric: 'signups in line', value: SIGNUP_COUNT, unit: '', kind: 'min' },
      {
        key: 'positionReadsMax',
        metric: 'positionOf: most reads of one call',
        value: Math.max(...reads),
        unit: 'reads',
        budget: 20,
        kind: 'max',
      },
      {
        key: 'positionReadsFirst',
        metric: 'positionOf reads at #1 (by time, skip 5)',
        value: Math.max(byTime.first, bySkip.first),
        unit: 'reads',
        kind: 'max',
      },
      {
        key: 'positionReadsLast',
        metric: `positionOf reads at the last place (by time, skip 5)`,
        value: Math.max(byTime.last, bySkip.last),
        unit: 'reads',
        kind: 'max',
      },
      {
        key: 'positionP95Ms',
        metric: `status page served, p95 (${ms.length} pages)`,
        value: Math.round(percentile(ms, 95) * 10) / 10,
        unit: 'ms',
        budget: 300,
        kind: 'max',
      },
      {
        key: 'creditBurst.confirmed',
        metric: `credit burst: friends confirmed at once`,
        value: burst.confirmed,
        unit: '',
        kind: 'min',
      },
      {
        key: 'creditBurst.credited',
        metric: "credit burst: the referrer's confirmed referrals",
        value: burst.credited,
        unit: '',
        budget: burst.confirmed,
        kind: 'min',
      },
      {
        key: 'creditBurst.withheld',
        metric: 'credit burst: withheld for review',
        value: burst.withheld,
        unit: '',
        budget: 0,
        kind: 'max',
      },
      {
        key: 'creditBurst.placeBefore',
        metric: 'credit burst: referrer place before (skip 5)',
        value: burst.placeBefore,
        unit: '',
        kind: 'max',
      },
      {
        key: 'creditBurst.placeAfter',
        metric: 'credit burst: referrer place after (skip 5)',
        value: burst.placeAfter,
        unit: '',
        kind: 'max',
      },
      {
        key: 'rerankSeconds',
        metric: 'rule change → new version live',
        value: rerank.seconds,
        unit: 's',
        kind: 'max',
      },
      {
        key: 'unplacedDuringRerank',
        metric: `status pages served during the re-rank without a place (of ${rerank.reads})`,
        value: rerank.unplaced,
        unit: '',
        budget: 0,
        kind: 'max',
      },
      {
        key: 'indexBuildSeconds',
        metric: 'first index build (every signup)',
        value: buildSeconds,
        unit: 's',
        kind: 'max',
      },
    ],
  );

  // Lighthouse and Chromium are loaded only now, after the figures above.
  const { statusPageFigures } = await import('./site');
  const page = await statusPageFigures(await pages.link(sample[Math.floor(SAMPLE * 0.4)] ?? ''));
  report(
    'referrals',
    'The status page as the statusPage function serves it (a real status link; Lighthouse, mobile, median)',
    [
      {
        key: 'statusPage.performance',
        metric: 'Lighthouse Performance',
        value: page.performance,
        unit: '',
        budget: 100,
        kind: 'min',
      },
      { key: 'statusPage.lcpMs', metric: 'LCP', value: page.lcpMs, unit: 'ms', budget: 1000, kind: 'max' },
      {
        key: 'statusPage.initialJsKb',
        metric: 'initial JS (gzip)',
        value: page.initialJsKb,
        unit: 'kB',
        budget: 75,
        kind: 'max',
      },
    ],
  );
}

if (process.env.SILK_BENCH_REFERRALS_INNER && process.env.FIREBASE_EMULATOR_HUB) {
  await withoutBackgroundTriggers(inner);
  process.exit(process.exitCode ?? 0); // firebase-admin's channels would keep the session open
} else await outer();
