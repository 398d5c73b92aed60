// The public site in Chromium, against the prerendered build on the emulators (the pages, the rules and
// the functions as visitors meet them in production), with its islands hydrated: the landing form's
// states and stored record, repeat signups, a refused write, a failing mailing-list call, the feedback
// form, the session-expired alert, the 404 page and axe on / and /waitlist; no CSP violation on any page.
// Before and without JavaScript: site-progressive.e2e.test.ts.
import {
  MARKETING_TITLE,
  NOT_AVAILABLE,
  SESSION_EMAIL_KEY,
  SIGNUP_SOURCE,
  WAITLIST_PAGE_TITLE,
} from '@silk/schema/constants';
import {
  FEEDBACK_FAILED,
  INVALID_EMAIL,
  SESSION_EXPIRED,
  SIGNUP_BUTTON_LABEL,
  SIGNUP_FAILED,
  SUBMITTING_FEEDBACK_LABEL,
} from '@silk/schema/messages';
import { Timestamp } from 'firebase-admin/firestore';
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import {
  FIRESTORE_COMMIT,
  heroForm,
  notAvailable,
  openSite,
  readSignup,
  seedSignup,
  UNKNOWN_LOCATION,
  uniqueEmail,
  withSessionEmail,
  type SitePage,
} from './support/site-page';
import { browserSuite } from './support/browser-suite';
import { joinWithHeroForm } from './support/subscriber-mail';

const suite = browserSuite();
let session: SitePage | undefined;

async function open(path = '/', options?: Parameters<typeof openSite>[3]): Promise<SitePage> {
  session = await openSite(suite.browser, suite.stack.siteUrl, path, options);
  suite.contexts.push(session.context);
  return session;
}

/** Holds Firestore commits until released, so the submitting state can be observed. */
async function holdCommits(page: Page) {
  const held: Route[] = [];
  await page.route(FIRESTORE_COMMIT, (route) => void held.push(route));
  return {
    async waitForOne() {
      await expect.poll(() => held.length).toBeGreaterThan(0);
    },
    async release() {
      for (const route of held.splice(0)) await route.continue();
      await page.unroute(FIRESTORE_COMMIT);
    },
  };
}

