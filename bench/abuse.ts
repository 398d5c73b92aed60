// Abuse benchmark: floods straight at the functions' own URLs, each request claiming its own
// X-Forwarded-For address, so that no per-IP limit ever triggers, through the real stack (the Functions
// emulator running the built functions, Firestore, Auth, and the mail sender into an SMTP sink):
//   1. `+N` spellings of one mailbox (victim+1@…, victim+2@…, …) join, subscribe and ask for status
//      links: the mails sent to the mailbox stay within its daily budget;
//   2. status links for 200 members and 200 strangers in turn, timed (the member's median time over the
//      stranger's: all calls, and apart the calls made while the status links' ceiling had room and
//      those after it filled), which also floods that ceiling;
//   3. new signups right after that flood: none of their confirmations may wait (status links never
//      take a confirmation's place);
//   4. /api/join for 200 listed and 200 new addresses in turn, timed, past the join ceiling (all calls,
//      and apart the accepted ones and those refused at the full ceiling);
//   5. 2,000 requests round-robin over /api/join (no App Check), /api/subscribe (with a valid App Check
//      token: an attacker who passes App Check) and /api/password-reset, each with its own e-mail.
// What the floods leave must stay within the configured ceilings: signups and subscribers stored, mail
// entering the queue (the rest waits in mail_waiting), mails to one mailbox, and audit entries
// (anonymous callers write none).
//
//   pnpm bench abuse
// Options (env): SILK_PORT_OFFSET (default 1387: emulator ports of its own), BENCH_ABUSE_REQUESTS,
// BENCH_ABUSE_CONCURRENCY (default 4), BENCH_ABUSE_TIMED (default 200 calls each, member and stranger).
//
// The bench runs a Functions, Firestore and Auth emulator of its own under the project demo-silk-abuse,
// whose functions read functions/deploy/.env.demo-silk-abuse (written here from .env.demo-silk, removed
// afterwards): production's rate limits and mail budget, the bench's ceilings, and CLIENT_IP_HOPS=1 — the
// emulator appends nothing, so the last X-Forwarded-For entry, which the caller writes, is the one
// trusted, as the entry left of Cloud Run's is for a caller of a function's URL in production
// (CLIENT_IP_HOPS=2). Writes bench/results/abuse.json; exits non-zero when a figure exceeds its ceiling.
import { COLLECTIONS } from '@silk/schema/constants';
import { APP_CHECK_HEADER, SIGNUP_SOURCE } from '@silk/schema/constants';
import { mailboxKey } from '@silk/schema/mailbox';
import { REFERRAL_CODE_ALPHABET, REFERRAL_CODE_LENGTH } from '@silk/schema/referrals';
import { adminSdk } from '@silk/stack/admin-sdk';
import { mintAppCheckToken, startAppCheckStub } from '@silk/stack/app-check-stub';
import { startMailDev, stopMailDev } from '@silk/stack/maildev';
import { ROOT } from '@silk/stack/stack';
import { FieldValue } from 'firebase-admin/firestore';
import { randomBytes, randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runInEmulators, withProjectEnv } from './lib/emulator-session';
import { report } from './lib/report';
import { envNumber } from './lib/env';

