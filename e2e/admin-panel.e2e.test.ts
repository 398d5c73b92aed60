// The admin panel signed in, in Chromium against the built app on the emulators (where the UI, Auth, the
// rules and the functions meet as in production): roles and Team Manager access, adding a member with a
// generated password through to their first sign-in, usernames, the live table, the spreadsheet, the
// sidebar and axe on every tab.
import { COLLECTIONS, SIGNUP_SOURCE } from '@silk/schema/constants';
import { SIGNUP_COLUMNS, spreadsheetFileName } from '@silk/schema/formatters';
import {
  CURRENT_PASSWORD_WRONG,
  LOADING_DATA,
  NO_ACCESS_TITLE,
  noAccess,
  RESET_SENT_SETTINGS,
  USERNAME_TAKEN,
  USERNAME_UPDATED,
} from '@silk/schema/messages';
import { SIGNUPS_COMPLETE_MARK } from '@silk/admin/perf-marks';
import { ADMIN_SIDEBAR, STAFF_SIDEBAR } from '@silk/admin/testing/sidebar';
import { adminSdk } from '@silk/stack/admin-sdk';
import { makeSignups } from '@silk/stack/seed-data';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { passwordResetCount, seedMember, signIn, submitSignIn, uniqueSuffix } from './support/admin-session';
import { adminSuite, seededMembers, workbookDownloads } from './support/admin-suite';
import { seriousViolations } from './support/axe';

const suite = adminSuite();
const members = seededMembers({
  admin: ['admin', ['Admin', 'Chief Technology Officer']],
  staff: ['staff', ['Staff']],
});
const download = workbookDownloads('silk-admin-e2e-');

beforeAll(async () => {
  // A few signups of our own so the table and the spreadsheet have rows.
  const { db } = adminSdk();
  const batch = db.batch();
  const suffix = uniqueSuffix();
  for (const signup of makeSignups(25, new Date(), Number.parseInt(suffix, 16))) {
    const email = `e2e-${suffix}-${signup.email}`;
    batch.set(db.collection(COLLECTIONS.waitlistSignups).doc(email), { ...signup, email });
  }
  await batch.commit();
});
/** Long enough for the database client to give up its first reads and call itself offline. */
const DATABASE_OUT_OF_REACH_MS = 4_000;
const nav = (page: Page) => page.getByRole('navigation', { name: 'Admin sections' });

/** The table shown and every signup loaded (the panel's always-on mark; counts are final from then on). */
async function waitForTable(page: Page) {
  await page.getByRole('table', { name: 'Waitlist signups' }).waitFor({ timeout: 20_000 });
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, SIGNUPS_COMPLETE_MARK, {
    timeout: 20_000,
  });
}

/** Each tab an Admin opens after the signups, and a wait for what shows it has loaded. */
const TAB_LOADED: [tab: string, loaded: (page: Page) => Promise<void>][] = [
  [
    'Team Manager',
    async (page) => {
      await page.getByRole('heading', { name: 'Add New Team Member' }).waitFor();
      await page.getByRole('table', { name: 'Team members' }).waitFor({ timeout: 20_000 });
    },
  ],
  ['Activity', (page) => page.getByText(/^Showing \d+ of \d+ entries$/).waitFor({ timeout: 20_000 })],
  [
    'Webhooks',
    async (page) => {
      await page.getByRole('heading', { name: 'Add a webhook' }).waitFor();
      await page.getByRole('heading', { name: 'Deliveries' }).waitFor({ timeout: 20_000 });
    },
  ],
  ['Account Settings', (page) => page.getByRole('heading', { name: 'Change Username' }).waitFor()],
];

