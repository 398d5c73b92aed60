// An invite wave through the real trigger chain, into an SMTP sink: 10,000 waiting, confirmed subscribers
// are seeded (the signup trigger paused), an Admin's "invite the next 10,000" is started as the inviteWave
// function starts it (startWave writes the wave document), and from there the Functions emulator runs what
// production runs: onInviteWaveWritten invites chunk after chunk and queues each invitation mail with its
// send slot (functions/src/invites/waves.ts), sendMail delivers each mail at its slot over SMTP with the
// real sender (outbox/delivery.ts, nodemailer) into MailDev, and the mail redrive, a schedule the emulator
// does not run, is called here every minute as Cloud Scheduler calls it (it hands back mail whose slot is
// near). The clock stops when the sink holds every mail. Reports:
//   - waiting, invited (the wave's markers), mailsQueued (invitation mails in the queue), duplicates
//     (addresses with more than one invitation, queued mail or mail at the sink)
//   - seconds: from the start until every person is invited and their mail queued (budget 120)
//   - mailsAtSink: the mails MailDev received; sinkSeconds: from the start until it held every one
//   - sinkMailsPerSecond: the most mails received in any one second, by each message file's write time
//     (budget: MAIL_RATE_PER_SECOND); mailsPerSecond: the same, or the send slots' most in one second
//
//   pnpm bench invites
// Options (env): SILK_PORT_OFFSET (default 1637: emulator ports and MailDev of its own), BENCH_INVITES
// (default 10000), BENCH_SINK_MAX_S (how long to wait for the sink; default the slots' span + 600 s),
// BENCH_ENFORCE=1. The functions must be built (pnpm --filter @silk/functions build).
import { redriveMail, startWave, waveRef, type StoredWave, readMailConfig } from '@silk/functions/bench';
import { COLLECTIONS } from '@silk/schema/constants';
import { adminSdk } from '@silk/stack/admin-sdk';
import { mailDirectory, startMailDev, stopMailDev } from '@silk/stack/maildev';
import { ROOT, withoutBackgroundTriggers } from '@silk/stack/stack';
import { setWaitingSubscriber } from '@silk/stack/waiting-line';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { runBenchInEmulators } from './lib/emulator-session';
import { report } from './lib/report';
import { envNumber } from './lib/env';

const OFFSET = envNumber('SILK_PORT_OFFSET', 1637);
const COUNT = envNumber('BENCH_INVITES', 10_000);
/** Cloud Scheduler's period for the mail redrive (outbox/redrive-schedule.ts: every minute). */
const REDRIVE_PERIOD_MS = 60_000;

async function outer(): Promise<void> {
  if (!existsSync(join(ROOT, 'functions', 'deploy', 'index.js')))
    throw new Error('Build the functions first (pnpm --filter @silk/functions build).');
  // The SMTP sink the functions' sender delivers to (functions/env/.secret.local, port shifted by the offset).
  await startMailDev(OFFSET);
  try {
    process.exitCode = await runBenchInEmulators(
      'invites',
      OFFSET,
      'functions,firestore',
      'SILK_BENCH_INVITES_INNER',
    );
  } finally {
    await stopMailDev(OFFSET);
  }
}

