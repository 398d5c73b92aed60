// The embeddable signup widget end to end in Chromium: a partner's page, served by a tiny http server on
// another local origin (127.0.0.2, which the emulator's configured loopback origins do not cover) and put
// on the Admin's list (settings/embed), loads /embed.js from the site's Hosting emulator. A signup through
// it — by keyboard — lands with the host page's referral code and attribution and shows the referral
// link; the same page on an origin not on the list (127.0.0.3) shows the refusal in the widget, and the
// function answers it with 403 JSON; axe finds no violation in the widget (form, error, joined); the
// page's aggressive global styles change none of the widget's computed styles.
import { COLLECTIONS } from '@silk/schema/constants';
import { EMBED_SETTINGS_DOC, EMBED_JOIN_PATH } from '@silk/schema/embed';
import {
  EMBED_COPY_LABEL,
  EMBED_EMAIL_LABEL,
  EMBED_JOINED,
  EMBED_LINK_LABEL,
  EMBED_SITE_REFUSED,
  INVALID_EMAIL,
  ORIGIN_NOT_ALLOWED,
  SIGNUP_BUTTON_LABEL,
} from '@silk/schema/messages';
import { adminSdk } from '@silk/stack/admin-sdk';
import axe from 'axe-core';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSuite } from './support/browser-suite';
import { readSignup, uniqueEmail } from './support/site-page';

const suite = browserSuite();

/** Global rules a careless host page might have: every element restyled, inputs and buttons hidden. */
const AGGRESSIVE_CSS = `
html { font-size: 40px; line-height: 3; color: red; letter-spacing: 4px; text-transform: uppercase; }
* { all: unset; font-family: "Comic Sans MS", cursive !important; color: #f0f !important;
    background: yellow !important; box-sizing: content-box !important; }
div { display: none !important; padding: 60px !important; border: 7px dashed red !important; }
input, button, label, p, form { display: none !important; margin: 30px !important; font-size: 9px !important; }
`;

/** A partner's page: its own heading and text, and the widget's one tag. */
function hostPage(siteUrl: string, css: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner travel blog</title>
<style>${css}</style></head><body><main><h1>Partner travel blog</h1><p>Plan your next trip.</p>
<script src="${siteUrl}/embed.js" async></script></main></body></html>`;
}

interface HostServer {
  origin: string;
  server: Server;
}

/** Serves the host page on `host` (any path; `?plain` without its aggressive styles). */
async function serveHost(host: string, siteUrl: string): Promise<HostServer> {
  const server = createServer((req, res) => {
    const plain = new URL(req.url ?? '/', 'http://host').searchParams.has('plain');
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(hostPage(siteUrl, plain ? '' : AGGRESSIVE_CSS));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return { origin: `http://${host}:${(server.address() as AddressInfo).port}`, server };
}

const LOCAL_HOSTS = ['127.0.0.1', 'localhost', '127.0.0.2', '127.0.0.3'];
let partner: HostServer;
let stranger: HostServer;

beforeAll(async () => {
  partner = await serveHost('127.0.0.2', suite.stack.siteUrl);
  stranger = await serveHost('127.0.0.3', suite.stack.siteUrl);
  await adminSdk()
    .db.collection(COLLECTIONS.settings)
    .doc(EMBED_SETTINGS_DOC)
    .set({ origins: [partner.origin] });
});

afterAll(async () => {
  for (const host of [partner, stranger]) await new Promise((resolve) => host?.server.close(resolve));
});

async function openHost(url: string, referer?: string): Promise<Page> {
  const context = suite.track({ context: await suite.browser.newContext() }).context;
  // Only the stack and the two host pages: everything else (third parties) is cut off.
  await context.route(
    (url) => !LOCAL_HOSTS.includes(url.hostname),
    (route) => route.abort('internetdisconnected'),
  );
  const page = await context.newPage();
  await page.goto(url, referer ? { referer } : {});
  await page.getByRole('textbox', { name: EMBED_EMAIL_LABEL }).waitFor();
  return page;
}

/**
 * Every axe violation, of any impact, in the widget: its host element and the shadow tree under it (the
 * host page's own content is not the widget's: the aggressive page's colours fail contrast on purpose).
 */
async function violations(page: Page) {
  await page.evaluate(axe.source);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document.querySelector('[data-silk-embed]')!, {
      resultTypes: ['violations'],
    }),
  );
  // The run reached into the shadow tree: the widget's labelled field was checked.
  expect(results.passes.map((pass) => pass.id)).toContain('label');
  return results.violations.map((violation) => ({
    id: violation.id,
    targets: violation.nodes.map((node) => JSON.stringify(node.target)),
  }));
}

/** Tabs from the page's start into the widget's field, types the address and submits with Enter. */
async function joinByKeyboard(page: Page, email: string): Promise<void> {
  await page.locator('body').focus();
  await page.keyboard.press('Tab');
  const field = page.getByRole('textbox', { name: EMBED_EMAIL_LABEL });
  await expect
    .poll(() => field.evaluate((node) => node === (node.getRootNode() as ShadowRoot).activeElement))
    .toBe(true);
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');
}

