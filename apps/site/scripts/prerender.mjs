// Writes the server-rendered HTML of each page into the client build (dist/index.html, waitlist.html,
// 404.html), then removes the temporary SSR bundle. Run by `pnpm build` after both Vite builds.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const ssrDir = join(root, 'dist-ssr');
const siteOrigin = (process.env.SITE_ORIGIN ?? 'https://silk.travel').replace(/\/+$/, '');

const { render, validateContent } = await import(pathToFileURL(join(ssrDir, 'entry-server.js')).href);
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

for (const page of ['index', 'waitlist', '404']) {
  const file = join(dist, `${page}.html`);
  let html = await readFile(file, 'utf8');
  if (!html.includes('<!--app-html-->')) throw new Error(`${file} has no <!--app-html--> placeholder`);
  html = html.replace('<!--app-html-->', () => render(page)).replaceAll('__SITE_ORIGIN__', siteOrigin);
  html = await inlineStylesheets(html);
  // The 404 page is static: keep its stylesheet, drop its (empty) script.
  if (page === '404') html = html.replace(/<script type="module"[^>]*><\/script>\s*/g, '');
  await writeFile(file, html);
}
await rm(ssrDir, { recursive: true, force: true });
console.log('prerendered index.html, waitlist.html, 404.html');
