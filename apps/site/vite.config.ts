import { apiProxy } from '@silk/vite-config/api-proxy';
import { clientConfig } from '@silk/vite-config/client-config';
import { importedPackages } from '@silk/vite-config/optimize-deps';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { embedScriptPlugin } from './build/embed-script';
import { siteInputs, sitePagesPlugin } from './build/site-pages';
import { sitePages } from './src/config/pages';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig(({ command, isSsrBuild }) => {
  return {
    plugins: [react(), clientConfig(), sitePagesPlugin(root), embedScriptPlugin(root)],
    resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
    build: isSsrBuild
      ? { outDir: 'dist-ssr', emptyOutDir: true, copyPublicDir: false }
      : {
          // One HTML page and one entry per page of src/config/pages.ts.
          rollupOptions: { input: siteInputs(root) },
          modulePreload: { polyfill: false },
          assetsInlineLimit: 0,
        },
    // The pages' HTML is generated, so Vite's crawl finds no script: every package the pages import,
    // at once or at the first interaction, is declared, or the dev server reloads the page mid-action.
    optimizeDeps:
      command === 'serve'
        ? {
            include: importedPackages(
              root,
              sitePages.map((page) => page.entry),
            ).all,
          }
        : {},
    server: {
      port: 5173,
      strictPort: true,
      proxy: apiProxy('site'),
    },
  };
});
