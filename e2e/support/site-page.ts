// Helpers for the public site's e2e tests: a fresh browser context per test with the third-party
// visitor lookups cut off (so ip and location are 'N/A'), request tracking for Firestore commits,
// hydration of the islands, the landing page's hero form, and firebase-admin reads of the stored signup.
import { COLLECTIONS, NOT_AVAILABLE, SESSION_EMAIL_KEY } from '@silk/schema/constants';
import { SIGNUP_BUTTON_LABEL, SUBMITTING_SIGNUP_LABEL } from '@silk/schema/messages';
import { adminSdk } from '@silk/stack/admin-sdk';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { expect } from 'vitest';

/** 'N/A' for each of `fields`: what is stored for a question left blank or a lookup that failed. */
export function notAvailable(...fields: string[]): Record<string, string> {
  return Object.fromEntries(fields.map((field) => [field, NOT_AVAILABLE]));
}

/** The location stored when the lookups are unavailable (they are cut off in these tests). */
export const UNKNOWN_LOCATION = notAvailable(
  'city',
  'region',
  'country',
  'country_code',
  'latitude',
  'longitude',
);

/** Aborts every request leaving 127.0.0.1/localhost (the ip and geolocation services, reCAPTCHA). */
export async function cutOffThirdParties(context: BrowserContext): Promise<void> {
  await context.route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname),
    (route) => route.abort('internetdisconnected'),
  );
}

export interface SitePage {
  context: BrowserContext;
  page: Page;
  /** Firestore commit requests the page has sent (firestore/lite writes go through documents:commit). */
  commits: Request[];
  /** Messages of the window.alert dialogs the page has shown (each accepted). */
  alerts: string[];
}

export const FIRESTORE_COMMIT = '**/documents:commit*';

/** Islands each page hydrates at the first interaction (the carousel and FAQ wait until they come into view). */
const ISLANDS_HYDRATED_AT_LOAD: Record<string, string[]> = {
  '/': ['signup'],
  '/waitlist': ['confirmation', 'feedback'],
};

/**
 * Interacts with the page (a Shift key press, which changes nothing) until `islands` have hydrated: React
 * loads at the visitor's first interaction, once the page's small entry has arrived after the first paint.
 */
export async function hydrateIslands(page: Page, islands: string[]): Promise<void> {
  const hydrated = () =>
    page.evaluate(
      (names) =>
        names.every((name) => document.querySelector(`[data-island="${name}"][data-hydrated="true"]`)),
      islands,
    );
  await expect
    .poll(
      async () => {
        await page.keyboard.press('Shift');
        return hydrated();
      },
      { timeout: 20_000, interval: 200 },
    )
    .toBe(true);
}

/** The landing page's hero form: its address field, its button (and the button while it submits), its error. */
export function heroForm(page: Page) {
  const hero = page.locator('#hero');
  return {
    input: hero.getByRole('textbox', { name: 'Your e-mail address' }),
    button: hero.getByRole('button', { name: SIGNUP_BUTTON_LABEL }),
    unlocking: hero.getByRole('button', { name: SUBMITTING_SIGNUP_LABEL }),
    error: hero.getByRole('alert'),
  };
}

/** A random, lower-case address unique to this run. */
export function uniqueEmail(label: string): string {
  return `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/**
 * Opens `path` on the site in a new context. Every request leaving 127.0.0.1/localhost (the ip and
 * geolocation services, reCAPTCHA) is aborted: the lookups fail, as the SPEC's 'N/A' case needs.
 */
export async function openSite(
  browser: Browser,
  siteUrl: string,
  path = '/',
  options: {
    reducedMotion?: 'reduce' | 'no-preference';
    beforeGoto?: (page: Page) => Promise<void>;
    /** The page that linked to the site (the navigation's Referer, the page's `document.referrer`). */
    referer?: string;
  } = {},
): Promise<SitePage> {
  const context = await browser.newContext({ reducedMotion: options.reducedMotion ?? 'no-preference' });
  await cutOffThirdParties(context);
  const page = await context.newPage();
  const commits: Request[] = [];
  const alerts: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('documents:commit')) commits.push(request);
  });
  page.on('dialog', (dialog) => {
    if (dialog.type() === 'alert') alerts.push(dialog.message());
    void dialog.accept();
  });
  await options.beforeGoto?.(page);
  await page.goto(new URL(path, siteUrl).href, options.referer ? { referer: options.referer } : {});
  // Before the islands hydrate, the landing form posts natively: most tests want the hydrated page.
  await hydrateIslands(page, ISLANDS_HYDRATED_AT_LOAD[new URL(path, siteUrl).pathname] ?? []);
  return { context, page, commits, alerts };
}

/** The stored signup document, or undefined. */
export async function readSignup(email: string): Promise<Record<string, unknown> | undefined> {
  const snapshot = await adminSdk().db.collection(COLLECTIONS.waitlistSignups).doc(email).get();
  return snapshot.exists ? snapshot.data() : undefined;
}

/** Seeds a signup as the landing form would have stored it (for feedback tests). */
export async function seedSignup(email: string): Promise<void> {
  const { db } = adminSdk();
  const { FieldValue } = await import('firebase-admin/firestore');
  await db.collection(COLLECTIONS.waitlistSignups).doc(email).set({
    email,
    source: 'Homepage Hero',
    ip: NOT_AVAILABLE,
    location: UNKNOWN_LOCATION,
    timestamp: FieldValue.serverTimestamp(),
    updatedAt: FieldValue.serverTimestamp(),
  });
}

/** A beforeGoto hook that puts the signup e-mail in session storage, as the landing form leaves it. */
export function withSessionEmail(email: string): (page: Page) => Promise<void> {
  return async (page) => {
    await page.addInitScript(({ key, value }) => window.sessionStorage.setItem(key, value), {
      key: SESSION_EMAIL_KEY,
      value: email,
    });
  };
}
