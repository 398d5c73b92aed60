// A broadcast through the real trigger chain into a local SMTP sink: BENCH_BROADCAST confirmed
// subscribers are seeded (the signup trigger paused), a few of them on the suppression list, and a
// broadcast to everyone confirmed is created as the broadcastSend function creates it. From there the
// Functions emulator runs what production runs: onBroadcastWritten chooses the audience and writes its
// chunks, onBroadcastChunkWritten sends each chunk at the configured rate (send slots) over the pooled
// SMTP transport into the sink this process runs (smtp-server on the stack's SMTP port, counting each
// recipient). Half-way the bench interrupts the fan-out: it runs the broadcast schedule with a clock
// past every chunk's lease, so each running chunk is taken over by a second run while the first is still
// sending — the case of a run presumed dead — and the marker per mailbox must keep anyone from a
// second mail. Reports:
//   - recipients (seeded, confirmed), suppressedSkipped (suppressed ones left out), sentAtSink,
//     duplicates (recipients the sink received more than once), seconds (start → the broadcast done),
//     sinkMailsPerSecond (most mails received in one second), resumedChunks
//
//   pnpm bench broadcast
// Options (env): SILK_PORT_OFFSET (default 1737), BENCH_BROADCAST (default 100000), BENCH_BROADCAST_RATE
// (MAIL_RATE_PER_SECOND of the run, default 100: a provider's usual contract), BENCH_MAX_S (how long to
// wait; default the rate's span + 600 s). The emulator runs the project demo-silk-broadcast, whose
// functions read the stack's configuration with that rate. The functions must be built
// (pnpm --filter @silk/functions build).
import {
  broadcastRef,
  createBroadcast,
  readMailConfig,
  runBroadcastSchedule,
  type StoredBroadcast,
} from '@silk/functions/bench';
import { COLLECTIONS } from '@silk/schema/constants';
import { mailboxKey } from '@silk/schema/mailbox';
import { adminSdk } from '@silk/stack/admin-sdk';
import { mailDevPorts } from '@silk/stack/maildev';
import { ROOT, withoutBackgroundTriggers } from '@silk/stack/stack';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { SMTPServer } from 'smtp-server';
import { runInEmulators, withProjectEnv } from './lib/emulator-session';
import { envNumber } from './lib/env';
import { report } from './lib/report';

const OFFSET = envNumber('SILK_PORT_OFFSET', 1737);
const COUNT = envNumber('BENCH_BROADCAST', 100_000);
const RATE = envNumber('BENCH_BROADCAST_RATE', 100);
const PROJECT = 'demo-silk-broadcast';
/** One in this many seeded subscribers is on the suppression list. */
const SUPPRESSED_EVERY = 100;

async function outer(): Promise<void> {
  if (!existsSync(join(ROOT, 'functions', 'deploy', 'index.js')))
    throw new Error('Build the functions first (pnpm --filter @silk/functions build).');
  process.exitCode = await withProjectEnv(
    PROJECT,
    /^MAIL_RATE_PER_SECOND=/,
    [`MAIL_RATE_PER_SECOND=${RATE}`],
    () =>
      runInEmulators({
        offset: OFFSET,
        only: 'functions,firestore',
        project: PROJECT,
        session: `pnpm exec tsx ${join('bench', 'broadcast.ts')}`,
        env: {
          ...process.env,
          SILK_PORT_OFFSET: String(OFFSET),
          MAIL_RATE_PER_SECOND: String(RATE),
          SILK_BENCH_BROADCAST_INNER: '1',
        },
      }),
  );
}

const addressOf = (index: number) => `reader-${String(index).padStart(6, '0')}@bench.test`;

