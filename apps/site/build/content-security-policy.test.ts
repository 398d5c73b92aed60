// firebase.json sends the policies of content-security-policy.ts, and those allow every inline script
// the pages contain: a script changed or added without its hash fails here (and in the prerender step).
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { prerenderedPages } from '../src/config/pages';
import { PAGE_LOADER_SCRIPT } from '../src/islands/page-scripts';
import { testConfig } from '../src/testing/config';
import {
  adminPolicy,
  FIREBASE_JSON,
  SITE_INLINE_SCRIPTS,
  scriptHash,
  sitePolicy,
  withPolicies,
} from './content-security-policy';
import { renderShell } from './html-shell';

interface HostingTarget {
  target: string;
  headers: { source: string; headers: { key: string; value: string }[] }[];
}

const firebaseJson = readFileSync(FIREBASE_JSON, 'utf8');
const hosting = (JSON.parse(firebaseJson) as { hosting: HostingTarget[] }).hosting;

/** The headers Hosting sends with every path of a target. */
function headersOf(target: string): Record<string, string> {
  const rules = hosting.find((site) => site.target === target)?.headers ?? [];
  const all = rules.find((rule) => rule.source === '**')?.headers ?? [];
  return Object.fromEntries(all.map((header) => [header.key, header.value]));
}

/** The text of each inline script (not JSON data, not an external file) in a page. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\bsrc=|type="application\/json"/.test(attributes ?? ''))
    .map(([, , source]) => source ?? '');
}

describe('the Content-Security-Policy', () => {
  it('is what firebase.json sends on both Hosting targets (pnpm exec tsx apps/site/build/content-security-policy.ts --write)', () => {
    expect(headersOf('site')['Content-Security-Policy']).toBe(sitePolicy());
    expect(headersOf('admin')['Content-Security-Policy']).toBe(adminPolicy());
    expect(withPolicies(firebaseJson)).toBe(firebaseJson);
  });

  it('allows each inline script of every prerendered page by its hash, and nothing else inline', async () => {
    vi.stubGlobal('__SILK_CLIENT_CONFIG__', testConfig());
    const { render } = await import('../src/entry-server');
    const found = new Set<string>();
    for (const page of prerenderedPages) {
      // The page as scripts/prerender.mjs writes it: the shell, the rendered body and the loader.
      const html = renderShell(page).replace('<!--app-html-->', () => render(page.id));
      for (const script of [...inlineScripts(html), PAGE_LOADER_SCRIPT]) found.add(script);
    }
    vi.unstubAllGlobals();
    expect([...found].sort()).toEqual([...SITE_INLINE_SCRIPTS].sort());
    for (const script of found) expect(sitePolicy()).toContain(scriptHash(script));
  });

  it('forbids framing and plug-ins on both targets, and scripts from anywhere but the origin and the hashes', () => {
    for (const policy of [sitePolicy(), adminPolicy()]) {
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("object-src 'none'");
      expect(policy).not.toMatch(/script-src[^;]*('unsafe-inline'|'unsafe-eval'|\*)/);
    }
  });

  it('lets the site reach Firestore, App Check and the visitor lookups, and nothing else', () => {
    const connect = /connect-src ([^;]*)/.exec(sitePolicy())?.[1]?.split(' ');
    expect(connect).toEqual([
      "'self'",
      'https://firestore.googleapis.com',
      'https://content-firebaseappcheck.googleapis.com',
      'https://api.ipify.org',
      'https://ipapi.co',
    ]);
  });

  it('lets the panel reach Auth, Firestore and App Check (its reCAPTCHA v3 script and frame), and nothing else', () => {
    const directive = (name: string) => new RegExp(`${name} ([^;]*)`).exec(adminPolicy())?.[1]?.split(' ');
    expect(directive('connect-src')).toEqual([
      "'self'",
      'https://firestore.googleapis.com',
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://content-firebaseappcheck.googleapis.com',
    ]);
    expect(directive('script-src')).toEqual([
      "'self'",
      'https://www.google.com/recaptcha/',
      'https://www.gstatic.com/recaptcha/',
    ]);
    expect(directive('frame-src')).toEqual([
      'https://www.google.com/recaptcha/',
      'https://recaptcha.google.com/recaptcha/',
    ]);
    // Firestore's network probe, by its exact path: no other image of the host.
    expect(directive('img-src')).toEqual(["'self'", 'data:', 'https://www.google.com/images/cleardot.gif']);
  });

  it('deploys no loopback origin: firebase.json names neither 127.0.0.1 nor localhost anywhere', () => {
    // The emulators get their origins from the stack's own copy of the file (tooling/stack shiftedConfig).
    expect(firebaseJson).not.toMatch(/127\.0\.0\.1|localhost|\[::1\]|0\.0\.0\.0/i);
    for (const policy of [sitePolicy(), adminPolicy()]) expect(policy).not.toMatch(/127\.0\.0\.1|localhost/i);
  });
});
