// Cold start of each function (every HTTP function of API_ROUTES, and the mail sender): a new Node
// process imports the built bundle (functions/deploy/index.js, as the Functions runtime does), serves
// that one function and answers one valid request against Firestore and Auth emulators of its own; the
// time from the process's start to that first answer, and the npm packages the process loaded. The same
// for `subscribe` with every library loaded eagerly, as the bundle did before each library was loaded at
// first use (wholeBundleMs): subscribe's budget is 60% of it, and it loads none of exceljs, nodemailer
// and the Auth SDK itself; no function but mailEvents and the webhook routes loads standardwebhooks or
// ipaddr.js.
//
//   pnpm bench coldstart
// Options (env): SILK_PORT_OFFSET (default 1537: emulator ports of its own), BENCH_RUNS (timed cold starts
// per function, default 3; the median counts), BENCH_SKIP_BUILD=1 (measure functions/deploy as it is),
// BENCH_FUNCTIONS=subscribe,signIn (only these; the whole bundle's run always), BENCH_CPU_PROF=<dir> (a
// V8 CPU profile of every timed cold start, for Chrome DevTools), BENCH_ENFORCE=1 (exit non-zero when
// over budget).
import { API_ROUTES, type FunctionId, type LinkPurpose } from '@silk/schema/api-routes';
import {
  APP_CHECK_HEADER,
  COLLECTIONS,
  CONFIRM_SHELL_PATH,
  INVITE_SHELL_PATH,
  INVITE_SLOT,
  LINK_TOKEN_SLOT,
  RECAPTCHA_ACTION,
  SIGNUP_SOURCE,
  STATUS_SHELL_PATH,
  STATUS_SLOT,
  UNSUBSCRIBE_SHELL_PATH,
} from '@silk/schema/constants';
import { EMBED_SETTINGS_DOC } from '@silk/schema/embed';
import { MAIL_KIND_SPECS, type MailKind } from '@silk/schema/mail-copy';
import { rewardEntryId, type RewardEntry } from '@silk/schema/rewards';
import { generateOneTimePassword } from '@silk/schema/password';
import type { ImportMapping } from '@silk/schema/imports';
import { ADMIN_ROLE } from '@silk/schema/roles';
import {
  EMULATOR_SECRET,
  newInvitation,
  newInviteCode,
  redeemInvitation,
  signedHeaders,
  signLinkToken,
  startImport,
  startSiteverifyStub,
  writeInvitation,
  writeWithheldReferral,
} from '@silk/functions/bench';
import { adminSdk } from '@silk/stack/admin-sdk';
import { mintAppCheckToken, startAppCheckStub } from '@silk/stack/app-check-stub';
import { passwordIdToken } from '@silk/stack/auth-emulator';
import { makeSignups } from '@silk/stack/seed-data';
import { ensureStaffMember } from '@silk/stack/staff';
import { appCheckStubUrl, ROOT } from '@silk/stack/stack';
import { FieldValue } from 'firebase-admin/firestore';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readEnvFile, run, runInEmulators, seedSignups } from './lib/emulator-session';
import { report, type Figures, type Measurement } from './lib/report';
import { envNumber } from './lib/env';

const OFFSET = envNumber('SILK_PORT_OFFSET', 1537);
const RUNS = Math.max(1, envNumber('BENCH_RUNS', 3));
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

/** A webhook target that saving accepts (https, a public address; nothing is sent to it here). */
const WEBHOOK_URL = 'https://93.184.215.14/coldstart';
/** A partner's site on the Admin's list of sites that embed the signup widget. */
const EMBED_PARTNER = 'https://partner.example';

/** npm packages that only mailEvents and the webhook routes need; no other function may load them. */
const WEBHOOK_LIBRARIES = ['standardwebhooks', 'ipaddr.js'];

/** mailEvents (a provider's signature) and the webhook routes (targets, signing). */
function needsWebhookLibraries(functionId: string): boolean {
  const access = (API_ROUTES as Record<string, { access: { kind: string; refusal?: string } }>)[functionId]
    ?.access;
  return access?.kind === 'provider-signature' || access?.refusal === 'manageWebhooks';
}

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

/**
 * The site's page shells (/confirm-shell, /status-shell…), as Hosting serves them to the page functions:
 * one page holding every slot, at every path.
 */
