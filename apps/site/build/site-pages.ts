// What vite.config.ts derives from the page registry (src/config/pages.ts): the build inputs, each
// page's HTML document, and the dev server's rendering of the pages.
import { relative, resolve } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { sitePages, type SitePage } from '../src/config/pages';
import { renderShell } from './html-shell';

/** One HTML input per page (each page hydrates only its own code). */
export function siteInputs(root: string): Record<string, string> {
  return Object.fromEntries(sitePages.map((page) => [page.id, resolve(root, page.html)]));
}

function pageOfFile(root: string, file: string): SitePage | undefined {
  const html = relative(root, file).replaceAll('\\', '/');
  return sitePages.find((page) => page.html === html);
}

/**
 * Replaces each page's HTML file (a stub) with its document from html-shell.ts; on the dev server,
 * also renders the page with src/entry-server.tsx, like the build's prerender step.
 */
export function sitePagesPlugin(root: string): Plugin {
  let server: ViteDevServer | undefined;
  return {
    name: 'silk-site-pages',
    configureServer(devServer) {
      server = devServer;
    },
    transformIndexHtml: {
      order: 'pre',
      async handler(html, context) {
        const page = pageOfFile(root, context.filename);
        if (!page) return html;
        const document = renderShell(page);
        if (!server) return document;
        if (!page.prerendered) return document.replaceAll('__SITE_ORIGIN__', '');
        const { render } = (await server.ssrLoadModule('/src/entry-server.tsx')) as {
          render: (id: string) => string;
        };
        return document.replace('<!--app-html-->', () => render(page.id)).replaceAll('__SITE_ORIGIN__', '');
      },
    },
  };
}