async function seed(db: Firestore): Promise<void> {
  const started = performance.now();
  const since = Date.UTC(2025, 0, 1);
  const writes: Array<Promise<unknown>> = [];
  for (let start = 0; start < COUNT; start += 250) {
    const batch = db.batch();
    for (let index = start; index < Math.min(COUNT, start + 250); index += 1) {
      const email = `invitee-${String(index).padStart(6, '0')}@bench.test`;
      // Stamped as the signup trigger would (paused while seeding).
      setWaitingSubscriber(db, batch, email, Timestamp.fromMillis(since + index * 1000), {
        signup: { source: 'bench' },
        subscriber: { subscriberId: `bench-${index}`, referralCode: 'abcd2345' },
      });
    }
    writes.push(batch.commit());
    if (writes.length >= 8) await Promise.all(writes.splice(0));
  }
  await Promise.all(writes);
  console.log(
    `seeded ${COUNT.toLocaleString('en-US')} waiting subscribers in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** The most values in any window [t, t + 1 s). */
function mostInOneSecond(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let first = 0;
  for (let last = 0; last < sorted.length; last += 1) {
    while ((sorted[last] as number) - (sorted[first] as number) >= 1000) first += 1;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

/** The messages MailDev holds: each one's recipient and when its file was written (ms). */
function sinkMails(): Array<{ to: string; at: number }> {
  const folder = mailDirectory(OFFSET);
  return readdirSync(folder)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => {
      const file = join(folder, name);
      const to = /^To: *(.*)$/m.exec(readFileSync(file, 'utf8'))?.[1]?.trim() ?? '';
      return { to, at: statSync(file).mtimeMs };
    });
}

const countAtSink = () => readdirSync(mailDirectory(OFFSET)).filter((name) => name.endsWith('.eml')).length;

async function inner(): Promise<void> {
  const { db } = adminSdk();
  // Seeded as stored signups and subscribers, without a signup trigger per write (not what is measured).
  await withoutBackgroundTriggers(() => seed(db));
  const config = readMailConfig();

  const started = performance.now();
  const elapsed = () => Math.round((performance.now() - started) / 100) / 10;
  const { waveId, total } = await startWave(db, {
    target: { kind: 'next', count: COUNT },
    includeUnconfirmed: false,
    requestId: 'bench-wave-1',
    by: 'bench@silk.test',
    origin: 'admin',
  });
  const redrive = setInterval(() => {
    redriveMail(db).catch((error: unknown) => console.error('[bench/invites] redrive', error));
  }, REDRIVE_PERIOD_MS);
  const sinkMaxSeconds = envNumber('BENCH_SINK_MAX_S', total / config.ratePerSecond + 600);
  let seconds = Number.NaN;
  let sinkSeconds = Number.NaN;
  for (let tick = 0; Number.isNaN(sinkSeconds) && elapsed() < sinkMaxSeconds; tick += 1) {
    if (Number.isNaN(seconds) && ((await waveRef(db, waveId).get()).data() as StoredWave).state !== 'running')
      seconds = elapsed();
    const atSink = countAtSink();
    if (atSink >= total) sinkSeconds = elapsed();
    if (tick % 20 === 0)
      console.log(
        `[bench/invites] ${elapsed()} s: wave ${Number.isNaN(seconds) ? 'running' : 'done'}, ${atSink} of ${total} at the sink`,
      );
    await sleep(500);
  }
  clearInterval(redrive);

  const wave = (await waveRef(db, waveId).get()).data() as StoredWave;
  const mails = await db.collection(COLLECTIONS.mail).select('to', 'sendAt').get();
  const invitations = await db.collection(COLLECTIONS.invitations).select('email').get();
  const received = sinkMails();
  const perAddress = new Map<string, number>();
  for (const key of [
    ...mails.docs.map((d) => d.get('to') as string),
    ...invitations.docs.map((d) => `i:${d.get('email') as string}`),
    ...received.map(({ to }) => `sink:${to}`),
  ]) {
    perAddress.set(key, (perAddress.get(key) ?? 0) + 1);
  }
  const duplicates = [...perAddress.values()].filter((n) => n > 1).length;
  const slotRate = mostInOneSecond(mails.docs.map((doc) => doc.get('sendAt') as number));
  const sinkRate = mostInOneSecond(received.map(({ at }) => at));
  console.log(
    `[bench/invites] wave of ${total} queued in ${seconds} s; ${received.length} mails at the sink after ${sinkSeconds} s (at most ${sinkRate} in one second); slots at most ${slotRate} in one second`,
  );

  report(
    'invites',
    `An invite wave of ${COUNT.toLocaleString('en-US')} through the triggers into MailDev (Functions and Firestore emulators, offset ${OFFSET}, MAIL_RATE_PER_SECOND ${config.ratePerSecond})`,
    [
      { key: 'waiting', metric: 'waiting, confirmed subscribers', value: COUNT, unit: '', kind: 'min' },
      {
        key: 'invited',
        metric: 'invited (markers of the wave)',
        value: wave.invited,
        unit: '',
        budget: COUNT,
        kind: 'min',
      },
      {
        key: 'mailsQueued',
        metric: 'invitation mails queued',
        value: mails.size,
        unit: '',
        budget: COUNT,
        kind: 'min',
      },
      {
        key: 'duplicates',
        metric: 'addresses with a second invitation, queued mail or mail at the sink',
        value: duplicates,
        unit: '',
        budget: 0,
        kind: 'max',
      },
      {
        key: 'seconds',
        metric: 'start → everyone invited and queued',
        value: seconds,
        unit: 's',
        budget: 120,
        kind: 'max',
      },
      {
        key: 'mailsAtSink',
        metric: 'mails received by the SMTP sink',
        value: received.length,
        unit: '',
        budget: COUNT,
        kind: 'min',
      },
      {
        key: 'sinkSeconds',
        metric: `start → the sink holds every mail (slots span ≥ ${Math.round(COUNT / config.ratePerSecond)} s)`,
        value: sinkSeconds,
        unit: 's',
        kind: 'max',
      },
      {
        key: 'sinkMailsPerSecond',
        metric: 'most mails received in one second at the sink',
        value: sinkRate,
        unit: '/s',
        budget: config.ratePerSecond,
        kind: 'max',
      },
      {
        key: 'mailsPerSecond',
        metric: 'most mails in one second (send slots and sink)',
        value: Math.max(slotRate, sinkRate),
        unit: '/s',
        budget: config.ratePerSecond,
        kind: 'max',
      },
    ],
    { rate: String(config.ratePerSecond) },
  );
  process.exit(0);
}

if (process.env.SILK_BENCH_INVITES_INNER && process.env.FIREBASE_EMULATOR_HUB) await inner();
else await outer();
