// The API keys tab in Chromium against the built panel on the emulators: an Admin creates a key with a
// scope and sees it once (a fresh load shows only its first characters), the key opens the public API
// through the site's Hosting rewrite, the Admin revokes it after a confirmation and the key is refused
// from then on (401); a Staff member has no API keys tab and the list route refuses them (403); axe finds
// nothing serious on the tab, after the creation and in the dialog.
import { API_KEY_CREATED, API_KEY_REQUIRED, API_KEY_REVOKED } from '@silk/schema/messages';
import { describe, expect, it } from 'vitest';
import { idToken, seedMember, uniqueSuffix } from './support/admin-session';
import { adminSuite } from './support/admin-suite';
import { seriousViolations } from './support/axe';

const suite = adminSuite();
const suffix = uniqueSuffix();

/** A call of the public API as an integration makes it: through the site's /api/v1 path. */
const listSignups = (key: string) =>
  fetch(`${suite.stack.siteUrl}/api/v1/signups/list`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
    body: JSON.stringify({ limit: 1 }),
  });

describe('API keys tab (e2e)', () => {
  it('lets an Admin create a key shown once, and revoke it; axe-clean', async () => {
    const admin = await seedMember('keys', ['Admin']);
    const page = await suite.openSignedIn(admin, '/admin');
    await page.getByRole('navigation').getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('heading', { level: 2, name: 'API keys' }).waitFor({ timeout: 20_000 });
    expect(await seriousViolations(page)).toEqual([]);

    const name = `e2e key ${suffix}`;
    await page.getByLabel('Name').fill(name);
    await page.getByRole('checkbox', { name: 'Read signups' }).check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const status = page.getByRole('status').filter({ hasText: API_KEY_CREATED });
    await status.waitFor({ timeout: 20_000 });
    const key = (await status.locator('code').textContent()) ?? '';
    expect(key).toMatch(/^silk_[A-Za-z0-9_-]{43}$/);
    const row = page.getByRole('table', { name: 'Keys' }).getByRole('row').filter({ hasText: name });
    await row.waitFor({ timeout: 20_000 });
    expect(await row.textContent()).toContain('Active');
    expect(await row.textContent()).toContain(`${key.slice(0, 9)}…`);
    expect(await seriousViolations(page)).toEqual([]);

    expect((await listSignups(key)).status).toBe(200);

    // Shown once: a fresh load of the tab has the key's first characters only.
    await page.reload();
    await row.waitFor({ timeout: 20_000 });
    expect(await page.content()).not.toContain(key);
    await expect
      .poll(async () => (await row.textContent()) ?? '', { timeout: 20_000 })
      .not.toContain('Never');

    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Revoke this API key?' });
    await dialog.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('status').filter({ hasText: API_KEY_REVOKED }).waitFor({ timeout: 20_000 });
    await expect.poll(async () => (await row.textContent()) ?? '', { timeout: 20_000 }).toContain('Revoked');
    expect(await row.getByRole('button', { name: `Revoke ${name}` }).count()).toBe(0);

    const refused = await listSignups(key);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: API_KEY_REQUIRED });
  });

  it('gives a Staff member no API keys tab, and the list route refuses them (403)', async () => {
    const staff = await seedMember('keystaff', ['Staff']);
    const page = await suite.openSignedIn(staff, '/admin');
    await page.getByRole('navigation').getByRole('link', { name: 'Insights' }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('navigation').getByRole('link', { name: 'API keys' }).count()).toBe(0);
    const refused = await fetch(`${suite.stack.adminUrl}/api/api-keys/list`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await idToken(staff)}` },
      body: '{}',
    });
    expect(refused.status).toBe(403);
  });
});
