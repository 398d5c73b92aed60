// Client configuration and helpers for the data-access tests that run inside the emulators.
import { appCheckStubUrl, discoverStack } from '@silk/stack/stack';
import { randomUUID } from 'node:crypto';
import { deleteApp, getApps } from 'firebase/app';
import { getAdminServices, type AdminServices } from '../src/admin-firebase';
import { parseClientEnv, type ClientConfig } from '../src/config';

// Our functions are reached as the panel reaches them: through the admin site's Hosting rewrites.
const { adminUrl } = await discoverStack();

export function emulatorConfig(overrides: Record<string, string> = {}): ClientConfig {
  const auth = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const firestore = process.env.FIRESTORE_EMULATOR_HOST;
  if (!auth || !firestore)
    throw new Error('Run inside `firebase emulators:exec` (emulator hosts are not set).');
  return parseClientEnv({
    VITE_FIREBASE_PROJECT_ID: process.env.GCLOUD_PROJECT ?? 'demo-silk',
    VITE_USE_EMULATORS: 'true',
    VITE_AUTH_EMULATOR_HOST: auth,
    VITE_FIRESTORE_EMULATOR_HOST: firestore,
    VITE_API_BASE: `${adminUrl}/api`,
    VITE_APP_CHECK_STUB_URL: appCheckStubUrl(),
    ...overrides,
  });
}

/** A unique, lower-case address: tests share the demo-silk project with other suites. */
export function uniqueEmail(prefix: string, domain = 'example.com'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@${domain}`;
}

export function uniqueUsername(prefix: string): string {
  return `${prefix}_${randomUUID().slice(0, 8)}`;
}

/** Admin-panel services on their own Firebase app, so that each test has its own signed-in user. */
export function freshServices(config: ClientConfig = emulatorConfig()): AdminServices {
  return getAdminServices(config, `test-${randomUUID()}`);
}

export async function deleteAllApps(): Promise<void> {
  await Promise.all(getApps().map((app) => deleteApp(app)));
}
