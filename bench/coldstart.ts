// Cold start of each function: a new Node process imports the built bundle (functions/deploy/index.js,
// as the Functions runtime does), serves that one function and answers one valid request against
// Firestore and Auth emulators of its own; the time from the process's start to that first answer, and
// the npm packages the process loaded. The same for `subscribe` with every library loaded eagerly, as
// the bundle did before each library was loaded at first use (wholeBundleMs): subscribe's budget is 60%
// of it, and it loads none of exceljs, nodemailer and the Auth SDK itself.
//
//   pnpm bench coldstart
// Options (env): SILK_PORT_OFFSET (default 1537: emulator ports of its own), BENCH_RUNS (timed cold starts
// per function, default 3; the median counts), BENCH_SKIP_BUILD=1 (measure functions/deploy as it is),
// BENCH_FUNCTIONS=subscribe,signIn (only these; the whole bundle's run always), BENCH_CPU_PROF=<dir> (a
// V8 CPU profile of every timed cold start, for Chrome DevTools), BENCH_ENFORCE=1 (exit non-zero when
// over budget).
import { COLLECTIONS, APP_CHECK_HEADER, RECAPTCHA_ACTION } from '@silk/schema/constants';
import { generateOneTimePassword } from '@silk/schema/password';
import { ADMIN_ROLE } from '@silk/schema/roles';
import { EMULATOR_SECRET, startSiteverifyStub } from '@silk/functions/bench';
import { adminSdk } from '@silk/stack/admin-sdk';
import { mintAppCheckToken, startAppCheckStub } from '@silk/stack/app-check-stub';
import { makeSignups } from '@silk/stack/seed-data';
import { ensureStaffMember } from '@silk/stack/staff';
import { appCheckStubUrl, ROOT } from '@silk/stack/stack';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { run, runInEmulators, seedSignups } from './lib/emulator-session';
import { report, type Figures, type Measurement } from './lib/report';

const OFFSET = Number(process.env.SILK_PORT_OFFSET ?? 1537);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const DEPLOY = join(ROOT, 'functions', 'deploy');
const BUNDLE = pathToFileURL(join(DEPLOY, 'index.js')).href;
/**
 * BENCH_BASELINE_BUNDLE=<index.js of a functions build from an earlier commit>: its subscribe is measured
 * in turns with the others (baselineBundleMs), a check on the eager stand-in of wholeBundleMs.
 */
const BASELINE_BUNDLE = process.env.BENCH_BASELINE_BUNDLE
  ? pathToFileURL(process.env.BENCH_BASELINE_BUNDLE).href
  : undefined;
const CHILD = join(import.meta.dirname, 'lib', 'coldstart-child.mjs');
const ONLY = process.env.BENCH_FUNCTIONS?.split(',').map((name) => name.trim());
const CPU_PROF = process.env.BENCH_CPU_PROF;
/** subscribe's first answer, at most this share of the whole bundle's. */
const SUBSCRIBE_SHARE = 0.6;

/**
 * What the bundle imported at load before the libraries were loaded at first use; zod from its package
 * (every locale of its messages), as the bundle did before it bundled the parts it uses.
 */
const EAGER = [
  'exceljs',
  'nodemailer',
  'firebase-admin/auth',
  'firebase-functions',
  'firebase-functions/v2',
  'zod',
];

/** The libraries only some functions need, and how to tell that a loaded file is one of them. */
const HEAVY: Record<string, (path: string) => boolean> = {
  exceljs: (path) => packageName(path) === 'exceljs',
  nodemailer: (path) => packageName(path) === 'nodemailer',
  'firebase-admin/auth': (path) => /\/firebase-admin\/lib\/(esm\/)?auth\//.test(path),
};

/** The outer process: Auth and Firestore emulators of their own (`firebase emulators:exec`) running this file. */
async function outer(): Promise<void> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SILK_PORT_OFFSET: String(OFFSET),
    SILK_BENCH_COLDSTART_INNER: '1',
  };
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    const built = await run('pnpm', ['-F', '@silk/functions', 'build'], env);
    if (built !== 0) {
      process.exitCode = built;
      return;
    }
  }
  process.exitCode = await runInEmulators({
    offset: OFFSET,
    only: 'auth,firestore',
    session: `pnpm exec tsx ${join('bench', 'coldstart.ts')}`,
    env,
  });
}