async function seed(db: Firestore): Promise<number> {
  const started = performance.now();
  const writes: Array<Promise<unknown>> = [];
  let suppressed = 0;
  for (let start = 0; start < COUNT; start += 200) {
    const batch = db.batch();
    for (let index = start; index < Math.min(COUNT, start + 200); index += 1) {
      const email = addressOf(index);
      const at = Timestamp.fromMillis(Date.UTC(2025, 0, 1) + index * 1000);
      batch.set(db.collection(COLLECTIONS.subscribers).doc(email), {
        email,
        subscriberId: `bench-${index}`,
        referralCode: 'abcd2345',
        confirmedAt: at,
      });
      if (index % SUPPRESSED_EVERY === 0) {
        suppressed += 1;
        batch.set(db.collection(COLLECTIONS.suppressions).doc(mailboxKey(email)), {
          email,
          reason: 'bounce',
          detail: 'bench',
          source: 'mail-event',
          at: Date.now(),
        });
      }
    }
    writes.push(batch.commit());
    if (writes.length >= 8) await Promise.all(writes.splice(0));
  }
  await Promise.all(writes);
  console.log(
    `[bench/broadcast] seeded ${COUNT} confirmed subscribers in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return suppressed;
}

/** The sink: every recipient of every message, and when each message arrived. */
function startSink(port: number) {
  const perRecipient = new Map<string, number>();
  const arrivals: number[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      callback();
      void address;
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        arrivals.push(Date.now());
        for (const { address } of session.envelope.rcptTo) {
          perRecipient.set(address.toLowerCase(), (perRecipient.get(address.toLowerCase()) ?? 0) + 1);
        }
        callback();
      });
    },
  });
  return new Promise<{ perRecipient: Map<string, number>; arrivals: number[]; close: () => Promise<void> }>(
    (resolve, reject) => {
      server.on('error', (error) => console.error('[bench/broadcast] sink', error));
      server.listen(port, '127.0.0.1', () =>
        resolve({ perRecipient, arrivals, close: () => new Promise((done) => server.close(() => done())) }),
      );
      server.once('error', reject);
    },
  );
}

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

async function inner(): Promise<void> {
  const { db } = adminSdk(PROJECT);
  const sink = await startSink(mailDevPorts(OFFSET).smtp);
  const suppressed = await withoutBackgroundTriggers(() => seed(db));
  const config = readMailConfig();
  const expected = COUNT - suppressed;
  const started = performance.now();
  const elapsed = () => Math.round((performance.now() - started) / 100) / 10;
  const { broadcastId } = await createBroadcast(db, {
    subject: 'We are live',
    markdown: '# We are live\n\nThank you for waiting: [come in](https://silk.travel/).',
    segment: { kind: 'confirmed' },
    requestId: 'bench-broadcast-1',
    by: 'bench@silk.test',
  });
  const maxSeconds = envNumber('BENCH_MAX_S', expected / config.ratePerSecond + 600);
  let interrupted = false;
  let resumedAt = Number.NaN;
  let seconds = Number.NaN;
  for (let tick = 0; elapsed() < maxSeconds; tick += 1) {
    const broadcast = (await broadcastRef(db, broadcastId).get()).data() as StoredBroadcast;
    if (!interrupted && sink.arrivals.length >= expected / 2) {
      interrupted = true;
      resumedAt = elapsed();
      // Every running chunk is presumed dead: a second run takes it over while the first goes on.
      await runBroadcastSchedule(db, Date.now() + 60 * 60_000);
      console.log(`[bench/broadcast] ${elapsed()} s: interrupted at ${sink.arrivals.length} at the sink`);
    }
    if (broadcast.state === 'done') {
      seconds = elapsed();
      break;
    }
    if (tick % 20 === 0)
      console.log(
        `[bench/broadcast] ${elapsed()} s: ${broadcast.state}, ${sink.arrivals.length} of ${expected} at the sink`,
      );
    await sleep(500);
  }
  await sleep(2000);
  const broadcast = (await broadcastRef(db, broadcastId).get()).data() as StoredBroadcast;
  const duplicates = [...sink.perRecipient.values()].filter((count) => count > 1).length;
  const suppressedAtSink = [...sink.perRecipient.keys()].filter((address) => {
    const index = Number(/reader-(\d+)@/.exec(address)?.[1] ?? -1);
    return index % SUPPRESSED_EVERY === 0;
  }).length;
  await sink.close();
  report(
    'broadcast',
    `A broadcast to ${COUNT.toLocaleString('en-US')} confirmed subscribers through the triggers into an SMTP sink (Functions and Firestore emulators, offset ${OFFSET}, MAIL_RATE_PER_SECOND ${config.ratePerSecond}), every running chunk taken over half-way`,
    [
      {
        key: 'recipients',
        metric: 'confirmed subscribers seeded',
        value: COUNT,
        unit: '',
        budget: 100_000,
        kind: 'min',
      },
      {
        key: 'sentAtSink',
        metric: 'distinct recipients at the sink',
        value: sink.perRecipient.size,
        unit: '',
        budget: expected,
        kind: 'min',
      },
      {
        key: 'duplicates',
        metric: 'recipients the sink received twice or more',
        value: duplicates,
        unit: '',
        budget: 0,
        kind: 'max',
      },
      {
        key: 'suppressedSkipped',
        metric: 'suppressed subscribers left out (none at the sink)',
        value:
          broadcast.total === expected && suppressedAtSink === 0 ? suppressed : suppressed - suppressedAtSink,
        unit: '',
        budget: suppressed,
        kind: 'min',
      },
      { key: 'seconds', metric: 'start → the broadcast done', value: seconds, unit: 's', kind: 'max' },
      {
        key: 'sinkMailsPerSecond',
        metric: 'most mails received in one second at the sink',
        value: mostInOneSecond(sink.arrivals),
        unit: '/s',
        budget: config.ratePerSecond,
        kind: 'max',
      },
      { key: 'sent', metric: 'sent (the broadcast’s counter)', value: broadcast.sent, unit: '', kind: 'min' },
      {
        key: 'interruptedAtSecond',
        metric: 'second at which every running chunk was taken over',
        value: resumedAt,
        unit: 's',
        kind: 'max',
      },
    ],
    { rate: String(config.ratePerSecond) },
  );
  process.exit(0);
}

if (process.env.SILK_BENCH_BROADCAST_INNER && process.env.FIREBASE_EMULATOR_HUB) await inner();
else await outer();
