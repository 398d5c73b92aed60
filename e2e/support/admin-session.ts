// Helpers of the admin-panel e2e tests: seeded staff with unique e-mails, sign-in through the UI, a
// last-Admin state, and the Auth emulator's out-of-band codes (password-reset e-mails).
import { COLLECTIONS } from '@silk/schema/constants';
import { generateOneTimePassword } from '@silk/schema/password';
import type { Role } from '@silk/schema/roles';
import { adminSdk } from '@silk/stack/admin-sdk';
import { PROJECT_ID } from '@silk/stack/stack';
import { ensureStaffMember } from '@silk/stack/staff';
import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';

export interface SeededMember {
  email: string;
  username: string;
  password: string;
  roles: Role[];
  uid: string;
}

/** A short random suffix so tests never collide with other runs' data in the shared emulator. */
export function uniqueSuffix(): string {
  return randomBytes(4).toString('hex');
}

/** Creates an Auth user + staff document + username mapping with a unique e-mail and username. */
export async function seedMember(
  label: string,
  roles: Role[],
  options: { mustChangePassword?: boolean; disabled?: boolean } = {},
): Promise<SeededMember> {
  const { auth, db } = adminSdk();
  const suffix = uniqueSuffix();
  const email = `e2e-${label}-${suffix}@silk.test`;
  const username = `${label}-${suffix}`;
  const password = generateOneTimePassword();
  const { uid } = await ensureStaffMember(auth, db, {
    email,
    username,
    roles,
    password,
    mustChangePassword: options.mustChangePassword ?? false,
  });
  if (options.disabled) await auth.updateUser(uid, { disabled: true });
  return { email, username, password, roles, uid };
}

export interface AdminPage {
  context: BrowserContext;
  page: Page;
}

/** A fresh browser context (its own IndexedDB, so its own auth session) on the admin panel. */
export async function openAdmin(browser: Browser, adminUrl: string, path = '/admin'): Promise<AdminPage> {
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(`${adminUrl}${path}`);
  return { context, page };
}

/** Fills the "Admin Sign In" card and submits it. */
export async function submitSignIn(page: Page, identifier: string, password: string): Promise<void> {
  await page.getByLabel('Username or Email').fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Signs in and waits for the panel (its navigation) to open. */
export async function signIn(page: Page, identifier: string, password: string): Promise<void> {
  await submitSignIn(page, identifier, password);
  await page.getByRole('navigation', { name: 'Admin sections' }).waitFor({ timeout: 20_000 });
}

/**
 * A fresh browser context on `path`, signed in by e-mail as `member`. The suite tracks the context before
 * the sign-in, so a sign-in that fails is reported with the page it stopped on, then closed.
 */
export async function openSignedIn(
  suite: { browser: Browser; stack: { adminUrl: string }; track(session: AdminPage): AdminPage },
  member: SeededMember,
  path = '/admin',
): Promise<AdminPage> {
  const session = suite.track(await openAdmin(suite.browser, suite.stack.adminUrl, path));
  await session.page.getByRole('heading', { name: 'Admin Sign In' }).waitFor();
  await signIn(session.page, member.email, member.password);
  return session;
}

/**
 * Runs `body` with every other enabled Admin's staff record disabled (restored afterwards), so `admin` is
 * the team's last enabled Admin. The e2e files run one at a time, so no other test sees the change.
 */
export async function asLastEnabledAdmin(admin: SeededMember, body: () => Promise<void>): Promise<void> {
  const { db } = adminSdk();
  const admins = await db.collection(COLLECTIONS.staff).where('roles', 'array-contains', 'Admin').get();
  const others = admins.docs.filter((doc) => doc.id !== admin.email && doc.get('disabled') !== true);
  await Promise.all(others.map((doc) => doc.ref.update({ disabled: true })));
  try {
    await body();
  } finally {
    await Promise.all(others.map((doc) => doc.ref.update({ disabled: false })));
  }
}

interface OobCode {
  email: string;
  requestType: string;
  oobCode: string;
  oobLink: string;
}

/** The Auth emulator's out-of-band codes (e-mails it would have sent) for one address. */
async function oobCodesFor(email: string): Promise<OobCode[]> {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host) throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set: run inside the emulators.');
  const response = await fetch(`http://${host}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  const body = (await response.json()) as { oobCodes?: OobCode[] };
  return (body.oobCodes ?? []).filter((code) => code.email === email);
}

/** The number of password-reset e-mails the Auth emulator has sent to `email` so far. */
export async function passwordResetCount(email: string): Promise<number> {
  return (await oobCodesFor(email)).filter((code) => code.requestType === 'PASSWORD_RESET').length;
}

/** The member's ID token from the Auth emulator (as the panel would hold it). */
export async function idToken(who: SeededMember): Promise<string> {
  const response = await fetch(
    `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: who.email, password: who.password, returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as { idToken?: string };
  if (!body.idToken) throw new Error(`no ID token for ${who.email}`);
  return body.idToken;
}
