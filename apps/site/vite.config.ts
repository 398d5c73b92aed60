import { parseClientEnv } from '@silk/data-access/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv, type Plugin, type ViteDevServer } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

// Dev only: /api/* goes to the Functions emulator, as the Hosting rewrites do in e2e and production.
const functionsOrigin = process.env.SILK_FUNCTIONS_ORIGIN ?? 'http://127.0.0.1:5001';
const apiProxy = (functionId: string) => ({
  target: functionsOrigin,
  changeOrigin: true,
  rewrite: () => `/demo-silk/us-central1/${functionId}`,
});

/** Dev server: renders each page with src/entry-server.tsx, like the build's prerender step. */
function renderPagesInDev(): Plugin {
  let server: ViteDevServer | undefined;
  return {
    name: 'silk-render-pages-in-dev',
    apply: 'serve',
    configureServer(devServer) {
      server = devServer;
    },
    transformIndexHtml: {
      order: 'pre',
      async handler(html, context) {
        if (!server || !html.includes('<!--app-html-->')) return html;
        const page = context.path.replace(/^\//, '').replace(/\.html$/, '') || 'index';
        const { render } = (await server.ssrLoadModule('/src/entry-server.tsx')) as {
          render: (name: string) => string;
        };
        return html.replace('<!--app-html-->', () => render(page)).replaceAll('__SITE_ORIGIN__', '');
      },
    },
  };
}

export default defineConfig(({ mode, isSsrBuild }) => {
  // The one validation of the site's env (src/config/env.ts explains why it happens here).
  const config = parseClientEnv(loadEnv(mode, root, 'VITE_'));
  return {
    plugins: [react(), renderPagesInDev()],
    define: { __SILK_CONFIG__: JSON.stringify(config) },
    build: isSsrBuild
      ? { outDir: 'dist-ssr', emptyOutDir: true, copyPublicDir: false }
      : {
          // One HTML page and one entry per route: each page hydrates only its own code.
          rollupOptions: {
            input: {
              index: fileURLToPath(new URL('./index.html', import.meta.url)),
              waitlist: fileURLToPath(new URL('./waitlist.html', import.meta.url)),
              404: fileURLToPath(new URL('./404.html', import.meta.url)),
            },
          },
          modulePreload: { polyfill: false },
          assetsInlineLimit: 0,
        },
    server: {
      port: 5173,
      strictPort: true,
      proxy: {
        '/api/subscribe': apiProxy('subscribe'),
        '/api/waitlist-update': apiProxy('waitlistUpdate'),
      },
    },
  };
});
