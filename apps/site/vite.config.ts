import { apiProxy } from '@silk/vite-config/api-proxy';
import { clientConfig } from '@silk/vite-config/client-config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { siteInputs, sitePagesPlugin } from './build/site-pages';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig(({ isSsrBuild }) => {
  return {
    plugins: [react(), clientConfig(), sitePagesPlugin(root)],
    resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
    build: isSsrBuild
      ? { outDir: 'dist-ssr', emptyOutDir: true, copyPublicDir: false }
      : {
          // One HTML page and one entry per page of src/config/pages.ts.
          rollupOptions: { input: siteInputs(root) },
          modulePreload: { polyfill: false },
          assetsInlineLimit: 0,
        },
    server: {
      port: 5173,
      strictPort: true,
      proxy: apiProxy('site'),
    },
  };
});
