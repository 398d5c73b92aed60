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

/**
 * Loads the page's JavaScript after the first paint: the module entry and its modulepreloads are
 * replaced by a small inline module that waits for the browser's first-contentful-paint entry (or
 * 1 s where Paint Timing is missing), then preloads the chunks and imports the entry. The prerendered
 * HTML never waits for, nor shares the network with, the ~75 KB of React and islands before it shows;
 * the islands hydrate right after. Without JavaScript nothing changes.
 */
function loadScriptsAfterFirstPaint(html) {
  const entry = html.match(/<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/);
  if (!entry) return html;
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">/g)];
  for (const [tag] of preloads) html = html.replace(tag, '');
  const chunks = JSON.stringify(preloads.map(([, href]) => href));
  const loader =
    `<script type="module">let s=0;const go=()=>{if(s++)return;setTimeout(()=>{for(const h of ${chunks}){` +
    `const l=document.createElement('link');l.rel='modulepreload';l.href=h;document.head.append(l)}` +
    `import(${JSON.stringify(entry[1])})})};` +
    `try{new PerformanceObserver((l,o)=>{if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();go()}})` +
    `.observe({type:'paint',buffered:true})}catch{}setTimeout(go,1000)</script>`;
  return html.replace(entry[0], () => loader);
}

for (const page of ['index', 'waitlist', '404']) {
  const file = join(dist, `${page}.html`);
  let html = await readFile(file, 'utf8');
  if (!html.includes('<!--app-html-->')) throw new Error(`${file} has no <!--app-html--> placeholder`);
  html = html.replace('<!--app-html-->', () => render(page)).replaceAll('__SITE_ORIGIN__', siteOrigin);
  html = await inlineStylesheets(html);
  html = loadScriptsAfterFirstPaint(html);
  // The 404 page is static: keep its stylesheet, drop its (empty) script.
  if (page === '404') html = html.replace(/<script type="module"[^>]*><\/script>\s*/g, '');
  await writeFile(file, html);
}
await rm(ssrDir, { recursive: true, force: true });
console.log('prerendered index.html, waitlist.html, 404.html');
