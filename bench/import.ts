// A CSV import of 100,000 rows through the real routes: 5,000 signups are seeded (as the site stores
// them), a 100,000-row export of another tool is generated (@silk/schema/import-csv-cases: 1% bad rows of
// every kind, 5% addresses already on the waitlist, answers with quoted commas and line breaks), read and
// previewed with the panel's own module (@silk/schema/import-rows: the preview must list exactly the bad
// rows, or the bench fails), then imported as the panel imports it (@silk/data-access/imports: importStart,
// then the chunks, four at a time) over HTTP through the Hosting emulator's rewrites to the Functions
// emulator, whose signup trigger runs for every signup written. Reports:
//   - rows, imported (new signups), merged (addresses already stored), rejected (the preview's bad rows;
//     serverRejected: rows the server refused on its own check, 0 expected)
//   - seconds: from reading the file to the last chunk acknowledged (budget 120)
//   - peakMb: the larger of clientPeakMb (the resident memory of the import client, lib/import-client.ts,
//     a process of its own that reads, previews and sends: the browser's work, in Node under tsx) and
//     functionPeakMb (the largest resident memory of an emulator worker process running importChunk or
//     importStart: one function instance) (budget 256)
//   - triggersSettledSeconds: from the last acknowledgement until the trigger's total counts every signup
//   - settledSeconds: from reading the file until every imported signup has its place (an entry in the
//     ranking's live index) and its event (signup.created, for the webhook endpoint the bench registers
//     and answers): the import as the waitlist sees it, the signup trigger's work done
// then checks in Firestore: every good row's address stored once (99,000 signups from the file), each
// with the earlier of its stored and its original time, and no mail queued or waiting for any of them.
//
//   pnpm bench import
// Options (env): SILK_PORT_OFFSET (default 1737: emulator ports of its own), BENCH_IMPORT_ROWS (100000),
// BENCH_IMPORT_EXISTING (5000), BENCH_SETTLE_MAX_S (3600), BENCH_ENFORCE=1.
import { COLLECTIONS } from '@silk/schema/constants';
import { importCsvCase } from '@silk/schema/import-csv-cases';
import { generateOneTimePassword } from '@silk/schema/password';
import { adminSdk } from '@silk/stack/admin-sdk';
import { passwordIdToken } from '@silk/stack/auth-emulator';
import { discoverStack, ROOT } from '@silk/stack/stack';
import { buildRef, rankSpace, readSettings } from '@silk/functions/bench';
import { ensureStaffMember } from '@silk/stack/staff';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { runInEmulators, runningProcesses } from './lib/emulator-session';
import type { ImportClientFigures } from './lib/import-client';
import { report } from './lib/report';
import { envNumber } from './lib/env';

const OFFSET = envNumber('SILK_PORT_OFFSET', 1737);
const ROWS = envNumber('BENCH_IMPORT_ROWS', 100_000);
const EXISTING = envNumber('BENCH_IMPORT_EXISTING', Math.round(ROWS * 0.05));
const BAD = Math.round(ROWS / 100);
const SETTLE_MAX_S = envNumber('BENCH_SETTLE_MAX_S', 3600);
const DAY_MS = 24 * 3600_000;

async function outer(): Promise<void> {
  if (!existsSync(join(ROOT, 'functions', 'deploy', 'index.js')))
    throw new Error('Build the functions first (pnpm --filter @silk/functions build).');
  if (!existsSync(join(ROOT, 'apps', 'admin', 'dist')))
    throw new Error(
      'Build the admin panel first (pnpm --filter @silk/admin build): its Hosting target routes /api.',
    );
  process.exitCode = await runInEmulators({
    offset: OFFSET,
    only: 'auth,firestore,functions,hosting',
    session: `pnpm exec tsx ${join('bench', 'import.ts')}`,
    env: { ...process.env, SILK_PORT_OFFSET: String(OFFSET), SILK_BENCH_IMPORT_INNER: '1' },
  });
}

