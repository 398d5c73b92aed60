// Client configuration and helpers for the data-access tests that run inside the emulators.
import type { Role } from '@silk/schema/roles';
import { adminSdk } from '@silk/stack/admin-sdk';
import { appCheckStubUrl, discoverStack } from '@silk/stack/stack';
import { ensureStaffMember } from '@silk/stack/staff';
import { randomUUID } from 'node:crypto';
import { deleteApp, getApps } from 'firebase/app';
import { signInWithEmailAndPassword } from 'firebase/auth';
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

/** The password of every account the tests create. */
export const TEST_PASSWORD = 'Sup3r$ecret';

/**
 * A new staff member (Staff unless `roles` say otherwise) with TEST_PASSWORD: a unique address at
 * silk.travel and a unique username, each starting with its prefix.
 */
export async function newStaffMember(
  prefix: { email: string; username: string },
  { roles = ['Staff'], ...options }: { roles?: Role[]; mustChangePassword?: boolean } = {},
): Promise<{ email: string; username: string }> {
  const email = uniqueEmail(prefix.email, 'silk.travel');
  const username = uniqueUsername(prefix.username);
  const { auth, db } = adminSdk();
  await ensureStaffMember(auth, db, { email, username, roles, password: TEST_PASSWORD, ...options });
  return { email, username };
}

/** A new staff member (newStaffMember), signed in on services of their own. */
export async function signedInStaffMember(prefix: { email: string; username: string }, roles?: Role[]) {
  const member = await newStaffMember(prefix, { roles });
  const services = freshServices();
  await signInWithEmailAndPassword(services.auth, member.email, TEST_PASSWORD);
  return { ...member, services };
}

export async function deleteAllApps(): Promise<void> {
  await Promise.all(getApps().map((app) => deleteApp(app)));
}