describe('admin panel (e2e)', () => {
  it('gives an Admin every tab, each free of serious or critical axe violations', async () => {
    const page = await suite.openSignedIn(members.admin);
    expect(await nav(page).getByRole('link').allTextContents()).toEqual(ADMIN_SIDEBAR);

    await waitForTable(page);
    expect(await seriousViolations(page)).toEqual([]);

    for (const [tab, loaded] of TAB_LOADED) {
      await nav(page).getByRole('link', { name: tab }).click();
      await loaded(page);
      expect(await seriousViolations(page)).toEqual([]);
    }
  });

  it('hides Team Manager and Activity from a Staff member, who cannot reach them by URL either', async () => {
    const page = await suite.openSignedIn(members.staff, '/admin/team');
    expect(await nav(page).getByRole('link').allTextContents()).toEqual(STAFF_SIDEBAR);
    await page.getByRole('heading', { name: 'Waitlist Signups' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin');
    expect(await page.getByRole('heading', { name: 'Add New Team Member' }).count()).toBe(0);

    await page.goto(`${suite.stack.adminUrl}/admin/team`);
    await page.getByRole('heading', { name: 'Waitlist Signups' }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('heading', { name: 'Add New Team Member' }).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/admin');

    await page.goto(`${suite.stack.adminUrl}/admin/activity`);
    await page.getByRole('heading', { name: 'Waitlist Signups' }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('heading', { name: 'Activity' }).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/admin');
  });

  it('opens the panel once the database answers when it was out of reach at a reload; never says "no access"', async () => {
    const page = await suite.openSignedIn(members.staff);
    await page.getByRole('heading', { name: 'Waitlist Signups' }).waitFor();

    // Every database request of the reload refused for its first seconds, as on a connection that drops.
    let reachable = false;
    await page.route('**/google.firestore.v1.Firestore/**', (route) =>
      reachable ? route.continue() : route.abort('connectionrefused'),
    );
    await page.reload();
    await page.waitForTimeout(DATABASE_OUT_OF_REACH_MS);
    reachable = true;

    await page.getByRole('heading', { name: 'Waitlist Signups' }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('heading', { name: NO_ACCESS_TITLE }).count()).toBe(0);
    expect(await nav(page).getByRole('link').allTextContents()).toEqual(STAFF_SIDEBAR);
  });

  it('lets an Admin add a member with a generated password, who must set a new one at first sign-in', async () => {
    const page = await suite.openSignedIn(members.admin, '/admin/team');
    const suffix = uniqueSuffix();
    const email = `e2e-new-${suffix}@silk.test`;
    const username = `new-${suffix}`;
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Username').fill(username);
    expect(await page.getByLabel('Temporary Password').getAttribute('placeholder')).toBe(
      'Minimum 8 characters',
    );
    await page.getByRole('checkbox', { name: 'Developer' }).check();
    await page.getByRole('checkbox', { name: 'Staff' }).check();
    await page.getByRole('button', { name: 'Add Team Member' }).click();

    const status = page.getByRole('status').filter({ hasText: 'Successfully added' });
    await status.waitFor({ timeout: 20_000 });
    expect(await status.textContent()).toContain(`Successfully added ${username} to the team.`);
    const generated = (await status.locator('code').textContent()) ?? '';
    expect(generated.length).toBeGreaterThanOrEqual(8);
    expect(await page.getByRole('button', { name: 'Copy password' }).isVisible()).toBe(true);
    expect(await page.getByLabel('Email Address').inputValue()).toBe('');
    expect(await page.getByLabel('Username').inputValue()).toBe('');
    expect(await page.getByRole('checkbox', { name: 'Developer' }).isChecked()).toBe(false);

    const { db } = adminSdk();
    const stored = (await db.collection(COLLECTIONS.staff).doc(email).get()).data();
    expect(stored).toMatchObject({ username, roles: ['Developer', 'Staff'], mustChangePassword: true });

    // The new member's first sign-in, in a browser of their own.
    const theirs = await suite.openAdmin();
    await theirs.page.getByRole('heading', { name: 'Admin Sign In' }).waitFor();
    await submitSignIn(theirs.page, username, generated);
    await theirs.page.getByRole('heading', { name: 'Set a new password' }).waitFor({ timeout: 20_000 });
    expect(await nav(theirs.page).count()).toBe(0);
    expect(await seriousViolations(theirs.page)).toEqual([]);
    await theirs.page.getByLabel('New Password', { exact: true }).fill('Fresh-Passw0rd!');
    await theirs.page.getByLabel('Confirm New Password').fill('Fresh-Passw0rd!');
    await theirs.page.getByRole('button', { name: 'Set Password' }).click();
    await nav(theirs.page).waitFor({ timeout: 20_000 });
    await expect.poll(() => theirs.page.getByRole('banner').textContent()).toContain('Developer, Staff');
    expect((await db.collection(COLLECTIONS.staff).doc(email).get()).get('mustChangePassword')).toBe(false);
    // The one-time password typed at sign-in went along as the proof (not only the recent sign-in).
    const changes = await db.collection(COLLECTIONS.auditLog).where('target', '==', email).get();
    expect(
      changes.docs
        .filter((entry) => entry.get('action') === 'password.changed')
        .map((entry) => entry.get('details')),
    ).toEqual([{ proof: 'current-password' }]);

    // The new password is the one that works from now on.
    await theirs.page.getByRole('button', { name: 'Logout' }).click();
    await theirs.page.getByRole('heading', { name: 'Admin Sign In' }).waitFor();
    await signIn(theirs.page, email, 'Fresh-Passw0rd!');
    expect(await theirs.page.getByRole('heading', { name: 'Set a new password' }).count()).toBe(0);
  });

  it('after a reload, the forced change asks for the one-time password: a wrong one is refused, the right one opens the panel', async () => {
    const member = await seedMember('reloaded', ['Staff'], { mustChangePassword: true });
    const { page } = await suite.openAdmin();
    await page.getByRole('heading', { name: 'Admin Sign In' }).waitFor();
    await submitSignIn(page, member.email, member.password);
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor({ timeout: 20_000 });
    expect(await page.getByLabel('Current Password').count()).toBe(0);
    await page.reload();
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor({ timeout: 20_000 });
    const current = page.getByLabel('Current Password');
    expect(await current.getAttribute('type')).toBe('password');
    await current.fill('Not-the-0ne!');
    await page.getByLabel('New Password', { exact: true }).fill('Fresh-Passw0rd!');
    await page.getByLabel('Confirm New Password').fill('Fresh-Passw0rd!');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent(), { timeout: 10_000 })
      .toBe(CURRENT_PASSWORD_WRONG);
    expect(await nav(page).count()).toBe(0);
    await current.fill(member.password);
    await page.getByRole('button', { name: 'Set Password' }).click();
    await nav(page).waitFor({ timeout: 20_000 });
  });

  it("refuses another member's username and updates to a free one", async () => {
    const member = await seedMember('renamer', ['Staff']);
    const page = await suite.openSignedIn(member, '/admin/settings');
    const usernameCard = page.getByRole('region', { name: 'Change Username' });
    expect(await usernameCard.getByLabel('Current Username').inputValue()).toBe(member.username);

    await usernameCard.getByLabel('New Username').fill(members.staff.username);
    await usernameCard.getByRole('button', { name: 'Update Username' }).click();
    await expect
      .poll(() => usernameCard.getByRole('alert').textContent(), { timeout: 10_000 })
      .toBe(USERNAME_TAKEN);

    const renamed = `renamed-${uniqueSuffix()}`;
    await usernameCard.getByLabel('New Username').fill(renamed);
    await usernameCard.getByRole('button', { name: 'Update Username' }).click();
    await expect
      .poll(() => usernameCard.getByRole('status').textContent(), { timeout: 10_000 })
      .toBe(USERNAME_UPDATED);
    expect(await usernameCard.getByRole('alert').count()).toBe(0);
    expect(await usernameCard.getByLabel('Current Username').inputValue()).toBe(renamed);
    expect(await page.getByRole('banner').textContent()).toContain(renamed);

    // Sign-in by the new username works.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Admin Sign In' }).waitFor();
    await signIn(page, renamed, member.password);
  });

  it('sends the own password-reset e-mail from Account Settings', async () => {
    const page = await suite.openSignedIn(members.staff, '/admin/settings');
    const card = page.getByRole('region', { name: 'Change Password' });
    expect(await card.getByLabel('Email').inputValue()).toBe(members.staff.email);
    const resets = () => passwordResetCount(members.staff.email);
    const before = await resets();
    await card.getByRole('button', { name: 'Send Password Reset Email' }).click();
    await expect
      .poll(() => card.getByRole('status').textContent(), { timeout: 10_000 })
      .toBe(RESET_SENT_SETTINGS);
    await expect.poll(resets).toBe(before + 1);
  });

  it('shows a signup written while the table is open, without a reload', async () => {
    const page = await suite.openSignedIn(members.staff);
    await waitForTable(page);
    const total = page.getByText(/Total signups:/);
    const before = Number(((await total.textContent()) ?? '').replace(/\D/g, ''));
    const email = `e2e-live-${uniqueSuffix()}@example.com`;
    await adminSdk().db.collection(COLLECTIONS.waitlistSignups).doc(email).set({
      email,
      source: SIGNUP_SOURCE,
      ip: '10.1.2.3',
      location: 'Lisbon',
      timestamp: FieldValue.serverTimestamp(),
      updatedAt: FieldValue.serverTimestamp(),
    });
    await page.getByRole('cell', { name: email }).waitFor({ timeout: 15_000 });
    await expect
      .poll(async () => Number(((await total.textContent()) ?? '').replace(/\D/g, '')))
      .toBe(before + 1);
  });

  it('takes a signup deleted through the Admin SDK out of an open panel, without a reload', async () => {
    const email = `aaa-gone-${uniqueSuffix()}@example.com`;
    const signups = adminSdk().db.collection(COLLECTIONS.waitlistSignups);
    // Changed long ago and signed up just now: at the top of the table, and only the deletions feed can take it out.
    const longAgo = Timestamp.fromMillis(Date.now() - 3 * 3600_000);
    await signups.doc(email).set({
      email,
      source: SIGNUP_SOURCE,
      ip: '10.1.2.4',
      location: 'Porto',
      timestamp: FieldValue.serverTimestamp(),
      updatedAt: longAgo,
    });
    const page = await suite.openSignedIn(members.staff);
    await waitForTable(page);
    await page.getByRole('cell', { name: email }).waitFor({ timeout: 15_000 });
    const total = page.getByText(/Total signups:/);
    const before = Number(((await total.textContent()) ?? '').replace(/\D/g, ''));
    await signups.doc(email).delete();
    await page.getByRole('cell', { name: email }).waitFor({ state: 'detached', timeout: 15_000 });
    await expect
      .poll(async () => Number(((await total.textContent()) ?? '').replace(/\D/g, '')))
      .toBe(before - 1);
  });

  it('tells a signed-in account without access so, and signs it out on request', async () => {
    const email = `outsider-${uniqueSuffix()}@example.com`;
    const password = 'Outs1der!pass';
    await adminSdk().auth.createUser({ email, password, emailVerified: true });
    const session = await suite.openAdmin();
    await submitSignIn(session.page, email, password);
    await session.page.getByRole('heading', { name: NO_ACCESS_TITLE }).waitFor({ timeout: 15_000 });
    expect(await session.page.getByRole('alert').textContent()).toBe(noAccess(email));
    expect(await session.page.getByText(LOADING_DATA).count()).toBe(0);
    expect(await seriousViolations(session.page)).toEqual([]);
    await session.page.getByRole('button', { name: 'Sign out' }).click();
    await session.page.getByRole('heading', { name: 'Admin Sign In' }).waitFor({ timeout: 10_000 });
  });

  it('saves waitlist_signups_{date}.xlsx with the 12 headers and one row per signup', async () => {
    const page = await suite.openSignedIn(members.admin);
    await waitForTable(page);
    const { db } = adminSdk();
    const count = (await db.collection(COLLECTIONS.waitlistSignups).count().get()).data().count;
    const { fileName, sheet } = await download(page, () =>
      page.getByRole('button', { name: 'Download spreadsheet' }).click(),
    );
    expect(fileName).toBe(spreadsheetFileName());

    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(SIGNUP_COLUMNS.map((column) => column.header));
    expect(sheet.actualRowCount - 1).toBe(count);
    await expect
      .poll(() => page.getByRole('button', { name: 'Download spreadsheet' }).isEnabled())
      .toBe(true);
  });

  it('collapses the sidebar to icons and expands it again', async () => {
    const page = await suite.openSignedIn(members.staff);
    const sidebar = page.locator('#admin-sidebar');
    const expandedWidth = (await sidebar.boundingBox())!.width;
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    const expand = page.getByRole('button', { name: 'Expand sidebar' });
    expect(await expand.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(async () => (await sidebar.boundingBox())!.width).toBeLessThan(expandedWidth / 2);
    // Icon-only, yet every tab keeps its name.
    expect(await nav(page).getByRole('link', { name: 'Account Settings' }).isVisible()).toBe(true);
    expect(
      (await nav(page).getByRole('link', { name: 'Account Settings' }).boundingBox())!.width,
    ).toBeLessThan(60);
    await nav(page).getByRole('link', { name: 'Account Settings' }).click();
    await page.getByRole('heading', { name: 'Change Password' }).waitFor();
    await expand.click();
    await expect.poll(async () => (await sidebar.boundingBox())!.width).toBe(expandedWidth);
    expect(await page.getByRole('button', { name: 'Collapse sidebar' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
  });
});
