// Writes the server-rendered HTML of each prerendered page of src/config/pages.ts into the client build
// (dist/index.html, …), then removes the temporary SSR bundle. Run by `pnpm build` after both Vite builds.
import { createHash } from 'node:crypto';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const ssrDir = join(root, 'dist-ssr');
const siteOrigin = (process.env.SITE_ORIGIN ?? 'https://silk.travel').replace(/\/+$/, '');

const { render, prerenderedPages, validateContent, env, PAGE_LOADER_SCRIPT, PAGE_MODULES_ID } = await import(
  pathToFileURL(join(ssrDir, 'entry-server.js')).href
);
validateContent();

/**
 * The stylesheet (≈ 4 KB gzip) goes inline: first paint then needs no second round trip. Each page is
 * one request; nothing else uses the CSS file, so no cache is lost.
 */
async function inlineStylesheets(html) {
  const links = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g)];
  for (const [tag, href] of links) {
    const css = await readFile(join(dist, href), 'utf8');
    html = html.replace(tag, () => `<style>${css}</style>`);
  }
  return html;
}

/**
 * Loads the page's JavaScript after the first paint: the module entry and its modulepreloads are
 * replaced by the constant inline loader (src/islands/page-scripts.ts), which reads the entry and the
 * chunks from a JSON element of the page. The prerendered HTML never waits for, nor shares the network
 * with, the page's JavaScript before it shows. Without JavaScript nothing changes.
 */
function loadScriptsAfterFirstPaint(html) {
  const entry = html.match(/<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/);
  if (!entry) return html;
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">/g)];
  for (const [tag] of preloads) html = html.replace(tag, '');
  const modules = JSON.stringify({ entry: entry[1], preload: preloads.map(([, href]) => href) });
  const tags =
    `<script type="application/json" id="${PAGE_MODULES_ID}">${modules}</script>` +
    `<script type="module">${PAGE_LOADER_SCRIPT}</script>`;
  return html.replace(entry[0], () => tags);
}

/** The Content-Security-Policy the site target of firebase.json sends (what the pages must fit). */
async function sitePolicy() {
  const firebase = JSON.parse(await readFile(join(root, '..', '..', 'firebase.json'), 'utf8'));
  const headers = firebase.hosting
    .find((target) => target.target === 'site')
    .headers.flatMap((rule) => rule.headers);
  const value = headers.find((header) => header.key === 'Content-Security-Policy')?.value ?? '';
  return Object.fromEntries(
    value.split(';').map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

/** Every inline script of the page must be allowed by its hash (a script changed without it would not run). */
function checkInlineScripts(file, html, policy) {
  for (const [, attributes, source] of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\bsrc=|type="application\/json"/.test(attributes)) continue;
    const hash = `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
    if (!policy['script-src']?.includes(hash)) {
      throw new Error(
        `${file}: an inline script is not allowed by firebase.json's CSP (${hash}). Update it with ` +
          '`pnpm exec tsx apps/site/build/content-security-policy.ts --write` (and list the script there).',
      );
    }
  }
}

/**
 * The services this build calls must be allowed by connect-src (a build for other lookup URLs needs them).
 * An emulator build's loopback services are not in firebase.json, which deploys: the Hosting emulator
 * serves the stack's own copy, whose policy adds that stack's emulators (tooling/stack shiftedConfig),
 * and a bench serves its stand-ins from the page's own origin.
 */
function checkConnections(policy) {
  const allowed = policy['connect-src'] ?? [];
  const firestore = env.emulators ? `http://${env.emulators.firestore}` : 'https://firestore.googleapis.com';
  for (const url of [env.ipLookupUrl, env.geoLookupUrl, firestore]) {
    const { origin, hostname, protocol } = new URL(url);
    if (env.emulators && (hostname === '127.0.0.1' || hostname === 'localhost')) continue;
    if (!allowed.includes(origin) && !allowed.includes(`${protocol}//${hostname}:*`)) {
      throw new Error(`${origin} is not in the connect-src of firebase.json's site CSP`);
    }
  }
}

const policy = await sitePolicy();
checkConnections(policy);
for (const page of prerenderedPages) {
  const file = join(dist, page.html);
  let html = await readFile(file, 'utf8');
  if (!html.includes('<!--app-html-->')) throw new Error(`${file} has no <!--app-html--> placeholder`);
  html = html.replace('<!--app-html-->', () => render(page.id)).replaceAll('__SITE_ORIGIN__', siteOrigin);
  html = await inlineStylesheets(html);
  html = loadScriptsAfterFirstPaint(html);
  checkInlineScripts(page.html, html, policy);
  await writeFile(file, html);
}
// A page left with its placeholder would ship without its content: fail the build instead.
for (const name of (await readdir(dist)).filter((entry) => entry.endsWith('.html'))) {
  if ((await readFile(join(dist, name), 'utf8')).includes('<!--app-html-->')) {
    throw new Error(`dist/${name} was not prerendered: is it in src/config/pages.ts as prerendered?`);
  }
}
await rm(ssrDir, { recursive: true, force: true });
console.log(`prerendered ${prerenderedPages.map((page) => page.html).join(', ')}`);