/** Signups as the site stores them; every other one signed up before its row's time in the file, the others after. */
async function seed(
  db: Firestore,
  emails: string[],
  fileTime: (email: string) => number,
): Promise<Map<string, number>> {
  const times = new Map<string, number>();
  for (let start = 0; start < emails.length; start += 500) {
    const batch = db.batch();
    for (const [offset, email] of emails.slice(start, start + 500).entries()) {
      const index = start + offset;
      const time = fileTime(email) + (index % 2 === 0 ? -DAY_MS : DAY_MS);
      times.set(email, time);
      batch.set(db.collection(COLLECTIONS.waitlistSignups).doc(email), {
        email,
        source: 'landing page',
        ip: '203.0.113.7',
        timestamp: Timestamp.fromMillis(time),
        updatedAt: Timestamp.now(),
        ...(index % 3 === 0 ? { travelFrequency: 'Once a year or less' } : {}),
      });
    }
    await batch.commit();
  }
  return times;
}

/** The signup total the trigger keeps (signup_counts' shards). */
async function countedTotal(db: Firestore): Promise<number> {
  const shards = await db.collection(COLLECTIONS.signupCounts).get();
  return shards.docs.reduce((sum, shard) => sum + (Number(shard.get('count')) || 0), 0);
}

/** Signups placed in the ranking's live index (one entry each, by address). */
async function placedCount(db: Firestore): Promise<number> {
  const space = rankSpace(db);
  const { version } = readSettings((await space.settings.get()).data());
  return (await buildRef(db, space, version).collection('rank_entries').count().get()).data().count;
}

/** signup.created events written (one per new signup while an endpoint subscribes to them). */
async function signupEventCount(db: Firestore): Promise<number> {
  const events = db.collection(COLLECTIONS.webhookEvents).where('type', '==', 'signup.created');
  return (await events.count().get()).data().count;
}

interface Awaited {
  count: () => Promise<number>;
  expected: number;
}

/**
 * Polls each count until it reaches its expected value (or none has moved for a minute, or the cap);
 * for each, the seconds since `since` when it got there (NaN if it did not) and its last value.
 */
