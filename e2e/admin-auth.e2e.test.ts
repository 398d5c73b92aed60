// The admin panel's signed-out side in Chromium, against the built app on the emulators (where the UI,
// Auth and the rules meet as in production): title, sign-in by e-mail and by username, every sign-in
// error, the reset e-mail, Logout, axe.
import { ADMIN_PAGE_TITLE, MARKETING_TITLE } from '@silk/schema/constants';
import {
  AUTH_INVALID_EMAIL,
  AUTH_USER_DISABLED,
  AUTH_USER_NOT_FOUND,
  AUTH_WRONG_PASSWORD,
  RESET_IDENTIFIER_REQUIRED,
  RESET_SENT_LOGIN,
  SIGN_IN_FIELDS_REQUIRED,
  USERNAME_NOT_FOUND,
} from '@silk/schema/messages';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { passwordResetCount, signIn, submitSignIn, uniqueSuffix } from './support/admin-session';
import { adminSuite, seededMembers } from './support/admin-suite';
import { seriousViolations } from './support/axe';

const suite = adminSuite();
const members = seededMembers({
  admin: ['admin', ['Admin', 'Developer']],
  disabled: ['disabled', ['Staff'], { disabled: true }],
});

async function open(path = '/admin'): Promise<Page> {
  const session = await suite.openAdmin(path);
  await session.page.getByRole('heading', { name: 'Admin Sign In' }).waitFor();
  return session.page;
}

type Credentials = [identifier: string, password: string];

function errorBox(page: Page) {
  return page.getByRole('alert');
}

describe('admin sign-in (e2e)', () => {
  it('is titled "Admin Panel" and restores the marketing title when the page is left', async () => {
    const page = await open();
    expect(await page.title()).toBe(ADMIN_PAGE_TITLE);
    const titleOnLeaving = await page.evaluate(() => {
      window.dispatchEvent(new PageTransitionEvent('pagehide'));
      return document.title;
    });
    expect(titleOnLeaving).toBe(MARKETING_TITLE);
  });

  it('is served with headers that forbid framing the panel', async () => {
    const response = await fetch(`${suite.stack.adminUrl}/admin`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('shows the sign-in card with no serious or critical axe violation', async () => {
    const page = await open();
    await expect.poll(() => page.getByLabel('Username or Email').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Forgot Password?' }).isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('signs in by e-mail and shows the username and the comma-joined roles', async () => {
    const page = await open();
    await signIn(page, members.admin.email, members.admin.password);
    const banner = page.getByRole('banner');
    await expect.poll(() => banner.textContent()).toContain(members.admin.username);
    expect(await banner.textContent()).toContain('Admin, Developer');
    expect(await page.title()).toBe(ADMIN_PAGE_TITLE);
  });

  it('signs in by username', async () => {
    const page = await open();
    await signIn(page, members.admin.username, members.admin.password);
    await expect.poll(() => page.getByRole('banner').textContent()).toContain(members.admin.username);
  });

  it.each([
    ['both fields are required', (): Credentials => ['', ''], SIGN_IN_FIELDS_REQUIRED],
    [
      'an unknown username',
      (): Credentials => [`nobody-${uniqueSuffix()}`, 'Whatever1!'],
      USERNAME_NOT_FOUND,
    ],
    [
      'an unknown e-mail',
      (): Credentials => [`nobody-${uniqueSuffix()}@silk.test`, 'Whatever1!'],
      AUTH_USER_NOT_FOUND,
    ],
    ['a wrong password', (): Credentials => [members.admin.email, 'Wrong-Passw0rd'], AUTH_WRONG_PASSWORD],
    ['a malformed e-mail', (): Credentials => ['ana@', 'Whatever1!'], AUTH_INVALID_EMAIL],
    [
      'a disabled account',
      (): Credentials => [members.disabled.email, members.disabled.password],
      AUTH_USER_DISABLED,
    ],
  ])('refuses %s with the SPEC message in the red box', async (_case, credentials, message) => {
    const page = await open();
    const [identifier, password] = credentials();
    await submitSignIn(page, identifier, password);
    await expect.poll(() => errorBox(page).textContent(), { timeout: 10_000 }).toBe(message);
    expect(await page.getByRole('navigation', { name: 'Admin sections' }).count()).toBe(0);
  });

  it('sends a reset e-mail from "Forgot Password?" (the Auth emulator issues the code)', async () => {
    const page = await open();
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect.poll(() => errorBox(page).textContent()).toBe(RESET_IDENTIFIER_REQUIRED);
    expect(await seriousViolations(page)).toEqual([]);

    const before = await passwordResetCount(members.admin.email);
    await page.getByLabel('Username or Email').fill(members.admin.username);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent(), { timeout: 10_000 })
      .toBe(RESET_SENT_LOGIN);
    expect(await errorBox(page).count()).toBe(0);
    await expect.poll(() => passwordResetCount(members.admin.email)).toBe(before + 1);

    await page.getByRole('button', { name: 'Back to Sign In' }).click();
    expect(await page.getByRole('button', { name: 'Sign In' }).isVisible()).toBe(true);
  });

  it('returns to the sign-in card on Logout', async () => {
    const page = await open('/admin/settings');
    await signIn(page, members.admin.email, members.admin.password);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Admin Sign In' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin');
    // The session is gone: a reload stays signed out.
    await page.reload();
    await page.getByRole('heading', { name: 'Admin Sign In' }).waitFor();
  });
});
