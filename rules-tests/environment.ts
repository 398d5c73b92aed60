// A rules-unit-testing environment over the running Firestore emulator with the project's rules.
import { initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const RULES_PATH = join(import.meta.dirname, '..', 'firestore.rules');

export async function createRulesEnvironment(projectId: string): Promise<RulesTestEnvironment> {
  const hostAndPort = process.env.FIRESTORE_EMULATOR_HOST;
  if (!hostAndPort)
    throw new Error('FIRESTORE_EMULATOR_HOST is not set: run inside `firebase emulators:exec`.');
  const [host, port] = hostAndPort.split(':');
  return initializeTestEnvironment({
    projectId,
    firestore: { rules: readFileSync(RULES_PATH, 'utf8'), host, port: Number(port) },
  });
}
