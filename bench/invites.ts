// An invite wave of 10,000 people on the Firestore emulator: 10,000 waiting, confirmed subscribers are
// seeded, an Admin's "invite the next 10,000" is started and run chunk by chunk (functions/src/invites/
// waves.ts, as the chained trigger runs it in production); a stand-in for the sender (the real
// delivery state machine, outbox/delivery.ts, with a transport that only records when it was called)
// then sends for 20 s the mails whose slots are still ahead, as their trigger would. Reports:
//   - waiting, invited (the wave's markers), mailsQueued (invitation mails in the queue), duplicates
//     (addresses with more than one invitation or mail)
//   - seconds: from the start until every person is invited and their mail queued (budget 120)
//   - mailsPerSecond: the most mails in any one second — of the send slots given to the whole wave, and of
//     the sends the stand-in made (never above MAIL_RATE_PER_SECOND: budget = the rate)
//
//   pnpm bench invites
// Options (env): SILK_PORT_OFFSET (default 1637: emulator ports of its own), BENCH_INVITES (default
// 10000), MAIL_RATE_PER_SECOND (default as configured: 10), BENCH_ENFORCE=1.
import {
  processWaveChunk,
  startWave,
  waveRef,
  type StoredWave,
  handleMailWrite,
  readMailConfig,
} from '@silk/functions/bench';
import { COLLECTIONS } from '@silk/schema/constants';
import { adminSdk } from '@silk/stack/admin-sdk';
import {
  Timestamp,
  type DocumentData,
  type DocumentReference,
  type Firestore,
} from 'firebase-admin/firestore';
import { performance } from 'node:perf_hooks';
import { runBenchInEmulators } from './lib/emulator-session';
import { report } from './lib/report';

const OFFSET = Number(process.env.SILK_PORT_OFFSET ?? 1637);
const COUNT = Number(process.env.BENCH_INVITES ?? 10_000);

async function outer(): Promise<void> {
  process.exitCode = await runBenchInEmulators('invites', OFFSET, 'firestore', 'SILK_BENCH_INVITES_INNER');
}