async function settle<Name extends string>(
  label: string,
  awaited: Record<Name, Awaited>,
  since = performance.now(),
): Promise<Record<Name, { seconds: number; value: number }>> {
  const names = Object.keys(awaited) as Name[];
  const state = Object.fromEntries(names.map((name) => [name, { seconds: Number.NaN, value: -1 }])) as Record<
    Name,
    { seconds: number; value: number }
  >;
  let lastMoved = performance.now();
  for (let round = 0; ; round += 1) {
    const values = await Promise.all(names.map((name) => awaited[name].count()));
    const seconds = (performance.now() - since) / 1000;
    for (const [index, name] of names.entries()) {
      const value = values[index] ?? 0;
      if (value !== state[name].value) lastMoved = performance.now();
      state[name].value = value;
      if (Number.isNaN(state[name].seconds) && value >= awaited[name].expected) state[name].seconds = seconds;
    }
    const progress = names.map(
      (name) =>
        `${name} ${state[name].value.toLocaleString('en-US')} of ${awaited[name].expected.toLocaleString('en-US')}`,
    );
    const done = names.every((name) => !Number.isNaN(state[name].seconds));
    if (done || seconds > SETTLE_MAX_S || performance.now() - lastMoved > 60_000) {
      console.log(`[bench/import] ${label} after ${seconds.toFixed(1)} s: ${progress.join(', ')}`);
      return state;
    }
    if (round % 30 === 0) console.log(`[bench/import] ${label}: ${progress.join(', ')}…`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/**
 * A webhook endpoint subscribed to signup.created, as a site with an integration has one: the signup
 * trigger writes each new signup's event for it. Its target is a local receiver answering every delivery.
 */
async function subscribeToSignupEvents(
  db: Firestore,
  by: string,
): Promise<{ deliveries: () => number; close: () => void }> {
  let deliveries = 0;
  const receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      deliveries += 1;
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  const now = Date.now();
  await db
    .collection(COLLECTIONS.webhooks)
    .doc('bench-import')
    .set({
      url: `http://127.0.0.1:${port}/signups`,
      events: ['signup.created'],
      enabled: true,
      description: 'pnpm bench import',
      secret: `whsec_${Buffer.from('bench-import-webhook-secret-0123').toString('base64')}`,
      createdAt: now,
      createdBy: by,
      updatedAt: now,
    });
  return { deliveries: () => deliveries, close: () => receiver.close() };
}

/** Peak resident memory (MB) of the emulator's worker processes serving the import routes, sampled every 20 ms. */
function functionMemory(): { stop: () => number } {
  let peak = 0;
  const workers = new Set<number>();
  const findWorkers = () => {
    for (const { pid } of runningProcesses()) {
      if (workers.has(pid)) continue;
      try {
        const environ = readFileSync(`/proc/${pid}/environ`, 'utf8');
        if (/(^|\0)FUNCTION_TARGET=import(Chunk|Start)(\0|$)/.test(environ)) workers.add(pid);
      } catch {
        // gone, or not ours
      }
    }
  };
  const rssMb = (pid: number) => {
    try {
      return (Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * 4096) / 1e6;
    } catch {
      return 0;
    }
  };
  findWorkers();
  const sample = setInterval(() => {
    for (const pid of workers) peak = Math.max(peak, rssMb(pid));
  }, 20);
  const discover = setInterval(findWorkers, 1000);
  return {
    stop: () => {
      clearInterval(sample);
      clearInterval(discover);
      console.log(`[bench/import] import workers sampled: ${[...workers].join(', ') || 'none found'}`);
      return peak;
    },
  };
}

/** Runs the import client (lib/import-client.ts) in its own process; resolves its figures. */
function runClient(input: Record<string, string>): Promise<ImportClientFigures> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...process.execArgv, join(import.meta.dirname, 'lib', 'import-client.ts')],
      {
        env: { ...process.env, ...input },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = output.trim().split('\n').at(-1) ?? '';
      if (code === 0 && line.startsWith('{')) resolve(JSON.parse(line) as ImportClientFigures);
      else reject(new Error(`the import client exited with ${code}: ${output}`));
    });
  });
}

