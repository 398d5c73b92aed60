// The staff lifecycle in Chromium against the built panel on the emulators: an Admin edits roles,
// disables and removes members while their panels are open in other browsers (which follow at once), the
// last enabled Admin stays, every change shows in the Activity tab, and both tabs pass axe.
import {
  AUTH_USER_DISABLED,
  AUTH_USER_NOT_FOUND,
  LAST_ADMIN_REQUIRED,
  memberRemoved,
  memberUpdated,
} from '@silk/schema/messages';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  asLastEnabledAdmin,
  openSignedIn as openSignedInContext,
  seedMember,
  signIn,
  submitSignIn,
  type SeededMember,
} from './support/admin-session';
import { seriousViolations } from './support/axe';
import { browserSuite } from './support/browser-suite';

/** How soon an open panel must follow a change of its member's record. */
const FOLLOW_MS = 5_000;

const suite = browserSuite();
let admin: SeededMember;

beforeAll(async () => {
  admin = await seedMember('lead', ['Admin']);
});

async function openSignedIn(member: SeededMember, path = '/admin'): Promise<Page> {
  return (await openSignedInContext(suite, member, path)).page;
}

/** The Admin's Team Manager with the list loaded. */
async function openTeamManager(): Promise<Page> {
  const page = await openSignedIn(admin, '/admin/team');
  await page.getByRole('table', { name: 'Team members' }).waitFor({ timeout: 20_000 });
  return page;
}

const banner = (page: Page) => page.getByRole('banner');
const signInCard = (page: Page) => page.getByRole('heading', { name: 'Admin Sign In' });
const successBox = (page: Page) => page.getByRole('status').filter({ hasText: /Updated|Removed/ });

describe('Team Manager (e2e)', () => {
  it("shows an Admin's role change in the member's open panel, without a reload", async () => {
    const member = await seedMember('promoted', ['Staff']);
    const theirs = await openSignedIn(member);
    await expect.poll(() => banner(theirs).textContent()).toContain('Staff');
    expect(await theirs.getByRole('navigation').getByRole('link', { name: 'Team Manager' }).count()).toBe(0);

    const page = await openTeamManager();
    await page.getByRole('button', { name: `Edit roles of ${member.username}` }).click();
    const editor = page.getByRole('group', { name: `Roles of ${member.username}` });
    expect(await editor.getByRole('checkbox', { name: 'Staff' }).isChecked()).toBe(true);
    await editor.getByRole('checkbox', { name: 'Director' }).check();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save roles' }).click();
    await expect
      .poll(() => successBox(page).textContent(), { timeout: 10_000 })
      .toBe(memberUpdated(member.email));
    const row = page.getByRole('row').filter({ hasText: member.email });
    await expect.poll(() => row.textContent()).toContain('Director, Staff');

    await expect
      .poll(() => banner(theirs).textContent(), { timeout: FOLLOW_MS })
      .toContain('Director, Staff');
  });

  it('signs a disabled member out of their open panel and lets them back in once enabled', async () => {
    const member = await seedMember('paused', ['Staff']);
    const theirs = await openSignedIn(member);
    const page = await openTeamManager();

    await page.getByRole('button', { name: `Disable ${member.username}` }).click();
    await expect
      .poll(() => successBox(page).textContent(), { timeout: 10_000 })
      .toBe(memberUpdated(member.email));
    await signInCard(theirs).waitFor({ timeout: FOLLOW_MS });
    // The list reloads after the change: wait for the reloaded row rather than read it once.
    await expect
      .poll(() => page.getByRole('row').filter({ hasText: member.email }).textContent(), { timeout: 10_000 })
      .toContain('Disabled');
    await submitSignIn(theirs, member.email, member.password);
    await expect
      .poll(() => theirs.getByRole('alert').textContent(), { timeout: 10_000 })
      .toBe(AUTH_USER_DISABLED);

    await page.getByRole('button', { name: `Enable ${member.username}` }).click();
    await page.getByRole('button', { name: `Disable ${member.username}` }).waitFor({ timeout: 10_000 });
    await signIn(theirs, member.email, member.password);
  });

  it('removes a member after a confirmation: their open panel signs out and Activity shows the removal', async () => {
    const member = await seedMember('leaving', ['Staff', 'Developer']);
    const theirs = await openSignedIn(member);
    const page = await openTeamManager();

    // Cancel first: nothing happens.
    const removeButton = page.getByRole('button', { name: `Remove ${member.username}` });
    await removeButton.click();
    const dialog = page.getByRole('alertdialog', { name: `Remove ${member.username}?` });
    await dialog.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await removeButton.evaluate((button) => button === document.activeElement)).toBe(true);

    await removeButton.click();
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect
      .poll(() => successBox(page).textContent(), { timeout: 10_000 })
      .toBe(memberRemoved(member.email));
    await signInCard(theirs).waitFor({ timeout: FOLLOW_MS });
    await page
      .getByRole('row')
      .filter({ hasText: member.email })
      .waitFor({ state: 'detached', timeout: 10_000 });

    // Gone for good: the account no longer exists.
    await submitSignIn(theirs, member.email, member.password);
    await expect
      .poll(() => theirs.getByRole('alert').textContent(), { timeout: 10_000 })
      .toBe(AUTH_USER_NOT_FOUND);

    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Activity' })
      .click();
    await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Member removed' });
    await page.getByLabel('Actor', { exact: true }).selectOption(admin.email);
    const entry = page.getByRole('row').filter({ hasText: member.email });
    await entry.waitFor({ timeout: 10_000 });
    const cells = await entry.getByRole('cell').allTextContents();
    expect(cells.slice(1)).toEqual([
      admin.email,
      'Member removed',
      member.email,
      `username ${member.username}; roles: Staff, Developer`,
    ]);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('refuses to remove the last enabled Admin, with the message in the red box', async () => {
    await asLastEnabledAdmin(admin, async () => {
      const page = await openTeamManager();
      await page.getByRole('button', { name: `Remove ${admin.username}` }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Remove', exact: true }).click();
      await expect
        .poll(() => page.getByRole('alert').textContent(), { timeout: 10_000 })
        .toBe(LAST_ADMIN_REQUIRED);
      expect(await page.getByRole('row').filter({ hasText: admin.email }).count()).toBe(1);
      expect(await successBox(page).count()).toBe(0);
      // Still an Admin with a working panel.
      await page.reload();
      await page.getByRole('table', { name: 'Team members' }).waitFor({ timeout: 20_000 });
    });
  });
});