const STYLE_PROPERTIES = [
  'display',
  'font-family',
  'font-size',
  'line-height',
  'letter-spacing',
  'text-transform',
  'color',
  'background-color',
  'padding-top',
  'margin-top',
  'border-top-width',
  'border-top-style',
  'box-sizing',
  'width',
  'height',
];

/** The computed styles of the widget's host, box, label, field and button. */
function widgetStyles(page: Page) {
  return page.evaluate((properties) => {
    const host = document.querySelector('[data-silk-embed]') as HTMLElement;
    const root = host.shadowRoot!;
    const nodes = { host, box: root.querySelector('.box'), label: root.querySelector('label') };
    const all = {
      ...nodes,
      input: root.querySelector('input'),
      button: root.querySelector('button'),
    };
    return Object.fromEntries(
      Object.entries(all).map(([name, node]) => {
        const style = getComputedStyle(node as Element);
        return [
          name,
          Object.fromEntries(properties.map((property) => [property, style.getPropertyValue(property)])),
        ];
      }),
    );
  }, STYLE_PROPERTIES);
}

describe('embeddable signup widget (e2e)', () => {
  it(
    'signs up from an allowed site with its referral code and attribution, by keyboard, and shows the referral link',
    { timeout: 120_000 },
    async () => {
      const referrer = uniqueEmail('embed.referrer');
      const first = await openHost(`${partner.origin}/?plain`);
      expect(await violations(first)).toEqual([]);
      // A bad address: the server's answer, the SPEC's message, announced; the field marked invalid.
      await joinByKeyboard(first, 'bad@@example.com');
      await expect
        .poll(() => first.locator('#silk-message').textContent(), { timeout: 20_000 })
        .toBe(INVALID_EMAIL);
      expect(await first.getByRole('textbox', { name: EMBED_EMAIL_LABEL }).getAttribute('aria-invalid')).toBe(
        'true',
      );
      expect(await violations(first)).toEqual([]);
      await first.getByRole('textbox', { name: EMBED_EMAIL_LABEL }).fill(referrer);
      await first.getByRole('textbox', { name: EMBED_EMAIL_LABEL }).press('Enter');
      const firstLink = first.getByRole('textbox', { name: EMBED_LINK_LABEL });
      await firstLink.waitFor({ timeout: 20_000 });
      const code = new URL(await firstLink.inputValue()).searchParams.get('ref');
      expect(code).toBe((await readSignup(referrer))?.referralCode);

      const email = uniqueEmail('embed.friend');
      const page = await openHost(
        `${partner.origin}/blog/spring-trips?ref=${code}&utm_source=partner&utm_medium=widget&utm_campaign=e2e`,
        'https://news.example.com/issue-7',
      );
      await joinByKeyboard(page, email);
      const link = page.getByRole('textbox', { name: EMBED_LINK_LABEL });
      await link.waitFor({ timeout: 20_000 });
      // The joined message takes the focus (read out), the link and its Copy button are reachable by Tab.
      expect(
        await page
          .getByText(EMBED_JOINED)
          .evaluate((node) => node === (node.getRootNode() as ShadowRoot).activeElement),
      ).toBe(true);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      expect(
        await page
          .getByRole('button', { name: EMBED_COPY_LABEL })
          .evaluate((node) => node === (node.getRootNode() as ShadowRoot).activeElement),
      ).toBe(true);
      const stored = await readSignup(email);
      expect(stored).toMatchObject({
        email,
        referredBy: referrer,
        utmSource: 'partner',
        utmMedium: 'widget',
        utmCampaign: 'e2e',
        referrerHost: 'news.example.com',
        landingPath: '/blog/spring-trips',
        consent: { form: 'embed' },
      });
      const shown = new URL(await link.inputValue());
      expect(shown.searchParams.get('ref')).toBe(stored?.referralCode);
      expect(await violations(page)).toEqual([]);
    },
  );

  it('refuses the same page on a site not on the list: the widget says so, the function answers 403 JSON', async () => {
    const email = uniqueEmail('embed.stranger');
    const page = await openHost(`${stranger.origin}/?plain`);
    await page.getByRole('textbox', { name: EMBED_EMAIL_LABEL }).fill(email);
    await page.getByRole('button', { name: SIGNUP_BUTTON_LABEL }).click();
    await expect.poll(() => page.getByText(EMBED_SITE_REFUSED).isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await violations(page)).toEqual([]);
    const answer = await fetch(new URL(EMBED_JOIN_PATH, suite.stack.siteUrl), {
      method: 'POST',
      headers: { Origin: stranger.origin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(answer.status).toBe(403);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await answer.json()).toEqual({ error: ORIGIN_NOT_ALLOWED });
    expect(await readSignup(email)).toBeUndefined();
  });

  it("keeps the widget's computed styles under the host page's aggressive global styles", async () => {
    const plain = await openHost(`${partner.origin}/?plain`);
    const aggressive = await openHost(`${partner.origin}/`);
    const [expected, actual] = [await widgetStyles(plain), await widgetStyles(aggressive)];
    expect(actual).toEqual(expected);
    // The page's rules did apply to the page itself.
    expect(await aggressive.locator('h1').evaluate((node) => getComputedStyle(node).fontFamily)).toMatch(
      /Comic Sans/,
    );
    expect(await aggressive.getByRole('textbox', { name: EMBED_EMAIL_LABEL }).isVisible()).toBe(true);
  });
});