async function inner(): Promise<void> {
  const stack = await discoverStack();
  const { auth, db } = adminSdk();
  const password = generateOneTimePassword();
  const adminEmail = `bench-import-${Date.now()}@silk.test`;
  await ensureStaffMember(auth, db, {
    email: adminEmail,
    username: `import-${Date.now()}`,
    roles: ['Admin'],
    password,
  });
  const staffToken = await passwordIdToken(adminEmail, password);

  const now = Date.now();
  const existing = Array.from({ length: EXISTING }, (_, index) => `known-${index}@bench.test`);
  const file = importCsvCase({
    rows: ROWS,
    bad: BAD,
    existing,
    existingRows: EXISTING,
    newest: now - DAY_MS,
    prefix: 'imported',
  });
  const fileTimes = new Map(file.good.map((row) => [row.email, row.time]));
  const seeded = await seed(db, existing, (email) => fileTimes.get(email) ?? now - 400 * DAY_MS);
  await settle('seed', { counted: { count: () => countedTotal(db), expected: EXISTING } });
  const webhook = await subscribeToSignupEvents(db, adminEmail);
  const mailsBefore =
    (await db.collection(COLLECTIONS.mail).count().get()).data().count +
    (await db.collection(COLLECTIONS.mailWaiting).count().get()).data().count;

  // Measured: what the panel does from the file chosen to the last chunk acknowledged, in a process of its own.
  const folder = mkdtempSync(join(tmpdir(), 'bench-import-'));
  const csvPath = join(folder, 'export.csv');
  const badPath = join(folder, 'bad-lines.json');
  writeFileSync(csvPath, file.text);
  writeFileSync(badPath, JSON.stringify([...file.bad.keys()]));
  console.log(
    `[bench/import] ${ROWS.toLocaleString('en-US')} rows, ${(Buffer.byteLength(file.text) / 1e6).toFixed(1)} MB; ${EXISTING.toLocaleString('en-US')} seeded`,
  );
  const importId = `bench-${Date.now()}`;
  const memory = functionMemory();
  let figures: ImportClientFigures;
  try {
    figures = await runClient({
      IMPORT_CSV: csvPath,
      IMPORT_BAD_LINES: badPath,
      IMPORT_API_BASE: `${stack.adminUrl}/api`,
      IMPORT_STAFF_TOKEN: staffToken,
      IMPORT_ID: importId,
    });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  const lastChunkAnswered = performance.now();
  const functionMb = memory.stop();
  if (!figures.previewMatches) {
    console.error(
      `[bench/import] the preview listed ${figures.listed} bad rows; the file has ${file.bad.size} (or other lines)`,
    );
    process.exitCode = 1;
    return;
  }
  const seconds = Math.round(figures.seconds * 10) / 10;
  const clientMb = figures.clientMb;
  const previewSeconds = figures.previewSeconds;
  const end = { imported: figures.imported, merged: figures.merged };
  const serverRejected = figures.serverRejected;
  console.log(
    `[bench/import] read and previewed in ${previewSeconds.toFixed(1)} s; imported in ${seconds} s: ${end.imported} new, ${end.merged} merged, status ${figures.status}`,
  );

  // Verified in Firestore: each good row's address once, with the earlier time, and no mail.
  const goodEmails = file.good.map((row) => row.email);
  const stored = new Map<string, number>();
  for (let start = 0; start < goodEmails.length; start += 300) {
    const refs = goodEmails
      .slice(start, start + 300)
      .map((email) => db.collection(COLLECTIONS.waitlistSignups).doc(email));
    for (const snapshot of await db.getAll(...refs)) {
      if (snapshot.exists) stored.set(snapshot.id, (snapshot.get('timestamp') as Timestamp).toMillis());
    }
  }
  const timesKept = file.good.filter(
    (row) => stored.get(row.email) === Math.min(row.time, seeded.get(row.email) ?? Infinity),
  ).length;
  const markedByImport = (
    await db.collection(COLLECTIONS.waitlistSignups).where('importId', '==', importId).count().get()
  ).data().count;
  const total = (await db.collection(COLLECTIONS.waitlistSignups).count().get()).data().count;
  const mailsAfter =
    (await db.collection(COLLECTIONS.mail).count().get()).data().count +
    (await db.collection(COLLECTIONS.mailWaiting).count().get()).data().count;
  const subscribers = (await db.collection(COLLECTIONS.subscribers).count().get()).data().count;
  console.log(
    `[bench/import] stored ${stored.size} of ${goodEmails.length} good rows' addresses; times kept ${timesKept}; marked ${markedByImport}; waitlist ${total}; mail queued ${mailsAfter - mailsBefore}; subscribers ${subscribers}`,
  );
  const settled = await settle(
    'import',
    {
      counted: { count: () => countedTotal(db), expected: total },
      placed: { count: () => placedCount(db), expected: total },
      events: { count: () => signupEventCount(db), expected: end.imported },
    },
    lastChunkAnswered,
  );
  webhook.close();
  console.log(`[bench/import] webhook deliveries answered meanwhile: ${webhook.deliveries()}`);
  const triggers = { seconds: settled.counted.seconds, total: settled.counted.value };
  // From reading the file: the import's own time, then the triggers' until the last place and event.
  const settledSeconds = seconds + Math.max(settled.placed.seconds, settled.events.seconds);

  const checks = {
    storedOnce:
      stored.size === ROWS - BAD && total === EXISTING + markedByImport && markedByImport === end.imported,
    timesKept: timesKept === ROWS - BAD,
    noMail: mailsAfter === mailsBefore && subscribers === 0,
  };
  report(
    'import',
    `A CSV import of ${ROWS.toLocaleString('en-US')} rows (${BAD.toLocaleString('en-US')} bad, ${EXISTING.toLocaleString('en-US')} already stored) through the Hosting and Functions emulators (offset ${OFFSET})`,
    [
      { key: 'rows', metric: 'rows in the file', value: ROWS, unit: '', kind: 'min' },
      {
        key: 'imported',
        metric: 'new signups',
        value: end.imported,
        unit: '',
        budget: ROWS - BAD - EXISTING,
        kind: 'min',
      },
      {
        key: 'merged',
        metric: 'merged into stored signups',
        value: end.merged,
        unit: '',
        budget: EXISTING,
        kind: 'min',
      },
      {
        key: 'rejected',
        metric: 'bad rows listed by the preview (and left out)',
        value: figures.listed,
        unit: '',
        budget: BAD,
        kind: 'max',
      },
      {
        key: 'serverRejected',
        metric: 'rows the server refused on its own check',
        value: serverRejected,
        unit: '',
        budget: 0,
        kind: 'max',
      },
      {
        key: 'seconds',
        metric: 'file read → last chunk acknowledged',
        value: seconds,
        unit: 's',
        budget: 120,
        kind: 'max',
      },
      {
        key: 'previewSeconds',
        metric: 'file read and previewed',
        value: Math.round(previewSeconds * 10) / 10,
        unit: 's',
        kind: 'max',
      },
      {
        key: 'peakMb',
        metric: 'peak resident memory (client or function)',
        value: Math.round(Math.max(clientMb, functionMb)),
        unit: 'MB',
        budget: 256,
        kind: 'max',
      },
      {
        key: 'clientPeakMb',
        metric: 'the import client (lib/import-client.ts)',
        value: Math.round(clientMb),
        unit: 'MB',
        kind: 'max',
      },
      {
        key: 'functionPeakMb',
        metric: 'an importChunk / importStart worker',
        value: Math.round(functionMb),
        unit: 'MB',
        kind: 'max',
      },
      {
        key: 'storedFromFile',
        metric: 'distinct signups of the file’s good rows',
        value: stored.size,
        unit: '',
        budget: ROWS - BAD,
        kind: 'min',
      },
      {
        key: 'timesKept',
        metric: 'signups with the earlier of their two times',
        value: timesKept,
        unit: '',
        budget: ROWS - BAD,
        kind: 'min',
      },
      {
        key: 'mailQueued',
        metric: 'mails queued or waiting after the import',
        value: mailsAfter - mailsBefore,
        unit: '',
        budget: 0,
        kind: 'max',
      },
      {
        key: 'triggersSettledSeconds',
        metric: 'last chunk → the trigger counted every signup',
        value: Math.round(triggers.seconds),
        unit: 's',
        kind: 'max',
      },
      {
        key: 'settledSeconds',
        metric: 'file read → every imported signup placed and its event written',
        value: Math.round(settledSeconds),
        unit: 's',
        kind: 'max',
      },
      {
        key: 'placed',
        metric: 'signups placed in the ranking then',
        value: settled.placed.value,
        unit: '',
        budget: total,
        kind: 'min',
      },
      {
        key: 'signupEvents',
        metric: 'signup.created events written then',
        value: settled.events.value,
        unit: '',
        budget: end.imported,
        kind: 'min',
      },
      {
        key: 'triggerCounted',
        metric: 'signups the trigger had counted then',
        value: triggers.total,
        unit: '',
        budget: total,
        kind: 'min',
      },
    ],
    { checks: Object.fromEntries(Object.entries(checks).map(([name, ok]) => [name, ok ? 'ok' : 'FAILED'])) },
  );
  if (!Object.values(checks).every(Boolean)) {
    console.error('[bench/import] a check failed', checks);
    process.exitCode = 1;
  }
}

if (process.env.SILK_BENCH_IMPORT_INNER === '1' && process.env.FIREBASE_EMULATOR_HUB) {
  await inner();
  process.exit(process.exitCode ?? 0); // firebase-admin's channels would keep the session open
} else await outer();
