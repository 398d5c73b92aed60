// A benchmark that needs emulators runs twice: the outer process starts `firebase emulators:exec` with
// ports shifted by its offset, and the same bench file runs again inside that session. Seeding is shared.
import { COLLECTIONS } from '@silk/schema/constants';
import { adminSdk } from '@silk/stack/admin-sdk';
import { ensureFirestoreLauncher } from '@silk/stack/firestore-launcher';
import type { SeedSignup } from '@silk/stack/seed-data';
import { PROJECT_ID, ROOT, writeShiftedConfig } from '@silk/stack/stack';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Runs a command in the repository root; resolves with its exit code (1 when it could not start). */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
}

export interface EmulatorSession {
  offset: number;
  /** The emulators to start, e.g. 'firestore' or 'auth,firestore,hosting'. */
  only: string;
  /** The command run inside the session (this bench file again). */
  session: string;
  env: NodeJS.ProcessEnv;
  /** Another demo project than the stack's (its functions read functions/deploy/.env.<project>). */
  project?: string;
}

/** `firebase emulators:exec` for the session; resolves with its exit code. */
export function runInEmulators({ offset, only, session, env, project = PROJECT_ID }: EmulatorSession): Promise<number> {
  const sessionEnv = { ...env, SILK_PORT_OFFSET: String(offset) };
  ensureFirestoreLauncher(sessionEnv);
  const config = writeShiftedConfig(offset);
  return run('pnpm', ['exec', 'firebase', 'emulators:exec', '--config', config, '--project', project, '--only', only, session], sessionEnv);
}

/**
 * Runs bench/<bench>.ts again inside an emulator session of its own, with `innerFlag` set to '1' (the file
 * runs its inner part when it sees it); resolves with the session's exit code.
 */
export function runBenchInEmulators(bench: string, offset: number, only: string, innerFlag: string): Promise<number> {
  return runInEmulators({
    offset,
    only,
    session: `pnpm exec tsx ${join('bench', `${bench}.ts`)}`,
    env: { ...process.env, SILK_PORT_OFFSET: String(offset), [innerFlag]: '1' },
  });
}

/** Writes signups to the emulator's waitlist_signups, 500 a batch, 4 batches in flight; returns the collection's size. */
export async function seedSignups(signups: readonly SeedSignup[]): Promise<number> {
  const collection = adminSdk().db.collection(COLLECTIONS.waitlistSignups);
  const started = performance.now();
  const BATCH = 500;
  const IN_FLIGHT = 4;
  let next = 0;
  const worker = async () => {
    for (let start = next; start < signups.length; start = next) {
      next += BATCH;
      const batch = adminSdk().db.batch();
      for (const signup of signups.slice(start, start + BATCH)) batch.set(collection.doc(signup.email), signup);
      await batch.commit();
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  const stored = (await collection.count().get()).data().count;
  console.log(`seeded ${signups.length.toLocaleString('en-US')} signups in ${((performance.now() - started) / 1000).toFixed(1)} s; the emulator holds ${stored.toLocaleString('en-US')}`);
  return stored;
}

/** Runtime configuration as the emulator gives it to the functions: functions/deploy's .env files. */
export function readEnvFile(path: string): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (match?.[1] && match[2] !== undefined) entries[match[1]] = match[2];
  }
  return entries;
}

/** Every running process: its id and its command line's arguments. */
export function runningProcesses(): Array<{ pid: number; args: string[] }> {
  const found: Array<{ pid: number; args: string[] }> = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      found.push({ pid: Number(entry), args: readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0') });
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** The Firestore emulator's JVM: the process whose command line names the emulator and its port. */
export function emulatorPid(): number | null {
  const port = process.env.FIRESTORE_EMULATOR_HOST?.split(':').at(-1);
  if (!port) return null;
  const emulator = runningProcesses().find(
    ({ args }) =>
      (args.includes(`--port=${port}`) || args.some((arg, i) => arg === '--port' && args[i + 1] === port)) &&
      args.some((arg) => arg.includes('firestore')),
  );
  return emulator?.pid ?? null;
}

/**
 * Runs `work` while the functions of the emulator project `project` read a configuration of their own,
 * functions/deploy/.env.<project>: the stack's (.env.demo-silk) without the lines `replaced` matches, then
 * `lines`. The file is removed afterwards.
 */
export async function withProjectEnv<T>(
  project: string,
  replaced: RegExp,
  lines: string[],
  work: () => Promise<T>,
): Promise<T> {
  const deploy = join(ROOT, 'functions', 'deploy');
  const file = join(deploy, `.env.${project}`);
  const base = readFileSync(join(deploy, `.env.${PROJECT_ID}`), 'utf8')
    .split('\n')
    .filter((line) => !replaced.test(line));
  writeFileSync(file, [...base, `# the bench's own (${project})`, ...lines, ''].join('\n'));
  try {
    return await work();
  } finally {
    rmSync(file, { force: true });
  }
}