/** The package a file belongs to (the last node_modules segment), 'bundle' for the bundle, '' for the rest. */
function packageName(pathOrUrl: string): string {
  const path = pathOrUrl.replace(/^file:\/\//, '');
  if (path === join(DEPLOY, 'index.js')) return 'bundle';
  const index = path.lastIndexOf('/node_modules/');
  if (index < 0) return '';
  const [scope = '', name = ''] = path.slice(index + '/node_modules/'.length).split('/');
  return scope.startsWith('@') ? `${scope}/${name}` : scope;
}

/** The npm packages of these files, and firebase-admin's entry points among them (firebase-admin/auth…). */
function packagesOf(paths: readonly string[]): string[] {
  const names = new Set<string>();
  for (const path of paths) {
    const name = packageName(path);
    if (name && name !== 'bundle') names.add(name);
    const part = /\/firebase-admin\/lib\/(?:esm\/)?([a-z-]+)\/index\.js$/.exec(path)?.[1];
    if (part) names.add(`firebase-admin/${part}`);
  }
  return [...names].sort();
}

/** Runtime configuration as the emulator gives it to the functions: functions/deploy's .env files. */
function readEnvFile(path: string): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (match?.[1] && match[2] !== undefined) entries[match[1]] = match[2];
  }
  return entries;
}

/** An SMTP server that accepts every message and keeps none (the mail sender's counterpart). */
async function startSmtpSink(): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((socket) => {
    let inData = false;
    let buffered = '';
    socket.write('220 coldstart-sink ESMTP\r\n');
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk) => {
      buffered += chunk.toString('latin1');
      let end: number;
      while ((end = buffered.indexOf('\r\n')) >= 0) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            socket.write('250 2.0.0 queued\r\n');
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') socket.write('250-coldstart-sink\r\n250 8BITMIME\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 end with .\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

interface ChildSpec {
  bundle: string;
  functionId: string;
  eager?: string[];
  request?: { method: string; headers: Record<string, string>; body: string };
  mailId?: string;
  modules?: boolean;
}

interface ChildResult {
  loadedMs: number;
  firstAnswerMs: number;
  cpuMs: number;
  status: number;
  answer: string;
  paths?: string[];
  importers?: Array<[string, string]>;
}

function runChild(spec: ChildSpec, env: NodeJS.ProcessEnv): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--experimental-import-meta-resolve',
        '--disable-warning=ExperimentalWarning',
        ...(CPU_PROF && !spec.modules ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : []),
        CHILD,
        JSON.stringify(spec),
      ],
      { cwd: DEPLOY, env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = stdout.trim().split('\n').at(-1) ?? '';
      if (code !== 0 || !line.startsWith('{')) {
        reject(new Error(`${spec.functionId}: the child exited ${code}\n${stderr}${stdout}`));
        return;
      }
      resolve(JSON.parse(line) as ChildResult);
    });
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
};

/** For each heavy library this process loaded: the packages (or 'bundle') that imported it. */
function heavyImporters(result: ChildResult): Record<string, string[]> {
  const loadedBy: Record<string, string[]> = {};
  for (const [name, matches] of Object.entries(HEAVY)) {
    if (!(result.paths ?? []).some(matches)) continue;
    const importers = new Set<string>();
    for (const [child, parent] of result.importers ?? []) {
      if (matches(child) && !matches(parent)) importers.add(packageName(parent) || parent);
    }
    loadedBy[name] = [...importers].sort();
  }
  return loadedBy;
}

interface Case {
  functionId: string;
  /** A fresh valid request (or mail) for each cold start. */
  spec: (runIndex: number) => Promise<Omit<ChildSpec, 'bundle' | 'functionId'>>;
  expectStatus: number;
}