const OFFSET = envNumber('SILK_PORT_OFFSET', 1387);
const REQUESTS = envNumber('BENCH_ABUSE_REQUESTS', 2000);
// Each concurrent request beyond an idle worker makes the Functions emulator load another one (seconds
// each on a busy machine, and it gives up on slow loads): a few at a time, after one warm-up call each.
const CONCURRENCY = envNumber('BENCH_ABUSE_CONCURRENCY', 4);
const PROJECT = 'demo-silk-abuse';
const REGION = 'us-central1';
const TIMED = envNumber('BENCH_ABUSE_TIMED', 200);
/** The functions' ceilings for the run (CEILING_* of config.ts) and production's mail budget per mailbox. */
const LIMITS = {
  joinSignups: 100,
  subscribeSignups: 100,
  confirmationMails: 100,
  statusLinkMails: 100,
  mailboxBudget: 5,
};
const CEILINGS = {
  stored: LIMITS.joinSignups,
  subscribers: LIMITS.joinSignups + LIMITS.subscribeSignups,
  // Confirmations and status links enter the queue under their own ceilings.
  mailsQueued: LIMITS.confirmationMails + LIMITS.statusLinkMails,
  auditEntries: 0,
};
/** The memberTimingRatio budget: a member's median time within this range of a stranger's. */
const TIMING_BUDGET = { min: 0.8, max: 1.25 };
const DEPLOY = join(ROOT, 'functions', 'deploy');
/** The emulator's configuration with production's per-IP trust and limits, and the bench's ceilings. */
const FUNCTIONS_ENV = [
  'CLIENT_IP_HOPS=1',
  'CEILING_WINDOW_SECONDS=3600',
  `CEILING_JOIN_SIGNUPS=${LIMITS.joinSignups}`,
  `CEILING_SUBSCRIBE_SIGNUPS=${LIMITS.subscribeSignups}`,
  `CEILING_CONFIRMATION_MAILS=${LIMITS.confirmationMails}`,
  `CEILING_STATUS_LINK_MAILS=${LIMITS.statusLinkMails}`,
  `MAIL_BUDGET_PER_MAILBOX_PER_DAY=${LIMITS.mailboxBudget}`,
];

async function outer(): Promise<void> {
  if (!existsSync(join(DEPLOY, 'index.js')))
    throw new Error('Build the functions first (pnpm --filter @silk/functions build).');
  // The SMTP sink the functions' sender delivers to (functions/env/.secret.local, port shifted by the offset).
  await startMailDev(OFFSET);
  try {
    process.exitCode = await withProjectEnv(
      PROJECT,
      /^(RATE_LIMIT_|CLIENT_IP_HOPS|CEILING_|MAIL_BUDGET_)/,
      FUNCTIONS_ENV,
      () =>
        runInEmulators({
          offset: OFFSET,
          only: 'functions,firestore,auth',
          project: PROJECT,
          session: `pnpm exec tsx ${join('bench', 'abuse.ts')}`,
          env: { ...process.env, SILK_PORT_OFFSET: String(OFFSET), SILK_BENCH_ABUSE_INNER: '1' },
        }),
    );
  } finally {
    await stopMailDev(OFFSET);
  }
}

/** A forged client address per request: 2,000 different ones (unique up to 65,536). */
const forged = (i: number) => `100.64.${Math.floor(i / 256)}.${i % 256}`;

async function functionsBase(): Promise<string> {
  const hub = process.env.FIREBASE_EMULATOR_HUB;
  if (!hub) throw new Error('FIREBASE_EMULATOR_HUB is not set.');
  const emulators = (await (await fetch(`http://${hub}/emulators`)).json()) as Record<
    string,
    { host: string; port: number } | undefined
  >;
  const functions = emulators.functions;
  if (!functions) throw new Error('The Functions emulator is not running.');
  return `http://${functions.host}:${functions.port}/${PROJECT}/${REGION}`;
}

async function post(url: string, body: unknown, headers: Record<string, string>): Promise<number> {
  return (await answer(url, body, headers)).status;
}

