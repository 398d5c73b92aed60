// DESIGN §2: the machine image ships Google's Firestore emulator JAR without a Main-Class, and the
// JAR cannot be downloaded here. A tiny launcher JAR whose manifest points at it makes
// `java -jar $FIRESTORE_EMULATOR_BINARY_PATH` (what firebase-tools runs) work.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const INSTALLED_FIRESTORE_JAR =
  '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar';
const MAIN_CLASS = 'com.google.cloud.datastore.emulator.firestore.CloudFirestore';

/** Sets FIRESTORE_EMULATOR_BINARY_PATH when unset and the installed package is present. */
export function ensureFirestoreLauncher(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.FIRESTORE_EMULATOR_BINARY_PATH) return env.FIRESTORE_EMULATOR_BINARY_PATH;
  if (!existsSync(INSTALLED_FIRESTORE_JAR)) return undefined; // firebase-tools downloads its own JAR
  const cacheDir = join(env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'silk');
  const launcher = join(cacheDir, 'firestore-emulator-launcher.jar');
  if (!existsSync(launcher)) {
    mkdirSync(cacheDir, { recursive: true });
    const manifest = join(cacheDir, 'launcher-manifest.txt');
    writeFileSync(manifest, `Main-Class: ${MAIN_CLASS}\nClass-Path: file:${INSTALLED_FIRESTORE_JAR}\n`);
    execFileSync('jar', ['cfm', launcher, manifest], { stdio: 'inherit' });
  }
  env.FIRESTORE_EMULATOR_BINARY_PATH = launcher;
  return launcher;
}
