import { ADMIN_PAGE_TITLE, MARKETING_TITLE } from '@silk/schema/constants';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverStack, type RunningStack } from '../scripts/lib/stack';
import { launchChromium } from './support/browser';

let browser: Browser;
let stack: RunningStack;

beforeAll(async () => {
  stack = await discoverStack();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('the built apps on the Hosting emulator', () => {
  it('serves the landing page with the marketing title', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.siteUrl}/`);
    await expect.poll(() => page.title()).toBe(MARKETING_TITLE);
    await page.close();
  });

  it('serves the admin panel at /admin with the title "Admin Panel"', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.adminUrl}/admin`);
    await expect.poll(() => page.title()).toBe(ADMIN_PAGE_TITLE);
    await page.close();
  });
});
