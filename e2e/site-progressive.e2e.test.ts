// The public site before and without JavaScript, in Chromium on the emulators: with scripts off the
// landing form stores the signup through /api/join and lands on /waitlist, and the FAQ opens; with the
// page's scripts held back for good, an address submitted early is stored once through /api/join, and
// one typed early is kept when the island hydrates; a carousel press and a mistyped address submitted
// while the landing page's islands are held are carried out once they load; /waitlist is personalised from its first paint, and a first press of
// "Send my answers" made before its island is ready is carried out once it is. No URL ever holds the
// address, and no page reports a CSP violation.
import { EDIT_KEY_STORAGE_PREFIX, FEEDBACK_FIELDS, SIGNUP_SOURCE } from '@silk/schema/constants';
import { hashEditKey } from '@silk/schema/edit-key';
import { INVALID_EMAIL, SESSION_EXPIRED } from '@silk/schema/messages';
import type { Timestamp } from 'firebase-admin/firestore';
import type { BrowserContextOptions, Page, Route } from 'playwright-core';
import {
  emulatorConnectOrigins,
  shiftedConfig,
  withConnectSources,
  type FirebaseConfig,
} from '@silk/stack/stack';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { takeCspViolations } from './support/csp';
import {
  cutOffThirdParties,
  heroForm,
  hydrateIslands,
  notAvailable,
  readSignup,
  UNKNOWN_LOCATION,
  uniqueEmail,
  withSessionEmail,
} from './support/site-page';
import { browserSuite } from './support/browser-suite';
import { joinWithHeroForm } from './support/subscriber-mail';

const suite = browserSuite();

interface Visit {
  page: Page;
  /** Every URL the page requested or navigated to. */
  urls: string[];
  /** Uncaught errors and console errors of the page. */
  errors: string[];
}

/** A page in a fresh context (third-party hosts cut off) that records its URLs and errors. */
async function visit(options: BrowserContextOptions = {}): Promise<Visit> {
  const context = await suite.browser.newContext(options);
  suite.contexts.push(context);
  await cutOffThirdParties(context);
  const page = await context.newPage();
  const urls: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  page.on('framenavigated', (frame) => urls.push(frame.url()));
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    // The lookups cut off above fail by design (the record then says 'N/A').
    if (message.type() === 'error' && !/ERR_INTERNET_DISCONNECTED/.test(message.text()))
      errors.push(message.text());
  });
  return { page, urls, errors };
}