async function answer(
  url: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<{ status: number; text: string }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** Counts each answer (status and body) of a route: a member's and a stranger's must be the same. */
type Answers = Map<string, number>;
// Every address has a referral code of its own: the answers are compared with the code's value left out.
const answerKey = ({ status, text }: { status: number; text: string }) =>
  `${status} ${text.replace(/"referralCode":"[^"]*"/, '"referralCode":"…"')}`;

/**
 * Calls `route` for a member and a stranger in turn, `count` times each, one at a time, each call with
 * its own client address and its own e-mail (so no per-IP or per-e-mail limit is involved); the times
 * from the request to the answer's last byte, and the answers each side got.
 */
/** One timed call: how long it took and the status it was answered with. */
interface TimedCall {
  ms: number;
  status: number;
}

interface Timed {
  member: TimedCall[];
  stranger: TimedCall[];
  memberAnswers: Answers;
  strangerAnswers: Answers;
}

async function timedInTurn(
  url: string,
  members: string[],
  strangers: string[],
  headers: Record<string, string>,
  firstIp: number,
): Promise<Timed> {
  const times = { member: [] as TimedCall[], stranger: [] as TimedCall[] };
  const answers = { member: new Map() as Answers, stranger: new Map() as Answers };
  for (let i = 0; i < Math.min(members.length, strangers.length); i += 1) {
    // Alternate who goes first, so that neither side always follows the other.
    const order = i % 2 === 0 ? (['member', 'stranger'] as const) : (['stranger', 'member'] as const);
    for (const [offset, side] of order.entries()) {
      const email = (side === 'member' ? members : strangers)[i] as string;
      const started = performance.now();
      const got = await answer(
        url,
        { email },
        { ...headers, 'X-Forwarded-For': forged(firstIp + 2 * i + offset) },
      );
      times[side].push({ ms: performance.now() - started, status: got.status });
      answers[side].set(answerKey(got), (answers[side].get(answerKey(got)) ?? 0) + 1);
    }
  }
  return { ...times, memberAnswers: answers.member, strangerAnswers: answers.stranger };
}

const referralCode = () =>
  Array.from(
    { length: REFERRAL_CODE_LENGTH },
    () => REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)],
  ).join('');

/**
 * Members to time against strangers: signups on the mailing list as the mailing list stores them
 * (subscriber id, referral code and its entry), written with the Admin SDK — the join and subscribe
 * ceilings of the run would let only 100 through the routes.
 */
async function seedMembers(emails: string[]): Promise<void> {
  const { db } = adminSdk(PROJECT);
  for (let start = 0; start < emails.length; start += 100) {
    const batch = db.batch();
    for (const email of emails.slice(start, start + 100)) {
      const code = referralCode();
      const subscriberId = randomBytes(16).toString('base64url');
      batch.set(db.collection(COLLECTIONS.waitlistSignups).doc(email), {
        email,
        source: SIGNUP_SOURCE,
        timestamp: FieldValue.serverTimestamp(),
        updatedAt: FieldValue.serverTimestamp(),
        subscriberId,
        referralCode: code,
      });
      batch.set(db.collection(COLLECTIONS.subscribers).doc(email), {
        email,
        subscribedAt: FieldValue.serverTimestamp(),
        source: SIGNUP_SOURCE,
        subscriberId,
        referralCode: code,
      });
      batch.set(db.collection(COLLECTIONS.referralCodes).doc(code), { email, createdAt: Date.now() });
    }
    await batch.commit();
  }
}

