// The one HTML document of every site page, filled in from the page's entry in src/config/pages.ts.
// __SITE_ORIGIN__ is replaced by the prerender step (by '' on the dev server).
import type { SitePage } from '../src/config/pages';
import { FORM_GUARD_SCRIPT } from '../src/islands/page-scripts';

const SHARE_IMAGE = '__SITE_ORIGIN__/og-image.png';
const SHARE_IMAGE_ALT = 'Silk: one sentence, a whole trip, planned.';

/** Pages with islands: the `js` class, and the rule for forms submitted before their island hydrates. */
const FORM_GUARD = `    <script>${FORM_GUARD_SCRIPT}</script>\n`;

type MetaTag = [attribute: 'name' | 'property', key: string, content: string];

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
const escapeText = (value: string) => value.replaceAll('&', '&amp;').replaceAll('<', '&lt;');

/** One meta tag per line; the (long) descriptions on four. */
function renderMeta([attribute, key, content]: MetaTag): string {
  return key.endsWith('description')
    ? `    <meta\n      ${attribute}="${key}"\n      content="${content}"\n    />\n`
    : `    <meta ${attribute}="${key}" content="${content}" />\n`;
}

/** Open Graph and Twitter card tags: how a shared link to the page looks. */
function shareTags(page: SitePage, url: string): MetaTag[] {
  const title = escapeAttribute(page.title);
  const description = escapeAttribute(page.description);
  return [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', 'Silk'],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', url],
    ['property', 'og:image', SHARE_IMAGE],
    ['property', 'og:image:width', '1200'],
    ['property', 'og:image:height', '630'],
    ['property', 'og:image:alt', SHARE_IMAGE_ALT],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image', SHARE_IMAGE],
    ['name', 'twitter:image:alt', SHARE_IMAGE_ALT],
  ];
}

/** An indexed page has a canonical link (and maybe a preloaded image); the 404 page is noindex. */
function pageSpecificHead(page: SitePage, url: string): string {
  if (!page.indexed) return renderMeta(['name', 'robots', 'noindex']);
  let head = `    <link rel="canonical" href="${url}" />\n`;
  if (page.firstPaintAfter) {
    head += `    <link rel="expect" href="#${page.firstPaintAfter}" blocking="render" />\n`;
  }
  if (page.preloadImage) {
    const { href, type, media } = page.preloadImage;
    head +=
      `    <link\n      rel="preload"\n      as="image"\n      href="${href}"\n      type="${type}"\n` +
      `      media="${media}"\n    />\n`;
  }
  return head;
}

export function renderShell(page: SitePage): string {
  const url = `__SITE_ORIGIN__${page.path}`;
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${escapeText(page.title)}</title>
${renderMeta(['name', 'description', escapeAttribute(page.description)])}    <meta name="theme-color" content="#1b1446" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <link rel="icon" href="/favicon-32.png" sizes="32x32" type="image/png" />
    <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
${shareTags(page, url).map(renderMeta).join('')}${pageSpecificHead(page, url)}${page.hydrates ? FORM_GUARD : ''}  </head>
  <body>
    <div id="root">${page.prerendered ? '<!--app-html-->' : ''}</div>
    <script type="module" src="${page.entry}"></script>
  </body>
</html>
`;
}
