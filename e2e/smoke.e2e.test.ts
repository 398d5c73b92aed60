import { ADMIN_PAGE_TITLE, MARKETING_TITLE } from '@silk/schema/constants';
import { launchChromium } from '@silk/stack/browser';
import { discoverStack, type RunningStack } from '@silk/stack/stack';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectNoCspViolations, watchCsp } from './support/csp';

let browser: Browser;
let stack: RunningStack;

beforeAll(async () => {
  stack = await discoverStack();
  browser = watchCsp(await launchChromium());
});
afterEach(expectNoCspViolations);
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