/** The documents of `collection` whose `to` is one of `emails`. */
async function countTo(collection: string, emails: string[]): Promise<number> {
  const { db } = adminSdk(PROJECT);
  let count = 0;
  for (let start = 0; start < emails.length; start += 30) {
    count += (
      await db
        .collection(collection)
        .where('to', 'in', emails.slice(start, start + 30))
        .count()
        .get()
    ).data().count;
  }
  return count;
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

/** Settles the mail collections: both counts stop changing. */
async function settledMail(): Promise<void> {
  await settledCount(COLLECTIONS.mail);
  await settledCount(COLLECTIONS.mailWaiting);
}

/**
 * Member median over stranger median, of the calls `which` selects: all of them, the calls made while the
 * route's ceiling still had room (its first `room` pairs), or the calls answered with one status.
 */
const ratioFigures = (timed: Timed, which: (call: TimedCall, index: number) => boolean = () => true) => {
  const member = median(timed.member.filter(which).map((call) => call.ms));
  const stranger = median(timed.stranger.filter(which).map((call) => call.ms));
  return { member, stranger, ratio: member / stranger, calls: timed.member.filter(which).length };
};

/**
 * Did members get the answers strangers got (statuses and bodies)? The counts may differ by the call at
 * which a ceiling filled up, which falls to whoever's turn it was.
 */
const sameAnswers = (member: Answers, stranger: Answers) =>
  JSON.stringify([...member.keys()].sort()) === JSON.stringify([...stranger.keys()].sort());

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
    const appChecked = { [APP_CHECK_HEADER]: token };
    const routes: Array<{ name: string; body: (email: string) => unknown; headers: Record<string, string> }> =
      [
        { name: 'joinWaitlist', body: (email: string) => ({ email }), headers: {} },
        { name: 'subscribe', body: (email: string) => ({ email }), headers: appChecked },
        { name: 'requestPasswordReset', body: (email: string) => ({ identifier: email }), headers: {} },
      ];
    // Warm-up: one refused call per route loads its worker (a bad body: 400, nothing written or counted).
    for (const route of [...routes, { name: 'statusLink', headers: {} }])
      await post(`${base}/${route.name}`, {}, route.headers);
    let ip = 0;
    const nextIp = () => forged((ip += 1));

    // 1. `+N` spellings of one mailbox: the victim is on the list, then every spelling joins, subscribes
    // and asks for a status link, a few at a time (the per-mailbox rate limits let some through each minute).
    const victim = 'victim@example.com';
    tally('victim', await post(`${base}/joinWaitlist`, { email: victim }, { 'X-Forwarded-For': nextIp() }));
    const spellings = Array.from({ length: 60 }, (_, i) => `victim+${i + 1}@example.com`);
    let nextSpelling = 0;
    const spellingWorker = async () => {
      for (let i = nextSpelling++; i < spellings.length; i = nextSpelling++) {
        const email = spellings[i] as string;
        const route = ['joinWaitlist', 'subscribe', 'statusLink'][i % 3] as string;
        const headers = route === 'subscribe' ? appChecked : {};
        tally(
          `${route} (+N)`,
          await post(`${base}/${route}`, { email }, { ...headers, 'X-Forwarded-For': nextIp() }),
        );
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, spellingWorker));

    // 2. Status links for members and strangers in turn, timed.
    const members = Array.from({ length: TIMED }, (_, i) => `member-${i}@example.com`);
    await seedMembers(members);
    await settledCount(COLLECTIONS.waitlistSignups);
    const strangers = (prefix: string) =>
      Array.from({ length: TIMED }, (_, i) => `${prefix}-${i}@example.com`);
    const statusTimed = await timedInTurn(
      `${base}/statusLink`,
      members,
      strangers('stranger-link'),
      {},
      10_000,
    );

    // 3. New signups right after the status-link flood: their confirmations must not wait.
    const probes = Array.from({ length: 10 }, (_, i) => `probe-${i}@example.com`);
    for (const email of probes)
      tally(
        'subscribe (probe)',
        await post(`${base}/subscribe`, { email }, { ...appChecked, 'X-Forwarded-For': nextIp() }),
      );
    await settledMail();
    const confirmationsDelayed = await countTo(COLLECTIONS.mailWaiting, probes);

    // 4. /api/join for listed and new addresses in turn, timed, past the join ceiling.
    const joinTimed = await timedInTurn(
      `${base}/joinWaitlist`,
      members,
      strangers('stranger-join'),
      {},
      20_000,
    );

    // 5. The round-robin flood, every request a new address and e-mail.
    let next = 0;
    const started = performance.now();
    const worker = async () => {
      for (let i = next++; i < REQUESTS; i = next++) {
        const route = routes[i % routes.length];
        if (!route) continue;
        const email = `flood-${i}@example.com`;
        const status = await post(`${base}/${route.name}`, route.body(email), {
          ...route.headers,
          'X-Forwarded-For': forged(30_000 + i),
        });
        tally(route.name, status);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (performance.now() - started) / 1000;
    for (const [route, byStatus] of statuses) {
      console.log(`${route}: ${[...byStatus].map(([status, count]) => `${count} × ${status}`).join(', ')}`);
    }
    console.log(`${REQUESTS} flood requests in ${seconds.toFixed(1)} s`);

    const stored = await settledCount(COLLECTIONS.waitlistSignups);
    const subscribers = await settledCount(COLLECTIONS.subscribers);
    const mailsQueued = await settledCount(COLLECTIONS.mail);
    const waiting = await settledCount(COLLECTIONS.mailWaiting);
    const auditEntries = await settledCount(COLLECTIONS.auditLog);
    const mailbox = [victim, ...spellings];
    if (new Set(mailbox.map(mailboxKey)).size !== 1) throw new Error('The spellings are not one mailbox.');
    const mailsToOneMailbox =
      (await countTo(COLLECTIONS.mail, mailbox)) + (await countTo(COLLECTIONS.mailWaiting, mailbox));
    const statusRatio = ratioFigures(statusTimed);
    const joinRatio = ratioFigures(joinTimed);
    // The same answer at the same cost must hold while a ceiling has room (the route does its real work)
    // as well as once it is full (everyone refused): each phase on its own. The status links' ceiling had
    // room for the calls before it filled (the +N phase took a few units); the join's accepted calls are
    // those answered 200.
    const statusLinkRoom = LIMITS.statusLinkMails - (statuses.get('statusLink (+N)')?.get(200) ?? 0);
    const phases = {
      statusLinkWithRoom: ratioFigures(statusTimed, (_, index) => 2 * index < statusLinkRoom),
      statusLinkAtCeiling: ratioFigures(statusTimed, (_, index) => 2 * index >= statusLinkRoom),
      joinAccepted: ratioFigures(joinTimed, (call) => call.status === 200),
      joinAtCeiling: ratioFigures(joinTimed, (call) => call.status === 429),
    };
    const answers = Object.fromEntries(
      [...statuses].map(([route, byStatus]) => [
        route,
        Object.fromEntries([...byStatus].map(([status, count]) => [String(status), count])),
      ]),
    );
    const timedAnswers = (timed: { memberAnswers: Answers; strangerAnswers: Answers }) => ({
      member: Object.fromEntries(timed.memberAnswers),
      stranger: Object.fromEntries(timed.strangerAnswers),
      same: String(sameAnswers(timed.memberAnswers, timed.strangerAnswers)),
    });
    report(
      'abuse',
      `Floods with forged client addresses (offset ${OFFSET})`,
      [
        {
          key: 'requests',
          metric: 'flood requests (each a new address and e-mail)',
          value: REQUESTS,
          unit: '',
          kind: 'max',
        },
        // Without the seeded members (written by the bench, not by a request).
        {
          key: 'stored',
          metric: 'signups stored by requests',
          value: stored - members.length,
          unit: '',
          budget: CEILINGS.stored,
          kind: 'max',
        },
        {
          key: 'subscribersStored',
          metric: 'subscribers stored by requests',
          value: subscribers - members.length,
          unit: '',
          budget: CEILINGS.subscribers,
          kind: 'max',
        },
        {
          key: 'mailsQueued',
          metric: 'mails entering the queue',
          value: mailsQueued,
          unit: '',
          budget: CEILINGS.mailsQueued,
          kind: 'max',
        },
        {
          key: 'auditEntries',
          metric: 'audit entries',
          value: auditEntries,
          unit: '',
          budget: CEILINGS.auditEntries,
          kind: 'max',
        },
        {
          key: 'waitingConfirmations',
          metric: 'confirmations waiting for a later window',
          value: waiting,
          unit: '',
          kind: 'max',
        },
        {
          key: 'mailsToOneMailbox',
          metric: `mails to one mailbox (${mailbox.length} spellings)`,
          value: mailsToOneMailbox,
          unit: '',
          budget: LIMITS.mailboxBudget,
          kind: 'max',
        },
        {
          key: 'confirmationsDelayed',
          metric: 'confirmations waiting after the status-link flood',
          value: confirmationsDelayed,
          unit: '',
          budget: 0,
          kind: 'max',
        },
        {
          key: 'memberTimingRatio.statusLink',
          metric: '/api/status-link: member median / stranger median',
          value: statusRatio.ratio,
          unit: '',
          budget: TIMING_BUDGET.max,
          kind: 'max',
        },
        {
          key: 'memberTimingRatio.join',
          metric: '/api/join: member median / stranger median',
          value: joinRatio.ratio,
          unit: '',
          budget: TIMING_BUDGET.max,
          kind: 'max',
        },
        ...Object.entries(phases).map(([phase, figures]) => ({
          key: `memberTimingRatio.${phase}`,
          metric: `${phase}: member median / stranger median (${figures.calls} calls each)`,
          value: figures.ratio,
          unit: '',
          budget: TIMING_BUDGET.max,
          kind: 'max' as const,
        })),
        {
          key: 'medianMs.statusLink.member',
          metric: '/api/status-link: member median',
          value: statusRatio.member,
          unit: 'ms',
          kind: 'max',
        },
        {
          key: 'medianMs.statusLink.stranger',
          metric: '/api/status-link: stranger median',
          value: statusRatio.stranger,
          unit: 'ms',
          kind: 'max',
        },
        {
          key: 'medianMs.join.member',
          metric: '/api/join: member median',
          value: joinRatio.member,
          unit: 'ms',
          kind: 'max',
        },
        {
          key: 'medianMs.join.stranger',
          metric: '/api/join: stranger median',
          value: joinRatio.stranger,
          unit: 'ms',
          kind: 'max',
        },
        ...Object.entries(phases).flatMap(([phase, figures]) =>
          (['member', 'stranger'] as const).map((side) => ({
            key: `medianMs.${phase}.${side}`,
            metric: `${phase}: ${side} median`,
            value: figures[side],
            unit: 'ms',
            kind: 'max' as const,
          })),
        ),
      ],
      {
        ceilings: {
          ...CEILINGS,
          mailboxBudget: LIMITS.mailboxBudget,
          subscribersCeiling: CEILINGS.subscribers,
        },
        mailboxBudget: LIMITS.mailboxBudget,
        subscribersCeiling: CEILINGS.subscribers,
        memberTimingBudget: { min: TIMING_BUDGET.min, max: TIMING_BUDGET.max },
        timedCalls: TIMED,
        timedAnswers: { statusLink: timedAnswers(statusTimed), join: timedAnswers(joinTimed) },
        answers,
      },
    );
    const outside = (ratio: number) => ratio < TIMING_BUDGET.min || ratio > TIMING_BUDGET.max;
    const ratios = {
      statusLink: statusRatio.ratio,
      join: joinRatio.ratio,
      ...Object.fromEntries(Object.entries(phases).map(([phase, figures]) => [phase, figures.ratio])),
    };
    for (const [name, ratio] of Object.entries(ratios)) {
      if (outside(ratio))
        console.warn(
          `${name}: memberTimingRatio ${ratio.toFixed(3)} is outside ${TIMING_BUDGET.min}–${TIMING_BUDGET.max}.`,
        );
    }
    const over =
      stored - members.length > CEILINGS.stored ||
      subscribers - members.length > CEILINGS.subscribers ||
      mailsQueued > CEILINGS.mailsQueued ||
      auditEntries > CEILINGS.auditEntries ||
      mailsToOneMailbox > LIMITS.mailboxBudget ||
      confirmationsDelayed > 0 ||
      !sameAnswers(statusTimed.memberAnswers, statusTimed.strangerAnswers) ||
      !sameAnswers(joinTimed.memberAnswers, joinTimed.strangerAnswers);
    if (over) {
      console.error('A figure exceeds its ceiling, or a member was answered otherwise than a stranger.');
      process.exitCode = 1;
    }
  } finally {
    await appCheck.close();
  }
}

if (process.env.SILK_BENCH_ABUSE_INNER === '1') await inner();
else await outer();
