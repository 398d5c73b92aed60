// Helpers of the admin-panel e2e tests: seeded staff with unique e-mails, sign-in through the UI, and
// the Auth emulator's out-of-band codes (password-reset e-mails).
import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { adminSdk } from '../../scripts/lib/admin-sdk';
import { ensureStaffMember, randomPassword } from '../../scripts/lib/staff';
import { PROJECT_ID } from '../../scripts/lib/stack';

export interface SeededMember {
  email: string;
  username: string;
  password: string;
  roles: string[];
  uid: string;
}

/** A short random suffix so tests never collide with other runs' data in the shared emulator. */
export function uniqueSuffix(): string {
  return randomBytes(4).toString('hex');
}

/** Creates an Auth user + staff document + username mapping with a unique e-mail and username. */
export async function seedMember(
  label: string,
  roles: string[],
  options: { mustChangePassword?: boolean; disabled?: boolean } = {},
): Promise<SeededMember> {
  const { auth, db } = adminSdk();
  const suffix = uniqueSuffix();
  const email = `e2e-${label}-${suffix}@silk.test`;
  const username = `${label}-${suffix}`;
  const password = randomPassword();
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

interface OobCode {
  email: string;
  requestType: string;
  oobCode: string;
  oobLink: string;
}

/** The Auth emulator's out-of-band codes (e-mails it would have sent) for one address. */
export async function oobCodesFor(email: string): Promise<OobCode[]> {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host) throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set: run inside the emulators.');
  const response = await fetch(`http://${host}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  const body = (await response.json()) as { oobCodes?: OobCode[] };
  return (body.oobCodes ?? []).filter((code) => code.email === email);
}