async function seed(db: Firestore): Promise<void> {
  const started = performance.now();
  const since = Date.UTC(2025, 0, 1);
  const writes: Array<Promise<unknown>> = [];
  for (let start = 0; start < COUNT; start += 250) {
    const batch = db.batch();
    for (let index = start; index < Math.min(COUNT, start + 250); index += 1) {
      const email = `invitee-${String(index).padStart(6, '0')}@bench.test`;
      const at = Timestamp.fromMillis(since + index * 1000);
      batch.set(db.collection(COLLECTIONS.waitlistSignups).doc(email), {
        email,
        timestamp: at,
        confirmedAt: at,
        source: 'bench',
      });
      batch.set(db.collection(COLLECTIONS.subscribers).doc(email), {
        email,
        subscriberId: `bench-${index}`,
        referralCode: 'abcd2345',
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

/** How long the stand-in sends after the wave is queued. */
const SEND_AFTER_WAVE_MS = Number(process.env.BENCH_SEND_AFTER_MS ?? 20_000);

/** The stand-in starts a mail's delivery this long before its send slot, a few at a time (the emulator is one process). */
const START_AHEAD_MS = 5000;
const STARTS_PER_TICK = 4;

/**
 * The sender's stand-in, started once the wave is queued: the mails whose slots are still ahead go through
 * the delivery state machine as their trigger would run it (marked PENDING, claimed, held for the slot,
 * sent), each in its own task, started in slot order shortly before the slot. (While the wave writes, the
 * emulator times out the stand-in's transactions; production runs one trigger per mail on Firestore.)
 */
async function senderStandIn(db: Firestore, sends: number[]): Promise<{ stop: () => Promise<void> }> {
  const config = readMailConfig();
  const deps = {
    db,
    config,
    transport: () => ({ sendMail: async () => (sends.push(Date.now()), { messageId: 'bench' }) }),
  };
  const ahead = await db
    .collection(COLLECTIONS.mail)
    .where('sendAt', '>', Date.now() + 1000)
    .orderBy('sendAt')
    .limit(2000)
    .get();
  const queued = ahead.docs.map((doc) => ({ ref: doc.ref, data: doc.data() }));
  const running = new Set<Promise<void>>();
  const deliver = async ({ ref, data }: { ref: DocumentReference; data: DocumentData }) => {
    await handleMailWrite(ref, undefined, data, deps);
    const pending = (await ref.get()).data() as DocumentData;
    await handleMailWrite(ref, data, pending, deps);
  };
  const timer = setInterval(() => {
    for (let started = 0; started < STARTS_PER_TICK && queued.length > 0; started += 1) {
      if ((queued[0]?.data.sendAt as number) > Date.now() + START_AHEAD_MS) break;
      const task = deliver(queued.shift() as { ref: DocumentReference; data: DocumentData }).catch(
        (error: unknown) => console.error('sender stand-in', error),
      );
      running.add(task);
      void task.finally(() => running.delete(task));
    }
  }, 50);
  return {
    stop: async () => {
      clearInterval(timer);
      await Promise.all(running);
    },
  };
}

async function inner(): Promise<void> {
  process.env.MAIL_TOKEN_SECRET ??= 'bench-only-mail-token-secret';
  const { db } = adminSdk();
  await seed(db);
  const config = readMailConfig();
  const sends: number[] = [];

  const started = performance.now();
  const { waveId, total } = await startWave(db, {
    target: { kind: 'next', count: COUNT },
    includeUnconfirmed: false,
    requestId: 'bench-wave-1',
    by: 'bench@silk.test',
    origin: 'admin',
  });
  const context = { config, secret: process.env.MAIL_TOKEN_SECRET };
  while (await processWaveChunk(db, waveId, { context: () => context, ratePerSecond: config.ratePerSecond }));
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  const sender = await senderStandIn(db, sends);
  await new Promise((resolve) => setTimeout(resolve, SEND_AFTER_WAVE_MS));
  await sender.stop();

  const wave = (await waveRef(db, waveId).get()).data() as StoredWave;
  const mails = await db.collection(COLLECTIONS.mail).select('to', 'sendAt').get();
  const invitations = await db.collection(COLLECTIONS.invitations).select('email').get();
  const perAddress = new Map<string, number>();
  for (const doc of [
    ...mails.docs.map((d) => d.get('to') as string),
    ...invitations.docs.map((d) => `i:${d.get('email') as string}`),
  ]) {
    perAddress.set(doc, (perAddress.get(doc) ?? 0) + 1);
  }
  const duplicates = [...perAddress.values()].filter((n) => n > 1).length;
  const slots = mails.docs.map((doc) => doc.get('sendAt') as number);
  const slotRate = mostInOneSecond(slots);
  const sendRate = mostInOneSecond(sends);
  console.log(
    `wave of ${total} in ${seconds} s; ${sends.length} mails sent by the stand-in by the end (at most ${sendRate} in one second); slots at most ${slotRate} in one second`,
  );

  report(
    'invites',
    `An invite wave of ${COUNT.toLocaleString('en-US')} (Firestore emulator, offset ${OFFSET}, MAIL_RATE_PER_SECOND ${config.ratePerSecond})`,
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
        metric: 'addresses with a second invitation or mail',
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
        key: 'mailsPerSecond',
        metric: 'most mails in one second (slots and stand-in sends)',
        value: Math.max(slotRate, sendRate),
        unit: '/s',
        budget: config.ratePerSecond,
        kind: 'max',
      },
      {
        key: 'sentAfterWave',
        metric: 'mails the stand-in sent in the 20 s after the wave',
        value: sends.length,
        unit: '',
        kind: 'min',
      },
    ],
    { rate: String(config.ratePerSecond) },
  );
  process.exit(0);
}

if (process.env.SILK_BENCH_INVITES_INNER && process.env.FIREBASE_EMULATOR_HUB) await inner();
else await outer();
