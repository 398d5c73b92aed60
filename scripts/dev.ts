// `pnpm dev`: the whole local stack with one command.
//   Auth, Firestore and Functions emulators (seeded), the functions rebuilt on change, and both apps
//   with hot reload (site :5173, admin :5174; /api proxied to the Functions emulator), and the
//   schedules fired on their production cadence by the stack's clock (@silk/stack/schedule-clock).
// Ctrl-C stops every process it started.
import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { startAppCheckStub } from '@silk/stack/app-check-stub';
import { ensureFirestoreLauncher } from '@silk/stack/firestore-launcher';
import { mailDevCommand, mailDevUrl } from '@silk/stack/maildev';
import { startScheduleClock } from '@silk/stack/schedule-clock';
import { emulatorBuildEnv, PROJECT_ID, ROOT, stackPorts, writeShiftedConfig } from '@silk/stack/stack';
import type { SeededAccount } from './seed';

const ports = stackPorts(0);
const env: NodeJS.ProcessEnv = {
  ...process.env,
  ...emulatorBuildEnv(ports),
  FIRESTORE_EMULATOR_HOST: `127.0.0.1:${ports.firestore}`,
  FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.auth}`,
  GCLOUD_PROJECT: PROJECT_ID,
  SILK_FUNCTIONS_ORIGIN: `http://127.0.0.1:${ports.functions}`,
  // The links in e-mails (functions/src/outbox/mail-config.ts) open the Vite site, not the Hosting emulator.
  SILK_SITE_ORIGIN: 'http://localhost:5173',
};
ensureFirestoreLauncher(env);
Object.assign(process.env, env); // the in-process seed uses firebase-admin, which reads these

const children: ChildProcess[] = [];
let stopping = false;

function start(name: string, command: string, args: string[], childEnv = env): ChildProcess {
  // Own process group, so that stopping kills grandchildren (java, esbuild, vite) too.
  const child = spawn(command, args, { cwd: ROOT, env: childEnv, stdio: 'inherit', detached: true });
  children.push(child);
  child.on('exit', (code) => {
    if (!stopping) {
      console.error(`\n[dev] ${name} exited (${code}); stopping everything.`);
      void stop(1);
    }
  });
  return child;
}

async function stop(code = 0): Promise<never> {
  if (!stopping) {
    stopping = true;
    for (const child of children) signal(child, 'SIGINT');
    const deadline = Date.now() + 10_000;
    while (
      children.some((child) => child.exitCode === null && child.signalCode === null) &&
      Date.now() < deadline
    ) {
      await sleep(200);
    }
    for (const child of children) signal(child, 'SIGKILL');
  }
  process.exit(code);
}

function signal(child: ChildProcess, name: NodeJS.Signals) {
  if (child.pid && child.exitCode === null) {
    try {
      process.kill(-child.pid, name);
    } catch {
      // already gone
    }
  }
}

process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

async function waitForEmulators(): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${ports.hub}/emulators`);
      const running = (await response.json()) as Record<string, unknown>;
      if (running.auth && running.firestore && running.functions) return;
    } catch {
      // not up yet
    }
    await sleep(500);
  }
  throw new Error('The emulators did not start within 2 minutes.');
}

console.log('[dev] building the functions');
const firstBuild = spawn('pnpm', ['--filter', '@silk/functions', 'build'], {
  cwd: ROOT,
  env,
  stdio: 'inherit',
});
if ((await new Promise<number | null>((resolve) => firstBuild.on('exit', resolve))) !== 0) process.exit(1);

// App Check has no emulator: the stand-in issuer the functions' emulator config and the site's dev build use.
await startAppCheckStub(0);
start('functions build', 'pnpm', ['--filter', '@silk/functions', 'exec', 'tsx', 'build.ts', '--watch']);
// Every e-mail the functions send lands in MailDev; links in it open the Vite site.
const maildev = mailDevCommand(0);
start('maildev', maildev.command, maildev.args);
// The stack's copy of firebase.json (emulators on 127.0.0.1; firebase.json itself names no host).
start('emulators', 'pnpm', [
  'exec',
  'firebase',
  'emulators:start',
  '--config',
  writeShiftedConfig(0),
  '--project',
  PROJECT_ID,
  '--only',
  'auth,firestore,functions',
]);
let credentials: SeededAccount[] = [];
try {
  await waitForEmulators();
  // The emulator never fires the schedules: the stack's clock does (retries, redrives, repairs, drips).
  startScheduleClock(0);
  const { seed } = await import('./seed');
  credentials = await seed(320);
} catch (error) {
  console.error('[dev]', error);
  await stop(1);
}

// Each app's dev script loads vite.config.ts with --configLoader runner (it imports workspace TypeScript).
start('site', 'pnpm', ['--filter', '@silk/site', 'dev', '--port', '5173', '--strictPort']);
start('admin', 'pnpm', ['--filter', '@silk/admin', 'dev', '--port', '5174', '--strictPort']);

await sleep(1500);
console.log(`
[dev] ready
  site   http://localhost:5173/
  admin  http://localhost:5174/admin/
  mail   ${mailDevUrl(0)}/ (MailDev: every e-mail sent, nothing leaves the machine)
  Seeded 320 waitlist signups. Staff accounts (passwords shown once):`);
for (const account of credentials) {
  console.log(`    ${account.username.padEnd(6)} ${account.email.padEnd(18)} ${account.password}`);
}
console.log('  Ctrl-C stops everything.\n');