async function startShellStandIn(): Promise<{ origin: string; close: () => Promise<void> }> {
  const shell = `<!doctype html><html><body><form><input name="token" value="${LINK_TOKEN_SLOT}"></form>${STATUS_SLOT}${INVITE_SLOT}</body></html>`;
  const paths = [CONFIRM_SHELL_PATH, UNSUBSCRIBE_SHELL_PATH, STATUS_SHELL_PATH, INVITE_SHELL_PATH];
  const server = createHttpServer((req, res) => {
    const known = paths.includes(new URL(req.url ?? '/', 'http://localhost').pathname);
    res.writeHead(known ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' }).end(known ? shell : '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

interface ChildSpec {
  bundle: string;
  functionId: string;
  eager?: string[];
  /** path: with the query of a page's link; '/' when absent. */
  request?: { method: string; headers: Record<string, string>; body: string; path?: string };
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

interface Recipe {
  /** A fresh valid request (or mail) for each cold start. */
  spec: (runIndex: number) => Promise<Omit<ChildSpec, 'bundle' | 'functionId'>>;
  expectStatus: number;
}

interface Case extends Recipe {
  functionId: string;
}

/**
 * A case for every route of API_ROUTES, in its order, each answered 200; a route without a recipe fails
 * the bench, named (the type checks it too, but the bench runs untyped).
 */
function httpCases(recipes: Partial<Record<string, Recipe['spec']>>): Case[] {
  const missing = Object.keys(API_ROUTES).filter((functionId) => !recipes[functionId]);
  if (missing.length > 0) {
    throw new Error(`coldstart: no request recipe for ${missing.join(', ')}: add one to httpRecipes`);
  }
  return Object.keys(API_ROUTES).map((functionId) => ({
    functionId,
    expectStatus: 200,
    spec: recipes[functionId] as Recipe['spec'],
  }));
}

/** The inner process, inside the emulator session. */
async function inner(): Promise<void> {
  const { auth, db } = adminSdk();
  const appCheck = await startAppCheckStub(OFFSET);
  const siteverify = await startSiteverifyStub(OFFSET);
  const smtp = await startSmtpSink();
  const shells = await startShellStandIn();
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
    SITE_ORIGIN: shells.origin,
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
  const signedIn = { idToken: await passwordIdToken(staff.email, password) };
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
  /** A page's GET with its query (the link in an e-mail). */
  const page = (query: Record<string, string>) => ({
    request: { method: 'GET', headers: {}, body: '', path: `/?${new URLSearchParams(query)}` },
  });
  const appChecked = async () => ({ [APP_CHECK_HEADER]: await mintAppCheckToken({}, OFFSET) });
  const bearer = { Authorization: `Bearer ${signedIn.idToken}` };
  const asAdmin = (body: unknown) => json(body, bearer);

  /** A new staff member, signed in: their own account changes (password, username) leave the others be. */
  const freshStaff = async (what: string, i: number) => {
    const fresh = {
      email: email(what, i),
      username: `${what.slice(0, 3)}${runId}${i}`.slice(0, 32),
      roles: [],
      password: generateOneTimePassword(),
    };
    await ensureStaffMember(auth, db, fresh);
    return { Authorization: `Bearer ${await passwordIdToken(fresh.email, fresh.password)}` };
  };
  /** A new subscriber on the list (as subscribe leaves one) and a link of theirs signed for `purpose`. */
  const subscriberLink = async (what: string, i: number, purpose: LinkPurpose) => {
    const address = email(what, i);
    const subscriberId = `coldstart-${runId}-${what}-${i}`;
    await db.collection(COLLECTIONS.subscribers).doc(address).set({
      email: address,
      subscribedAt: FieldValue.serverTimestamp(),
      source: SIGNUP_SOURCE,
      subscriberId,
    });
    await db
      .collection(COLLECTIONS.waitlistSignups)
      .doc(address)
      .set({ email: address, source: SIGNUP_SOURCE, subscriberId });
    return { address, token: signLinkToken(runtimeEnv.MAIL_TOKEN_SECRET ?? '', purpose, subscriberId) };
  };
  /** A signup with an open invitation; its code. */
  const invitation = async (what: string, i: number) => {
    const address = email(what, i);
    await db
      .collection(COLLECTIONS.waitlistSignups)
      .doc(address)
      .set({ email: address, source: SIGNUP_SOURCE });
    const code = newInviteCode();
    const writes = db.batch();
    writeInvitation(writes, db, code, newInvitation(address, `coldstart-${runId}`, Date.now()), 'bench');
    await writes.commit();
    return code;
  };
  /** A webhook endpoint, stored as webhookSave stores one (public address: saving checks it). */
  const webhookEndpoint = async (id: string, createdBy = staff.email) => {
    await db
      .collection(COLLECTIONS.webhooks)
      .doc(id)
      .set({
        url: WEBHOOK_URL,
        events: ['signup.created'],
        enabled: true,
        description: '',
        secret: `whsec_${Buffer.from(`coldstart-${id}`).toString('base64')}`,
        createdAt: Date.now(),
        createdBy,
        updatedAt: Date.now(),
      });
  };
  // An API key of every scope, stored as apiKeyCreate stores one (its SHA-256 as the id), for /api/v1.
  const apiKey = `silk_${Buffer.from(`coldstart-${runId}`.padEnd(32, '.')).toString('base64url')}`;
  const apiKeyId = createHash('sha256').update(apiKey).digest('hex');
  await db
    .collection(COLLECTIONS.apiKeys)
    .doc(apiKeyId)
    .set({
      name: 'coldstart',
      scopes: ['signups:write', 'signups:read', 'subscribers:read', 'hooks:manage'],
      hint: apiKey.slice(0, 9),
      ratePerMinute: 1000,
      createdAt: Date.now(),
      createdBy: staff.email,
      lastUsedAt: null,
      revokedAt: null,
      revokedBy: null,
    });
  const withKey = (body: unknown) => json(body, { Authorization: `Bearer ${apiKey}` });
  /** The version of a kind of e-mail in force (0: the default), for the copy's save and restore. */
  const mailCopyVersion = async (kind: MailKind): Promise<number> =>
    Number((await db.collection(COLLECTIONS.mailCopy).doc(kind).get()).get('version') ?? 0);

  /** Another key's record, for apiKeyRevoke to revoke. */
  const revocableKey = async (i: number) => {
    const id = createHash('sha256').update(`coldstart-${runId}-revoked-${i}`).digest('hex');
    await db
      .collection(COLLECTIONS.apiKeys)
      .doc(id)
      .set({
        name: `revoked ${i}`,
        scopes: ['signups:read'],
        hint: 'silk_xxxx',
        ratePerMinute: 10,
        createdAt: Date.now(),
        createdBy: staff.email,
        lastUsedAt: null,
        revokedAt: null,
        revokedBy: null,
      });
    return id;
  };
  // A delivery of the first endpoint, delivered: webhookRedeliver sends it again.
  const redelivered = `msg_coldstart_${runId}_webhook`;
  await webhookEndpoint(`coldstart${runId}`);
  await db
    .collection(COLLECTIONS.webhookDeliveries)
    .doc(redelivered)
    .set({
      eventId: `msg_coldstart_${runId}`,
      endpointId: `coldstart${runId}`,
      type: 'signup.created',
      createdAt: Date.now(),
      lastStatus: 204,
      lastAnswer: '',
      lastAttemptAt: Date.now(),
      history: [],
      delivery: { state: 'SUCCESS', attempts: 1 },
    });
  const importStart = (id: string) => ({
    importId: id,
    fileName: 'coldstart.csv',
    fileSha256: createHash('sha256').update(id).digest('hex'),
    mapping: { Email: 'email' } satisfies ImportMapping,
    rows: 1,
  });

  /** One valid request for each HTTP function (every route of API_ROUTES), each answered 200. */
  const httpRecipes: Record<FunctionId, Recipe['spec']> = {
    subscribe: async (i) => json({ email: email('subscribe', i) }, await appChecked()),
    waitlistUpdate: async () => json({ email: feedbackEmail, recaptcha_token: botToken }, await appChecked()),
    joinWaitlist: async (i) => json({ email: email('join', i) }),
    // The widget's join from a partner's site on the Admin's list (read from settings/embed).
    embedJoin: async (i) => {
      await db
        .collection(COLLECTIONS.settings)
        .doc(EMBED_SETTINGS_DOC)
        .set({ origins: [EMBED_PARTNER] });
      return json({ email: email('embed', i) }, { Origin: EMBED_PARTNER });
    },
    embedOriginsList: async () => asAdmin({}),
    embedOriginsSave: async () => asAdmin({ origins: [EMBED_PARTNER] }),
    confirmPage: async (i) => page({ token: (await subscriberLink('confirm-page', i, 'confirm')).token }),
    confirmSubscription: async (i) => json({ token: (await subscriberLink('confirm', i, 'confirm')).token }),
    unsubscribe: async (i) => json({ token: (await subscriberLink('unsubscribe', i, 'unsubscribe')).token }),
    resubscribe: async (i) => json({ token: (await subscriberLink('resubscribe', i, 'unsubscribe')).token }),
    unsubscribePage: async (i) =>
      page({ token: (await subscriberLink('unsubscribe-page', i, 'unsubscribe')).token }),
    eraseSubscriber: async (i) => json({ token: (await subscriberLink('erase', i, 'erase')).token }),
    createTeamMember: async (i) =>
      asAdmin({
        email: email('new-member', i),
        username: `new${runId}${i}`.slice(0, 32),
        password: '',
        roles: [],
      }),
    exportWaitlist: async () => json({ token: signedIn.idToken }),
    signIn: async () => json({ identifier: staff.username, password }),
    requestPasswordReset: async () => json({ identifier: member.username }),
    changePassword: async (i) =>
      json({ password: generateOneTimePassword() }, await freshStaff('password', i)),
    changeUsername: async (i) =>
      json({ username: `renamed${runId}${i}`.slice(0, 32) }, await freshStaff('username', i)),
    teamList: async () => asAdmin({}),
    teamUpdate: async (i) => asAdmin({ email: member.email, disabled: i % 2 === 1 }),
    teamRemove: async (i) => {
      const removed = {
        email: email('removed', i),
        username: `rm${runId}${i}`.slice(0, 32),
        roles: [],
        password,
      };
      await ensureStaffMember(auth, db, removed);
      return asAdmin({ email: removed.email });
    },
    deleteSignup: async (i) => {
      const signup = email('delete', i);
      await db
        .collection(COLLECTIONS.waitlistSignups)
        .doc(signup)
        .set({ email: signup, source: 'Homepage Hero' });
      return asAdmin({ email: signup });
    },
    statusPage: async (i) => page({ token: (await subscriberLink('status', i, 'status')).token }),
    statusLink: async (i) => json({ email: (await subscriberLink('status-link', i, 'status')).address }),
    reviewReferral: async (i) => {
      const [referrer, referred] = [email('referrer', i), email('referred', i)];
      await writeWithheldReferral(db, referrer, referred);
      return asAdmin({ referred, decision: 'grant' });
    },
    setRankingRule: async (i) =>
      asAdmin({ rule: i % 2 === 0 ? { kind: 'referrals' } : { kind: 'signup-time' } }),
    invitePage: async (i) => page({ code: await invitation('invite-page', i) }),
    redeemInvite: async (i) => json({ code: await invitation('redeem', i) }),
    declineInvite: async (i) => json({ code: await invitation('decline', i), choice: 'keep' }),
    verifyInvite: async (i) => {
      const redeemed = await redeemInvitation(db, await invitation('verify', i));
      if (redeemed.kind !== 'redeemed') throw new Error(`verifyInvite: the invitation was ${redeemed.kind}`);
      return json(
        { token: redeemed.token },
        { Authorization: `Bearer ${runtimeEnv.INVITE_VERIFY_KEY ?? ''}` },
      );
    },
    inviteWave: async (i) =>
      asAdmin({ target: { kind: 'next', count: 1 }, requestId: `coldstart-${runId}-${i}` }),
    inviteDrip: async (i) => asAdmin({ enabled: false, perDay: 10 + i, hourUtc: 9 }),
    webhookList: async () => asAdmin({}),
    webhookSave: async () => asAdmin({ url: WEBHOOK_URL, events: ['signup.created'] }),
    webhookRemove: async (i) => {
      const id = `coldstart${runId}removed${i}`;
      await webhookEndpoint(id);
      return asAdmin({ id });
    },
    webhookRedeliver: async () => asAdmin({ deliveryId: redelivered }),
    importStart: async (i) => asAdmin(importStart(`coldstart-${runId}-start-${i}`)),
    importChunk: async (i) => {
      const id = `coldstart-${runId}-chunk-${i}`;
      await startImport(db, { ...importStart(id), id, sendConfirmation: false, by: staff.email });
      return asAdmin({ importId: id, index: 0, rows: [{ line: 2, email: email('imported', i) }] });
    },
    importList: async () => asAdmin({}),
    broadcastList: async () => asAdmin({}),
    broadcastReach: async () => asAdmin({ segment: { kind: 'view', query: 'q=coldstart-nobody' } }),
    broadcastTest: async (i) => asAdmin({ subject: `Cold start ${i}`, markdown: 'Hello' }),
    // Scheduled far ahead: the cold start is the route's, no broadcast goes out.
    broadcastSend: async (i) =>
      asAdmin({
        subject: `Cold start ${i}`,
        markdown: 'Hello',
        segment: { kind: 'view', query: 'q=coldstart-nobody' },
        sendAt: Date.now() + 365 * 86_400_000,
        requestId: `coldstart-${runId}-${i}`,
      }),
    statusData: async (i) => json({ token: (await subscriberLink('status-data', i, 'status')).token }),
    rewardTiersSave: async () => asAdmin({ tiers: [] }),
    rewardFulfil: async (i) => {
      const entry: RewardEntry = {
        email: email('rewarded', i),
        tierId: 'coldstart',
        tierName: 'Cold start',
        referrals: 3,
        reachedAt: Date.now(),
        status: 'unfulfilled',
      };
      const id = rewardEntryId(entry.email, entry.tierId);
      await db.collection(COLLECTIONS.rewards).doc(id).set(entry);
      return asAdmin({ id });
    },
    mailCopyList: async () => asAdmin({}),
    mailCopySave: async (i) =>
      asAdmin({
        kind: 'statusLink',
        subject: `Your place in line (cold start ${i})`,
        body: MAIL_KIND_SPECS.statusLink.defaults.body,
        baseVersion: await mailCopyVersion('statusLink'),
      }),
    mailCopyRestore: async () =>
      asAdmin({ kind: 'statusLink', version: 0, baseVersion: await mailCopyVersion('statusLink') }),
    apiKeyList: async () => asAdmin({}),
    apiKeyCreate: async (i) => asAdmin({ name: `coldstart ${i}`, scopes: ['signups:read'] }),
    apiKeyRevoke: async (i) => asAdmin({ id: await revocableKey(i) }),
    apiReference: async () => page({}),
    apiV1SignupAdd: async (i) => withKey({ email: email('api-add', i) }),
    apiV1SignupList: async () => withKey({ limit: 10 }),
    apiV1SubscriberStatus: async () => withKey({ email: feedbackEmail }),
    apiV1HookSubscribe: async () => withKey({ url: WEBHOOK_URL, events: ['signup.created'] }),
    apiV1HookUnsubscribe: async (i) => {
      const id = `coldstart${runId}hook${i}`;
      await webhookEndpoint(id, `api-key:${apiKeyId}`);
      return withKey({ id });
    },
    mailEvents: async (i) => {
      const body = JSON.stringify({ type: 'bounce', email: email('bounced', i), reason: '550 5.1.1' });
      const secret = runtimeEnv.MAIL_EVENTS_SECRET ?? '';
      const headers = await signedHeaders(secret, `msg_coldstart_${runId}_${i}`, body, new Date());
      return {
        request: { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body },
      };
    },
  };
  const cases: Case[] = [
    ...httpCases(httpRecipes),
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
    /** Each of WEBHOOK_LIBRARIES: the functions that loaded it. */
    const webhookLibrariesLoadedBy: Record<string, string[]> = {};
    for (const entry of cases) {
      const { functionId } = entry;
      if (ONLY && !ONLY.includes(functionId)) continue;
      const { firstAnswerMs, loadedMs, cpuMs, result } =
        functionId === 'subscribe'
          ? subscribe
          : ((await measure([{ ...entry, label: functionId }]))[0] as Measured);
      const loadedBy = heavyImporters(result);
      const modules = packagesOf(result.paths ?? []);
      functions[functionId] = { modules, heavyLoadedBy: loadedBy };
      for (const library of WEBHOOK_LIBRARIES) {
        if (modules.includes(library)) (webhookLibrariesLoadedBy[library] ??= []).push(functionId);
      }
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
      console.log(`${functionId} loaded ${modules.length} packages; heavy: ${JSON.stringify(loadedBy)}`);
    }
    const webhookLibrariesElsewhere = [
      ...new Set(
        Object.values(webhookLibrariesLoadedBy)
          .flat()
          .filter((id) => !needsWebhookLibraries(id)),
      ),
    ];
    checks.push({
      key: 'webhookLibrariesElsewhere',
      metric: `functions but mailEvents and the webhook routes loading ${WEBHOOK_LIBRARIES.join(' or ')}${
        webhookLibrariesElsewhere.length > 0 ? ` (${webhookLibrariesElsewhere.join(', ')})` : ''
      }`,
      value: webhookLibrariesElsewhere.length,
      unit: '',
      budget: 0,
      kind: 'max',
    });
    const labels: Figures = {
      runs: RUNS,
      functions,
      wholeBundleModules: packagesOf(whole.result.paths ?? []),
      webhookLibrariesLoadedBy,
    };
    report(
      'coldstart',
      `Cold start: new process → first answer (median of ${RUNS}; offset ${OFFSET})`,
      measurements,
      labels,
    );
    report('coldstart', 'What the functions load', checks);
  } finally {
    await Promise.all([appCheck.close(), siteverify.close(), smtp.close(), shells.close()]);
  }
}

if (process.env.SILK_BENCH_COLDSTART_INNER === '1') {
  await inner();
  // The Admin SDK's gRPC channels would keep the session open.
  process.exit(process.exitCode ?? 0);
} else {
  await outer();
}