/** The inner process, inside the emulator session. */
async function inner(): Promise<void> {
  const { auth, db } = adminSdk();
  const appCheck = await startAppCheckStub(OFFSET);
  const siteverify = await startSiteverifyStub(OFFSET);
  const smtp = await startSmtpSink();
  const botToken = 'bench-coldstart-recaptcha-token';
  siteverify.verdicts.set(botToken, {
    success: true,
    score: 0.9,
    action: RECAPTCHA_ACTION,
    hostname: 'localhost',
  });

  // Production's code with the emulator project's configuration, the stand-ins of this session, and
  // per-key limits no repeated run reaches.
  const runtimeEnv: Record<string, string> = {
    ...readEnvFile(join(DEPLOY, '.env.demo-silk')),
    ...readEnvFile(join(DEPLOY, '.secret.local')),
    APP_CHECK_JWKS_URL: `${appCheckStubUrl(OFFSET)}/jwks`,
    RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${5999 + OFFSET}/siteverify`,
    RECAPTCHA_SECRET_KEY: EMULATOR_SECRET,
    SMTP_CONNECTION_URI: smtp.url,
  };
  for (const name of Object.keys(runtimeEnv))
    if (/^RATE_LIMIT_.*_PER_KEY$/.test(name)) runtimeEnv[name] = '100000';
  const childEnv = (functionId: string): NodeJS.ProcessEnv => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...runtimeEnv,
      FUNCTION_TARGET: functionId,
      K_SERVICE: functionId,
    };
    delete env.NODE_OPTIONS;
    return env;
  };

  const runId = Date.now().toString(36);
  const email = (what: string, i: number) => `coldstart-${runId}-${what}-${i}@bench.test`;
  const password = generateOneTimePassword();
  const staff = {
    email: email('staff', 0),
    username: `cold${runId}`.slice(0, 32),
    roles: [ADMIN_ROLE],
    password,
  };
  await ensureStaffMember(auth, db, staff);
  const signedIn = (await (
    await fetch(
      `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: staff.email, password, returnSecureToken: true }),
      },
    )
  ).json()) as { idToken: string };
  await seedSignups(makeSignups(50));
  const feedbackEmail = email('feedback', 0);
  await db
    .collection(COLLECTIONS.waitlistSignups)
    .doc(feedbackEmail)
    .set({ email: feedbackEmail, source: 'Homepage Hero' });

  // A member for teamUpdate to edit (the staff member cannot drop their own Admin).
  const member = {
    email: email('member', 0),
    username: `mem${runId}`.slice(0, 32),
    roles: [],
    password: generateOneTimePassword(),
  };
  await ensureStaffMember(auth, db, member);

  const json = (body: unknown, headers: Record<string, string> = {}) => ({
    request: {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    },
  });
  const appChecked = async () => ({ [APP_CHECK_HEADER]: await mintAppCheckToken({}, OFFSET) });
  const bearer = { Authorization: `Bearer ${signedIn.idToken}` };
  const cases: Case[] = [
    {
      functionId: 'subscribe',
      expectStatus: 200,
      spec: async (i) => json({ email: email('subscribe', i) }, await appChecked()),
    },
    { functionId: 'joinWaitlist', expectStatus: 200, spec: async (i) => json({ email: email('join', i) }) },
    {
      functionId: 'waitlistUpdate',
      expectStatus: 200,
      spec: async () => json({ email: feedbackEmail, recaptcha_token: botToken }, await appChecked()),
    },
    {
      functionId: 'signIn',
      expectStatus: 200,
      spec: async () => json({ identifier: staff.username, password }),
    },
    { functionId: 'teamList', expectStatus: 200, spec: async () => json({}, bearer) },
    { functionId: 'exportWaitlist', expectStatus: 200, spec: async () => json({ token: signedIn.idToken }) },
    {
      functionId: 'createTeamMember',
      expectStatus: 200,
      spec: async (i) =>
        json(
          {
            email: email('new-member', i),
            username: `new${runId}${i}`.slice(0, 32),
            password: '',
            roles: [],
          },
          bearer,
        ),
    },
    {
      functionId: 'teamUpdate',
      expectStatus: 200,
      spec: async (i) => json({ email: member.email, disabled: i % 2 === 1 }, bearer),
    },
    {
      functionId: 'teamRemove',
      expectStatus: 200,
      spec: async (i) => {
        const removed = {
          email: email('removed', i),
          username: `rm${runId}${i}`.slice(0, 32),
          roles: [],
          password,
        };
        await ensureStaffMember(auth, db, removed);
        return json({ email: removed.email }, bearer);
      },
    },
    {
      functionId: 'requestPasswordReset',
      expectStatus: 200,
      spec: async () => json({ identifier: member.username }),
    },
    {
      functionId: 'deleteSignup',
      expectStatus: 200,
      spec: async (i) => {
        const signup = email('delete', i);
        await db
          .collection(COLLECTIONS.waitlistSignups)
          .doc(signup)
          .set({ email: signup, source: 'Homepage Hero' });
        return json({ email: signup }, bearer);
      },
    },
    {
      functionId: 'sendMail',
      expectStatus: 200,
      spec: async (i) => {
        const ref = db.collection(COLLECTIONS.mail).doc();
        await ref.set({
          to: email('mail', i),
          message: { subject: 'Cold start', text: 'One message.', html: '<p>One message.</p>' },
          headers: {},
          delivery: { state: 'PENDING', attempts: 0, error: null },
        });
        return { mailId: ref.id };
      },
    },
  ];

  interface Variant {
    label: string;
    functionId: string;
    spec: Case['spec'];
    expectStatus: number;
    eager?: string[];
    /** Another build of the functions (BENCH_BASELINE_BUNDLE); this one when absent. */
    bundle?: string;
  }
  interface Measured {
    firstAnswerMs: number;
    loadedMs: number;
    cpuMs: number;
    result: ChildResult;
  }
  /**
   * RUNS timed cold starts of each variant, taken in turns (variant A, B, A, B…) so that a change in the
   * machine's load falls on both; the medians count. Then one cold start with the module hook each.
   */
  const measure = async (variants: Variant[]): Promise<Measured[]> => {
    const runs = variants.map(() => ({ times: [] as number[], loads: [] as number[], cpu: [] as number[] }));
    const modulesRuns: ChildResult[] = [];
    for (let i = 0; i <= RUNS; i += 1) {
      const recordModules = i === RUNS;
      for (const [index, { functionId, spec, expectStatus, eager, bundle }] of variants.entries()) {
        const result = await runChild(
          {
            bundle: bundle ?? BUNDLE,
            functionId,
            ...(eager ? { eager } : {}),
            ...(await spec(i)),
            modules: recordModules,
          },
          childEnv(functionId),
        );
        if (result.status !== expectStatus) {
          throw new Error(`${functionId}: answered ${result.status}, not ${expectStatus}: ${result.answer}`);
        }
        const run = runs[index] as (typeof runs)[number];
        if (recordModules) modulesRuns[index] = result;
        else {
          run.times.push(result.firstAnswerMs);
          run.loads.push(result.loadedMs);
          run.cpu.push(result.cpuMs);
        }
      }
    }
    const list = (values: number[]) => values.map((ms) => ms.toFixed(0)).join(', ');
    return variants.map(({ label }, index) => {
      const { times, loads, cpu } = runs[index] as (typeof runs)[number];
      const result = modulesRuns[index] as ChildResult;
      console.log(
        `${label}: first answer ${list(times)} ms (bundle loaded at ${list(loads)} ms; CPU ${list(cpu)} ms); with the module hook ${result.firstAnswerMs.toFixed(0)} ms`,
      );
      return {
        firstAnswerMs: Math.round(median(times)),
        loadedMs: Math.round(median(loads)),
        cpuMs: Math.round(median(cpu)),
        result,
      };
    });
  };

  try {
    const subscribeCase = cases[0] as Case;
    const [whole, subscribe, baseline] = (await measure([
      { ...subscribeCase, label: 'subscribe, every library eager', eager: EAGER },
      { ...subscribeCase, label: 'subscribe' },
      ...(BASELINE_BUNDLE
        ? [{ ...subscribeCase, label: `subscribe, ${BASELINE_BUNDLE}`, bundle: BASELINE_BUNDLE }]
        : []),
    ])) as [Measured, Measured, Measured | undefined];
    const functions: Figures = {};
    const measurements: Measurement[] = [
      {
        key: 'wholeBundleMs',
        metric: 'subscribe, every library eager (the bundle before): start → first answer',
        value: whole.firstAnswerMs,
        unit: 'ms',
        kind: 'max',
      },
      {
        key: 'wholeBundleLoadedMs',
        metric: '… of which start → bundle loaded',
        value: whole.loadedMs,
        unit: 'ms',
        kind: 'max',
      },
      {
        key: 'wholeBundleCpuMs',
        metric: '… CPU time (user + system) to the answer',
        value: whole.cpuMs,
        unit: 'ms',
        kind: 'max',
      },
      ...(baseline
        ? [
            {
              key: 'baselineBundleMs',
              metric: 'subscribe of BENCH_BASELINE_BUNDLE: start → first answer',
              value: baseline.firstAnswerMs,
              unit: 'ms',
              kind: 'max' as const,
            },
          ]
        : []),
    ];
    const checks: Measurement[] = [];
    for (const entry of cases) {
      const { functionId } = entry;
      if (ONLY && !ONLY.includes(functionId)) continue;
      const { firstAnswerMs, loadedMs, cpuMs, result } =
        functionId === 'subscribe'
          ? subscribe
          : ((await measure([{ ...entry, label: functionId }]))[0] as Measured);
      const loadedBy = heavyImporters(result);
      functions[functionId] = { modules: packagesOf(result.paths ?? []), heavyLoadedBy: loadedBy };
      measurements.push({
        key: `functions.${functionId}.firstAnswerMs`,
        metric: `${functionId}: start → first answer`,
        value: firstAnswerMs,
        unit: 'ms',
        kind: 'max',
        ...(functionId === 'subscribe' ? { budget: Math.round(whole.firstAnswerMs * SUBSCRIBE_SHARE) } : {}),
      });
      measurements.push({
        key: `functions.${functionId}.loadedMs`,
        metric: `${functionId}: … of which start → bundle loaded`,
        value: loadedMs,
        unit: 'ms',
        kind: 'max',
      });
      measurements.push({
        key: `functions.${functionId}.cpuMs`,
        metric: `${functionId}: … CPU time to the answer`,
        value: cpuMs,
        unit: 'ms',
        kind: 'max',
      });
      if (functionId === 'subscribe') {
        const own = Object.values(loadedBy).filter((importers) => importers.includes('bundle')).length;
        checks.push(
          {
            key: `functions.${functionId}.heavyLoadedByBundle`,
            metric: 'subscribe: exceljs, nodemailer, Auth SDK loaded by our code',
            value: own,
            unit: '',
            budget: 0,
            kind: 'max',
          },
          {
            key: `functions.${functionId}.heavyLoaded`,
            metric: 'subscribe: exceljs, nodemailer, Auth SDK loaded at all',
            value: Object.keys(loadedBy).length,
            unit: '',
            kind: 'max',
          },
        );
      }
      console.log(
        `${functionId} loaded ${packagesOf(result.paths ?? []).length} packages; heavy: ${JSON.stringify(loadedBy)}`,
      );
    }
    const labels: Figures = {
      runs: RUNS,
      functions,
      wholeBundleModules: packagesOf(whole.result.paths ?? []),
    };
    report(
      'coldstart',
      `Cold start: new process → first answer (median of ${RUNS}; offset ${OFFSET})`,
      measurements,
      labels,
    );
    report('coldstart', 'What subscribe loads', checks);
  } finally {
    await Promise.all([appCheck.close(), siteverify.close(), smtp.close()]);
  }
}

if (process.env.SILK_BENCH_COLDSTART_INNER === '1') {
  await inner();
  // The Admin SDK's gRPC channels would keep the session open.
  process.exit(process.exitCode ?? 0);
} else {
  await outer();
}
