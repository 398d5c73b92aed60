// The Content-Security-Policy of both Hosting targets, the one source of the values in firebase.json
// (content-security-policy.test.ts checks they are equal, and scripts/prerender.mjs checks every inline
// script of the built pages against firebase.json). Update firebase.json with
// `pnpm --dir apps/site exec tsx build/content-security-policy.ts --write`.
//
// Scripts: 'self' plus the hash of each inline script (no 'unsafe-inline'). Styles: 'unsafe-inline',
// because the site inlines its stylesheet (its hash would change with every CSS edit) and prerenders
// `style` attributes; without script injection, a style cannot run code. connect-src: what the apps
// call. What deploys names no loopback origin: the Hosting emulator serves the stack's own copy of
// firebase.json (tooling/stack shiftedConfig), which adds that stack's emulator origins to connect-src.
import { DEFAULT_GEO_LOOKUP_URL, DEFAULT_IP_LOOKUP_URL } from '@silk/schema/constants';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CONFIRMATION_FIRST_PAINT_SCRIPT } from '../src/features/waitlist/confirmation-first-paint';
import { FORM_GUARD_SCRIPT, PAGE_LOADER_SCRIPT } from '../src/islands/page-scripts';

/** Every inline script the site's pages may contain (exact text). */
export const SITE_INLINE_SCRIPTS = [FORM_GUARD_SCRIPT, PAGE_LOADER_SCRIPT, CONFIRMATION_FIRST_PAINT_SCRIPT];

const FIRESTORE = 'https://firestore.googleapis.com';
/** App Check's token exchange (reCAPTCHA v3 provider; the emulator build's stand-in is the stack's). */
const APP_CHECK = 'https://content-firebaseappcheck.googleapis.com';
const AUTH = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];
/** reCAPTCHA v3 on /waitlist (Google's documented sources; its own requests run in its frame). */
const RECAPTCHA_SCRIPTS = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const RECAPTCHA_FRAMES = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];
/**
 * The one image the full Firestore SDK loads: its streaming channel tells a lost network from a refused
 * request by fetching this pixel after a failed request (exactly this path, nothing else on the host).
 */
const FIRESTORE_NETWORK_PROBE = 'https://www.google.com/images/cleardot.gif';

export function scriptHash(source: string): string {
  return `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}

function policy(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

const LOCKED_DOWN = {
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** The public site: Firestore lite, App Check, the visitor lookups, /api on its own origin, reCAPTCHA. */
export function sitePolicy(): string {
  return policy({
    'default-src': ["'self'"],
    'script-src': ["'self'", ...SITE_INLINE_SCRIPTS.map(scriptHash), ...RECAPTCHA_SCRIPTS],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'"],
    'media-src': ["'self'"],
    'connect-src': [
      "'self'",
      FIRESTORE,
      APP_CHECK,
      new URL(DEFAULT_IP_LOOKUP_URL).origin,
      new URL(DEFAULT_GEO_LOOKUP_URL).origin,
    ],
    'frame-src': RECAPTCHA_FRAMES,
    ...LOCKED_DOWN,
  });
}

/**
 * The admin panel: Firebase Auth and Firestore, /api on its own origin, App Check (its reCAPTCHA v3
 * provider loads Google's script and frame, and exchanges its tokens); its icon is a data: URI, and
 * Firestore's channel may load its network probe.
 */
export function adminPolicy(): string {
  return policy({
    'default-src': ["'self'"],
    'script-src': ["'self'", ...RECAPTCHA_SCRIPTS],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', FIRESTORE_NETWORK_PROBE],
    'connect-src': ["'self'", FIRESTORE, ...AUTH, APP_CHECK],
    'frame-src': RECAPTCHA_FRAMES,
    ...LOCKED_DOWN,
  });
}

export const FIREBASE_JSON = join(import.meta.dirname, '..', '..', '..', 'firebase.json');
const CSP_HEADER = /("key": "Content-Security-Policy", "value": )"[^"]*"/g;

/** firebase.json with each target's policy written in (site first, admin second, as the file lists them). */
export function withPolicies(firebaseJson: string): string {
  const values = [sitePolicy(), adminPolicy()];
  let index = 0;
  const updated = firebaseJson.replace(
    CSP_HEADER,
    (_match, prefix: string) => `${prefix}${JSON.stringify(values[index++])}`,
  );
  if (index !== values.length)
    throw new Error(`firebase.json has ${index} Content-Security-Policy headers, expected 2`);
  return updated;
}

if (
  process.argv[1] &&
  import.meta.url === pathToFileURL(process.argv[1]).href &&
  process.argv.includes('--write')
) {
  writeFileSync(FIREBASE_JSON, withPolicies(readFileSync(FIREBASE_JSON, 'utf8')));
  console.log(`Content-Security-Policy written to ${FIREBASE_JSON}`);
}