describe('landing page /', () => {
  it('has the marketing title, the SPEC sections and the top-bar button to #hero', async () => {
    const { page } = await open('/');
    expect(await page.title()).toBe(MARKETING_TITLE);
    for (const id of ['hero', 'features', 'how-it-works', 'testimonials', 'faq']) {
      expect(await page.locator(`#${id}`).count()).toBe(1);
    }
    const cta = page.getByRole('banner').getByRole('link', { name: SIGNUP_BUTTON_LABEL });
    expect(await cta.getAttribute('href')).toBe('#hero');
    await page.locator('#faq').scrollIntoViewIfNeeded();
    await cta.click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('hero-email');
  });

  it('shows the SPEC message for a bad address and writes nothing', async () => {
    const { page, commits } = await open('/');
    const { input, button, error } = heroForm(page);
    const bad = `not-an-email-${Date.now()}`;
    await input.fill(bad);
    await button.click();
    await expect.poll(() => error.textContent()).toBe(INVALID_EMAIL);
    expect(await error.evaluate((node) => getComputedStyle(node).color)).toBe('rgb(180, 35, 24)');
    await page.waitForTimeout(500);
    expect(commits).toHaveLength(0);
    expect(await readSignup(bad)).toBeUndefined();
    expect(await page.evaluate((key) => sessionStorage.getItem(key), SESSION_EMAIL_KEY)).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('shows "Unlocking..." with disabled controls, stores the SPEC record and lands on /waitlist with the personalised text', async () => {
    const { page } = await open('/');
    const email = uniqueEmail('ana');
    const { input, button, unlocking } = heroForm(page);
    const commits = await holdCommits(page);
    await input.fill(email);
    const before = Date.now();
    await button.click();
    await unlocking.waitFor();
    expect(await unlocking.isDisabled()).toBe(true);
    expect(await input.isDisabled()).toBe(true);
    await commits.waitForOne();
    await Promise.all([page.waitForURL('**/waitlist'), commits.release()]);

    expect(new URL(page.url()).pathname).toBe('/waitlist');
    expect(await page.title()).toBe(WAITLIST_PAGE_TITLE);
    expect(await page.evaluate((key) => sessionStorage.getItem(key), SESSION_EMAIL_KEY)).toBe(email);
    await page
      .getByText(`We have secured a spot on the Silk waitlist for ${email}.`, { exact: false })
      .waitFor();
    expect(await page.getByText(/Watch your inbox for updates and for your early access link/).count()).toBe(
      1,
    );

    const stored = await readSignup(email);
    expect(stored).toMatchObject({
      email,
      source: SIGNUP_SOURCE,
      ip: NOT_AVAILABLE,
      location: UNKNOWN_LOCATION,
    });
    expect(stored?.timestamp).toBeInstanceOf(Timestamp);
    const written = (stored?.timestamp as Timestamp).toMillis();
    expect(written).toBeGreaterThan(before - 60_000);
    expect(written).toBeLessThan(Date.now() + 60_000);
  });

  it('updates the same record on a repeat signup', async () => {
    const email = uniqueEmail('repeat');
    let { page } = await open('/');
    await joinWithHeroForm(page, email);
    const first = await readSignup(email);
    await session!.context.close();

    ({ page } = await open('/'));
    await joinWithHeroForm(page, email.toUpperCase());
    const second = await readSignup(email);
    expect(second?.email).toBe(email);
    expect((second?.timestamp as Timestamp).toMillis()).toBeGreaterThanOrEqual(
      (first?.timestamp as Timestamp).toMillis(),
    );
    expect(await readSignup(email.toUpperCase())).toBeUndefined();
  });

  it('shows the SPEC error and stays on the page when the database refuses the write', async () => {
    const { page } = await open('/');
    await page.route(FIRESTORE_COMMIT, (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 403, message: 'Missing or insufficient permissions.', status: 'PERMISSION_DENIED' },
        }),
      }),
    );
    const email = uniqueEmail('refused');
    const { input, button, error } = heroForm(page);
    await input.fill(email);
    await button.click();
    await expect.poll(() => error.textContent()).toBe(SIGNUP_FAILED);
    expect(await button.isEnabled()).toBe(true);
    expect(await input.isEnabled()).toBe(true);
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate((key) => sessionStorage.getItem(key), SESSION_EMAIL_KEY)).toBeNull();
    expect(await readSignup(email)).toBeUndefined();
  });

  it('still completes when /api/subscribe fails', async () => {
    const { page } = await open('/');
    const subscribeCalls: string[] = [];
    await page.route('**/api/subscribe', (route) => {
      subscribeCalls.push(route.request().postData() ?? '');
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"error":"Mailing list unavailable."}',
      });
    });
    const email = uniqueEmail('nosub');
    await joinWithHeroForm(page, email);
    expect(subscribeCalls.map((body) => JSON.parse(body) as unknown)).toEqual([{ email }]);
    expect(await readSignup(email)).toMatchObject({ email, source: SIGNUP_SOURCE });
  });

  it('plays the carousel by keyboard and opens one FAQ answer at a time', async () => {
    const { page } = await open('/', { reducedMotion: 'reduce' });
    const carousel = page.getByRole('region', { name: 'Silk product demo' });
    await carousel.scrollIntoViewIfNeeded();
    await page.locator('[data-island="carousel"][data-hydrated="true"]').waitFor({ state: 'attached' });
    await carousel.getByRole('button', { name: 'Next slide' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => carousel.locator('[aria-live]').textContent()).toMatch(/^Slide 2 of 6/);
    const faq = page.locator('#faq');
    await faq.scrollIntoViewIfNeeded();
    await page.locator('[data-island="faq"][data-hydrated="true"]').waitFor({ state: 'attached' });
    const first = faq.locator('summary', { hasText: 'What is Silk?' });
    const second = faq.locator('summary', { hasText: 'How do I get early access?' });
    const isOpen = (summary: typeof first) =>
      summary.evaluate((node) => (node.parentElement as HTMLDetailsElement).open);
    await first.click();
    expect(await isOpen(first)).toBe(true);
    await second.click();
    expect(await isOpen(first)).toBe(false);
    expect(await isOpen(second)).toBe(true);
    await second.click();
    expect(await isOpen(second)).toBe(false);
  });

  it('has no serious or critical axe violation', async () => {
    const { page } = await open('/', { reducedMotion: 'reduce' });
    await page.waitForLoadState('load');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('has no serious or critical axe violation with motion on, once every section has been revealed', async () => {
    const { page } = await open('/');
    await page.waitForLoadState('load');
    for (let y = 0; y < 12_000; y += 500) {
      await page.mouse.wheel(0, 500);
      await page.waitForTimeout(60);
    }
    await expect
      .poll(() =>
        page.evaluate(() => document.querySelectorAll('[data-animate]:not([data-revealed="true"])').length),
      )
      .toBe(0);
    await page.waitForTimeout(1200); // the reveal transitions and the fog have finished
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('shows every section before its JavaScript arrives', async () => {
    const context = await suite.browser.newContext();
    await context.route('**/assets/*.js', (route) => route.abort());
    const page = await context.newPage();
    try {
      await page.goto(`${suite.stack.siteUrl}/`);
      expect(await page.locator('[data-revealed="false"]').count()).toBe(0);
      for (const id of ['features', 'how-it-works', 'testimonials', 'faq']) {
        expect(await page.locator(`#${id}`).evaluate((node) => getComputedStyle(node).opacity)).toBe('1');
      }
      expect(await page.getByText('Coordination hell').isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('fits a 320 px wide screen without horizontal scrolling', async () => {
    const { page } = await open('/');
    await page.setViewportSize({ width: 320, height: 640 });
    for (const path of ['/', '/waitlist']) {
      await page.goto(new URL(path, suite.stack.siteUrl).href);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    }
  });
});

describe('waitlist confirmation /waitlist', () => {
  it('shows the generic copy and "Back to Home" without a session', async () => {
    const { page } = await open('/waitlist');
    expect(await page.title()).toBe(WAITLIST_PAGE_TITLE);
    await page.getByRole('heading', { level: 1, name: 'Welcome to the Silk waitlist' }).waitFor();
    const back = page.getByRole('banner').getByRole('link', { name: 'Back to Home' });
    expect(await back.getAttribute('href')).toBe('/');
  });

  it('stores blanks as N/A with the feedback and shows "Thank You"', async () => {
    const email = uniqueEmail('feedback');
    await seedSignup(email);
    const { page } = await open('/waitlist', {
      beforeGoto: withSessionEmail(email),
    });
    await page.getByText(email, { exact: false }).waitFor();
    const commits = await holdCommits(page);
    await page.getByLabel('How often do you travel?').selectOption('Monthly or more');
    await page.getByRole('checkbox', { name: 'AI price hunting' }).check();
    await page.getByRole('button', { name: 'Send my answers' }).click();
    const submitting = page.getByRole('button', { name: SUBMITTING_FEEDBACK_LABEL });
    await submitting.waitFor();
    expect(await submitting.isDisabled()).toBe(true);
    await commits.waitForOne();
    await commits.release();
    await page.getByRole('heading', { name: 'Thank You' }).waitFor();
    expect(
      await page.getByRole('main').getByRole('link', { name: 'Back to Home' }).getAttribute('href'),
    ).toBe('/');

    expect(await readSignup(email)).toMatchObject({
      email,
      source: SIGNUP_SOURCE,
      travelFrequency: 'Monthly or more',
      excitedFeatures: 'AI price hunting',
      ...notAvailable(
        'biggestFrustration',
        'workEmail',
        'contentCreator',
        'suggestionsFeedback',
        'socialMedia',
        'ip',
      ),
      location: UNKNOWN_LOCATION,
      timestamp: expect.any(Timestamp),
    });
  });

  it('alerts the SPEC message and keeps the form when the feedback write fails', async () => {
    const email = uniqueEmail('feedbackfail');
    const { page, alerts } = await open('/waitlist', {
      beforeGoto: withSessionEmail(email),
    });
    await page.route(FIRESTORE_COMMIT, (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }),
    );
    await page.getByLabel('Your social media handle').fill('@ana');
    await page.getByRole('button', { name: 'Send my answers' }).click();
    await expect.poll(() => alerts).toEqual([FEEDBACK_FAILED]);
    expect(await page.getByLabel('Your social media handle').inputValue()).toBe('@ana');
    expect(await page.getByRole('heading', { name: 'Thank You' }).count()).toBe(0);
  });

  it('alerts that the session expired and writes nothing without a session', async () => {
    const { page, alerts, commits } = await open('/waitlist');
    await page.getByLabel('Your social media handle').fill('@nobody');
    await page.getByRole('button', { name: 'Send my answers' }).click();
    await expect.poll(() => alerts).toEqual([SESSION_EXPIRED]);
    await page.waitForTimeout(500);
    expect(commits).toHaveLength(0);
    expect(await page.getByRole('heading', { name: 'Thank You' }).count()).toBe(0);
  });

  it('has no serious or critical axe violation', async () => {
    const { page } = await open('/waitlist', { reducedMotion: 'reduce' });
    await page.waitForLoadState('load');
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('other paths', () => {
  it('serves the 404 page with a way home', async () => {
    const { page } = await open('/');
    const response = await page.goto(`${suite.stack.siteUrl}/no-such-page`);
    expect(response?.status()).toBe(404);
    const home = page.getByRole('main').getByRole('link', { name: 'Back to Home' });
    expect(await home.getAttribute('href')).toBe('/');
  });
});
