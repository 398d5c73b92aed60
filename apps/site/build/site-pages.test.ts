// Everything derived from the page registry (src/config/pages.ts) matches it: the Vite build inputs,
// the server entry's pages, the prerender list (scripts/prerender.mjs renders the server entry's
// `prerenderedPages`, each from its HTML file's placeholder) and the dev server's declared packages.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { importedPackages } from '@silk/vite-config/optimize-deps';
import { resolveConfig } from 'vite';
import { describe, expect, it, vi } from 'vitest';
import { prerenderedPages, sitePages } from '../src/config/pages';
import { testConfig } from '../src/testing/config';
import { renderShell } from './html-shell';

const root = fileURLToPath(new URL('..', import.meta.url));
const ids = (pages: readonly { id: string }[]) => pages.map((page) => page.id).sort();

describe('the site page registry', () => {
  it('is the Vite build input, one existing HTML file per page', async () => {
    const config = await resolveConfig(
      { root, configFile: resolve(root, 'vite.config.ts'), configLoader: 'runner', logLevel: 'silent' },
      'build',
      'production',
    );
    const expected = Object.fromEntries(sitePages.map((page) => [page.id, resolve(root, page.html)]));
    expect(config.build.rollupOptions.input).toEqual(expected);
    for (const file of Object.values(expected)) expect(existsSync(file), file).toBe(true);
  });

  it('lists the pages the server entry renders and the prerender step writes', async () => {
    vi.stubGlobal('__SILK_CLIENT_CONFIG__', testConfig());
    const entry = await import('../src/entry-server');
    expect(entry.prerenderedPages).toEqual(sitePages.filter((page) => page.prerendered));
    expect([...entry.renderedPageIds].sort()).toEqual(ids(prerenderedPages));
    for (const page of prerenderedPages) {
      expect(renderShell(page)).toContain('<div id="root"><!--app-html--></div>');
      expect(entry.render(page.id)).toContain('<main');
    }
    vi.unstubAllGlobals();
  });

  it("holds the landing page's first paint until its hero is parsed (no half-painted hero to shift)", () => {
    const landing = sitePages.find((page) => page.id === 'index')!;
    expect(renderShell(landing)).toContain('<link rel="expect" href="#hero" blocking="render" />');
  });

  it('gives every page its own path, HTML file and entry', () => {
    for (const key of ['id', 'path', 'html', 'entry'] as const) {
      expect(new Set(sitePages.map((page) => page[key])).size, key).toBe(sitePages.length);
    }
  });

  it('declares to the dev server every package a page imports lazily (React at the first interaction, Firestore at the submit)', async () => {
    const config = await resolveConfig(
      { root, configFile: resolve(root, 'vite.config.ts'), configLoader: 'runner', logLevel: 'silent' },
      'serve',
      'development',
    );
    const { lazy } = importedPackages(
      root,
      sitePages.map((page) => page.entry),
    );
    expect(lazy).toEqual(expect.arrayContaining(['react-dom/client', 'firebase/firestore/lite']));
    expect(config.optimizeDeps.include).toEqual(expect.arrayContaining(lazy));
  });
});
