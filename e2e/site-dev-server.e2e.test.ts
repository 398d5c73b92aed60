// `pnpm dev` from a fresh clone: the site's Vite dev server started with an empty dependency cache,
// wired to this run's emulators as scripts/dev.ts wires it (its /api proxy to the Functions emulator).
// A first visit's first signup reaches /waitlist without Vite re-bundling a dependency it met late and
// reloading the page mid-action.
import { SIGNUP_BUTTON_LABEL } from '@silk/schema/messages';
import { ROOT } from '@silk/stack/stack';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createLogger, createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSuite } from './support/browser-suite';
import { cutOffThirdParties, hydrateIslands, readSignup, uniqueEmail } from './support/site-page';

const suite = browserSuite();
const SITE_ROOT = join(ROOT, 'apps', 'site');
let server: ViteDevServer | undefined;
let cacheDir = '';
let siteUrl = '';
const previousFunctionsOrigin = process.env.SILK_FUNCTIONS_ORIGIN;
/** What the dev server logged (it says so when it re-bundles dependencies and reloads the page). */
const serverLog: string[] = [];

beforeAll(async () => {
  // Where Vite keeps its cache (the app's node_modules), but empty: a fresh clone's first `pnpm dev`.
  cacheDir = mkdtempSync(join(SITE_ROOT, 'node_modules', '.vite-e2e-'));
  // Read by the site's vite.config.ts (apiProxy), as scripts/dev.ts sets it.
  process.env.SILK_FUNCTIONS_ORIGIN = new URL(suite.stack.functionsUrl).origin;
  const logger = createLogger('info');
  const record =
    (write: (message: string, options?: never) => void) => (message: string, options?: never) => {
      serverLog.push(message);
      write(message, options);
    };
  logger.info = record(logger.info);
  logger.warn = record(logger.warn);
  server = await createServer({
    root: SITE_ROOT,
    configFile: join(SITE_ROOT, 'vite.config.ts'),
    configLoader: 'runner',
    cacheDir,
    customLogger: logger,
    clearScreen: false,
    server: { host: '127.0.0.1', port: 0, strictPort: false },
  });
  await server.listen();
  siteUrl = server.resolvedUrls!.local[0]!;
});

afterAll(async () => {
  await server?.close();
  rmSync(cacheDir, { recursive: true, force: true });
  if (previousFunctionsOrigin === undefined) delete process.env.SILK_FUNCTIONS_ORIGIN;
  else process.env.SILK_FUNCTIONS_ORIGIN = previousFunctionsOrigin;
});

describe('pnpm dev with an empty dependency cache (e2e)', () => {
  it('completes a first signup to /waitlist without reloading the page', { timeout: 240_000 }, async () => {
    const context = await suite.browser.newContext();
    suite.track({ context });
    await cutOffThirdParties(context);
    const page = await context.newPage();
    /** Each document the page loaded: a reload shows up as a second '/'. */
    const documents: string[] = [];
    page.on('load', () => documents.push(new URL(page.url()).pathname));
    /** Vite's full-reload messages to the page. */
    const reloads: string[] = [];
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('full-reload')) reloads.push(String(payload));
      }),
    );

    await page.goto(siteUrl, { timeout: 120_000 });
    // The visitor's first interaction loads the form's island (React, the lazy waitlist module).
    await hydrateIslands(page, ['signup']);
    const email = uniqueEmail('dev-first');
    const hero = page.locator('#hero');
    await hero.getByRole('textbox', { name: 'Your e-mail address' }).fill(email);
    await Promise.all([
      page.waitForURL('**/waitlist', { timeout: 60_000 }),
      hero.getByRole('button', { name: SIGNUP_BUTTON_LABEL }).click(),
    ]);
    expect(await readSignup(email)).toMatchObject({ email });
    // The next page's first interaction loads its own islands, without a reload either.
    await hydrateIslands(page, ['confirmation', 'feedback']);

    expect(reloads).toEqual([]);
    expect(documents).toEqual(['/', '/waitlist']);
    expect(serverLog.filter((line) => /optimized dependencies changed|reloading/i.test(line))).toEqual([]);
  });
});