/** Requests kept back until `release()`: `hold` keeps a route back, or lets it through once released. */
function heldRoutes() {
  const held: Route[] = [];
  let released = false;
  return {
    hold: (route: Route) => (released ? route.continue() : void held.push(route)),
    held: () => held.length,
    async release() {
      released = true;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

/** Holds every request for the site's JavaScript until released (a slow phone on a slow network). */
async function holdScripts(page: Page) {
  const scripts = heldRoutes();
  await page.route('**/assets/*.js', scripts.hold);
  return scripts;
}

/**
 * Scripts as on a slow network at the worst moment: the landing page's never come (its form posts
 * natively); /waitlist's entry runs, and the island scripts it asks for at the first interaction are held
 * until released.
 */
async function holdIslandScripts(page: Page) {
  const islands = heldRoutes();
  let entryRan = false;
  await page.route('**/assets/*.js', async (route) => {
    // The landing page's scripts are left unanswered for good, released or not: never `hold` them.
    if (new URL(route.request().frame().url()).pathname !== '/waitlist') return;
    // The entry's first statement imports the visitor lookup; the next one waits for the first interaction.
    if (/\/visitor-lookup-[\w-]+\.js$/.test(new URL(route.request().url()).pathname)) {
      entryRan = true;
      return route.continue();
    }
    if (entryRan) return islands.hold(route);
    await route.continue();
  });
  return { ...islands, entryRan: () => entryRan };
}

/** Holds the landing page's islands (its entry runs) until released: a phone still fetching them. */
async function holdLandingIslands(page: Page) {
  const islands = heldRoutes();
  await page.route(/\/assets\/landing-islands-[\w-]+\.js$/, islands.hold);
  return islands;
}

function expectNoAddressIn(urls: string[], email: string) {
  expect(urls.length).toBeGreaterThan(0);
  const leaks = urls.filter((url) => {
    const decoded = decodeURIComponent(url).toLowerCase();
    return decoded.includes(email.toLowerCase()) || decoded.includes(email.split('@')[0]!.toLowerCase());
  });
  expect(leaks).toEqual([]);
}

const joinPosts = (urls: string[]) => urls.filter((url) => new URL(url).pathname === '/api/join');

describe('with scripts disabled', () => {
  it('stores the signup through the form post, lands on /waitlist, and never puts the address in a URL', async () => {
    const { page, urls } = await visit({ javaScriptEnabled: false });
    const email = uniqueEmail('nojs');
    const before = Date.now();
    await page.goto(`${suite.stack.siteUrl}/`);
    await joinWithHeroForm(page, email);

    expect(new URL(page.url()).pathname).toBe('/waitlist');
    await page.getByRole('heading', { level: 1, name: 'Welcome to the Silk waitlist' }).waitFor();
    const stored = await readSignup(email);
    expect(stored).toMatchObject({
      email,
      source: SIGNUP_SOURCE,
      location: UNKNOWN_LOCATION,
    });
    expect(typeof stored?.ip).toBe('string');
    expect((stored?.timestamp as Timestamp).toMillis()).toBeGreaterThan(before - 60_000);
    expect(joinPosts(urls)).toHaveLength(1);
    expectNoAddressIn(urls, email);
  });

  it('shows the SPEC message for a bad address, without the address in any URL', async () => {
    const { page, urls } = await visit({ javaScriptEnabled: false });
    const bad = `not-an-email-${Date.now()}`;
    await page.goto(`${suite.stack.siteUrl}/`);
    await heroForm(page).input.fill(bad);
    const [response] = await Promise.all([
      page.waitForResponse((answer) => new URL(answer.url()).pathname === '/api/join'),
      heroForm(page).button.click(),
    ]);
    expect(response.status()).toBe(400);
    await page.getByRole('heading', { name: 'Please enter a valid email address.' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(await readSignup(bad)).toBeUndefined();
    expectNoAddressIn(urls, bad);
  });

  it('opens the FAQ, one answer at a time', async () => {
    const { page } = await visit({ javaScriptEnabled: false });
    await page.goto(`${suite.stack.siteUrl}/`);
    const faq = page.locator('#faq');
    const first = faq.locator('summary', { hasText: 'What is Silk?' });
    const second = faq.locator('summary', { hasText: 'How do I get early access?' });
    const answer = faq.getByText('Silk is an AI travel planner.', { exact: false });
    expect(await answer.isVisible()).toBe(false);
    await first.click();
    expect(await answer.isVisible()).toBe(true);
    await second.click();
    expect(await answer.isVisible()).toBe(false);
    expect(await second.evaluate((node) => (node.parentElement as HTMLDetailsElement).open)).toBe(true);
  });
});

describe('before the page script has taken over', () => {
  it('stores an address typed and submitted early once, and lands on the personalised /waitlist with no error', async () => {
    const { page, urls, errors } = await visit();
    const scripts = await holdScripts(page);
    const email = uniqueEmail('early');
    const commits: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('documents:commit')) commits.push(request.url());
    });
    await page.goto(`${suite.stack.siteUrl}/`);
    await joinWithHeroForm(page, email);
    await page
      .getByText(`We have secured a spot on the Silk waitlist for ${email}.`, { exact: false })
      .waitFor();

    expect(await readSignup(email)).toMatchObject({ email, source: SIGNUP_SOURCE });
    expect(joinPosts(urls)).toHaveLength(1);
    expect(commits).toEqual([]); // the server stored it; the browser wrote nothing
    expectNoAddressIn(urls, email);
    await scripts.release();
    await hydrateIslands(page, ['confirmation', 'feedback']);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Your spot is secured');
    expect(errors).toEqual([]);
  });

  it('keeps an address typed before hydration, then submits it through the hydrated form', async () => {
    const { page, urls } = await visit();
    const scripts = await holdScripts(page);
    const email = uniqueEmail('typed');
    await page.goto(`${suite.stack.siteUrl}/`);
    await heroForm(page).input.fill(email);
    await scripts.release();
    await page.locator('[data-island="signup"][data-hydrated="true"]').waitFor({ state: 'attached' });
    expect(await heroForm(page).input.inputValue()).toBe(email);

    await Promise.all([page.waitForURL('**/waitlist'), heroForm(page).button.click()]);
    expect(await readSignup(email)).toMatchObject({ email, source: SIGNUP_SOURCE });
    expect(joinPosts(urls)).toEqual([]); // the hydrated form wrote it itself
    expectNoAddressIn(urls, email);
  });

  it('carries out a carousel press and a mistyped submit made while the islands are held, once they load', async () => {
    const { page, urls, errors } = await visit();
    const islands = await holdLandingIslands(page);
    await page.goto(`${suite.stack.siteUrl}/`);
    const carousel = page.getByRole('region', { name: 'Silk product demo' });
    await carousel.getByRole('button', { name: 'Pause slideshow' }).click();
    await carousel.getByRole('button', { name: 'Next slide' }).click();
    await heroForm(page).input.fill('ana@example');
    await heroForm(page).button.click();
    await expect.poll(islands.held).toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe('/'); // held: no native post of a mistyped address

    await islands.release();
    const error = heroForm(page).error;
    await expect.poll(() => error.textContent()).toBe(INVALID_EMAIL);
    await expect.poll(() => carousel.locator('[aria-live]').textContent()).toMatch(/^Slide 2 of 6/);
    expect(await carousel.getByRole('button', { name: 'Play slideshow' }).count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await heroForm(page).input.inputValue()).toBe('ana@example');
    expect(joinPosts(urls)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('/waitlist after a signup', () => {
  it('paints the personalised text first (never the generic copy) and shifts nothing', async () => {
    const email = uniqueEmail('firstpaint');
    const { page, errors } = await visit();
    await withSessionEmail(email)(page);
    // Before every frame from the start of the document: the heading as the visitor would see it.
    await page.addInitScript(() => {
      const seen: string[] = [];
      const shifts: number[] = [];
      Object.assign(window, { __headings: seen, __shifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
      const frame = () => {
        const heading = document.getElementById('confirmation-title');
        if (heading) seen.push(heading.textContent ?? '');
        if (seen.length < 30) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    await page.goto(`${suite.stack.siteUrl}/waitlist`);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __headings: string[] }).__headings.length))
      .toBeGreaterThan(5);
    await hydrateIslands(page, ['confirmation', 'feedback']);
    await page.waitForTimeout(300);

    const seen = await page.evaluate(() => (window as unknown as { __headings: string[] }).__headings);
    expect(new Set(seen)).toEqual(new Set(['Your spot is secured']));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Your spot is secured');
    expect(await page.getByText(`for ${email}.`, { exact: false }).count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('/waitlist: a first press of "Send my answers" before its island is ready', () => {
  const feedbackIsland = (page: Page) => page.locator('[data-island="feedback"][data-hydrated="true"]');

  it('with the session of a real signup: the answers are sent once the island is ready, once, and "Thank You" shows', async () => {
    const { page, urls, errors } = await visit();
    const scripts = await holdIslandScripts(page);
    const email = uniqueEmail('firstpress');
    await page.goto(`${suite.stack.siteUrl}/`);
    await joinWithHeroForm(page, email);
    // The native post bound the key the page made and kept for this session (the signup holds its hash).
    const bound = await page.evaluate(
      (name) => sessionStorage.getItem(name),
      `${EDIT_KEY_STORAGE_PREFIX}${email}`,
    );
    expect((await readSignup(email))?.editKeyHash).toBe(await hashEditKey(bound ?? ''));
    expect(joinPosts(urls)).toHaveLength(1);
    await expect.poll(scripts.entryRan).toBe(true);
    const commits: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('documents:commit')) commits.push(request.url());
    });

    await page.getByRole('button', { name: 'Send my answers' }).click();
    await expect.poll(scripts.held).toBeGreaterThan(0);
    expect(await feedbackIsland(page).count()).toBe(0);
    expect(commits).toEqual([]);
    await scripts.release();
    await page.getByRole('heading', { name: 'Thank You' }).waitFor();

    expect(await readSignup(email)).toMatchObject({
      ...notAvailable(...FEEDBACK_FIELDS),
      prevEditKey: bound,
    });
    expect(commits).toHaveLength(1);
    expectNoAddressIn(urls, email);
    expect(errors).toEqual([]);
  });

  it('without a session: the expired alert shows once the island is ready, once for two presses, and nothing is written', async () => {
    const { page, errors } = await visit();
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    const commits: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('documents:commit')) commits.push(request.url());
    });
    const scripts = await holdIslandScripts(page);
    await page.goto(`${suite.stack.siteUrl}/waitlist`);
    await expect.poll(scripts.entryRan).toBe(true);

    const send = page.getByRole('button', { name: 'Send my answers' });
    await send.click();
    await send.click();
    await expect.poll(scripts.held).toBeGreaterThan(0);
    expect(await feedbackIsland(page).count()).toBe(0);
    expect(alerts).toEqual([]);
    await scripts.release();
    await expect.poll(() => alerts).toEqual([SESSION_EXPIRED]);
    await page.waitForTimeout(500);
    expect(alerts).toEqual([SESSION_EXPIRED]);
    expect(commits).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('the Content-Security-Policy', () => {
  it('comes with every page as the stack’s copy of firebase.json says (the deployed policy plus this stack’s emulators), and a script it does not allow is reported', async () => {
    const offset = Number(process.env.SILK_PORT_OFFSET ?? 0);
    const policyOf = (config: FirebaseConfig, target: string) =>
      config.hosting
        .find((site) => site.target === target)
        ?.headers?.flatMap((rule) => rule.headers)
        .find((header) => header.key === 'Content-Security-Policy')?.value;
    const deployed = JSON.parse(
      readFileSync(new URL('../firebase.json', import.meta.url), 'utf8'),
    ) as FirebaseConfig;
    const emulated = shiftedConfig(offset);
    for (const target of ['site', 'admin']) {
      const policy = policyOf(deployed, target) ?? '';
      expect(policy).toMatch(/connect-src /);
      expect(policy).not.toMatch(/127\.0\.0\.1|localhost/);
      expect(policyOf(emulated, target)).toBe(withConnectSources(policy, emulatorConnectOrigins(offset)));
    }
    const { page } = await visit();
    for (const path of ['/', '/waitlist', '/no-such-page']) {
      const response = await page.goto(`${suite.stack.siteUrl}${path}`);
      expect(response?.headers()['content-security-policy']).toBe(policyOf(emulated, 'site'));
    }
    const admin = await page.request.get(`${suite.stack.adminUrl}/admin`);
    expect(admin.headers()['content-security-policy']).toBe(policyOf(emulated, 'admin'));
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.head.append(script);
    });
    // Both channels report it: the page's securitypolicyviolation event and Chromium's console error.
    const reported: string[] = [];
    await expect
      .poll(() => {
        reported.push(...takeCspViolations());
        return (
          reported.some((text) => text.includes('script-src')) &&
          reported.some((text) => /Content Security Policy/i.test(text))
        );
      })
      .toBe(true);
    expect(await page.evaluate(() => 'injected' in window)).toBe(false);
    await page.waitForTimeout(300);
    takeCspViolations(); // this test's own violation, reported more than once
  });
});
