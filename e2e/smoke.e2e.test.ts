import { ADMIN_PAGE_TITLE, MARKETING_TITLE } from '@silk/schema/constants';
import { describe, expect, it } from 'vitest';
import { browserSuite } from './support/browser-suite';

const suite = browserSuite();

describe('the built apps on the Hosting emulator', () => {
  it('serves the landing page with the marketing title', async () => {
    const page = await suite.browser.newPage();
    await page.goto(`${suite.stack.siteUrl}/`);
    await expect.poll(() => page.title()).toBe(MARKETING_TITLE);
    await page.close();
  });

  it('serves the admin panel at /admin with the title "Admin Panel"', async () => {
    const page = await suite.browser.newPage();
    await page.goto(`${suite.stack.adminUrl}/admin`);
    await expect.poll(() => page.title()).toBe(ADMIN_PAGE_TITLE);
    await page.close();
  });
});
