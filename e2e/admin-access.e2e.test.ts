// The admin panel from the site's host: the site's Hosting sends /admin and /admin/… to the same path on
// the admin host (302), so a member who types the site's address lands on the panel's sign-in card.
import { ADMIN_PAGE_TITLE } from '@silk/schema/constants';
import { describe, expect, it } from 'vitest';
import { browserSuite } from './support/browser-suite';

const suite = browserSuite();

async function visitOnSite(path: string) {
  const { context } = suite.track({ context: await suite.browser.newContext() });
  const page = await context.newPage();
  await page.goto(`${suite.stack.siteUrl}${path}`);
  await page.getByRole('heading', { name: 'Admin Sign In' }).waitFor();
  return page;
}

describe("/admin on the site's host (e2e)", () => {
  it("lands on the admin host's sign-in page", async () => {
    const page = await visitOnSite('/admin');
    const landed = new URL(page.url());
    expect(landed.origin).toBe(suite.stack.adminUrl);
    expect(landed.pathname).toMatch(/^\/admin\/?$/);
    expect(await page.title()).toBe(ADMIN_PAGE_TITLE);
    expect(await page.getByLabel('Username or Email').isVisible()).toBe(true);
  });

  it('keeps the rest of the path: /admin/settings opens the panel there (signed out: its sign-in card)', async () => {
    const page = await visitOnSite('/admin/settings');
    expect(page.url()).toBe(`${suite.stack.adminUrl}/admin/settings`);
  });

  it('answers with a temporary redirect to the same path and query on the admin host', async () => {
    const response = await fetch(`${suite.stack.siteUrl}/admin/team?from=site`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`${suite.stack.adminUrl}/admin/team?from=site`);
    const bare = await fetch(`${suite.stack.siteUrl}/admin`, { redirect: 'manual' });
    expect(bare.status).toBe(302);
    expect(bare.headers.get('location')).toBe(`${suite.stack.adminUrl}/admin`);
  });

  it('leaves other site paths alone: /administrator is not the panel', async () => {
    const response = await fetch(`${suite.stack.siteUrl}/administrator`, { redirect: 'manual' });
    expect(response.status).toBe(404);
  });
});
