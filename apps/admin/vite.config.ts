import type * as ClientConfigModule from '@silk/data-access/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv, runnerImport, type Plugin } from 'vite';

// Dev only: /api/* goes to the Functions emulator, as the Hosting rewrites do in e2e and production.
const functionsOrigin = process.env.SILK_FUNCTIONS_ORIGIN ?? 'http://127.0.0.1:5001';
const apiProxy = (functionId: string) => ({
  target: functionsOrigin,
  changeOrigin: true,
  rewrite: () => `/demo-silk/us-central1/${functionId}`,
});

// The panel lives under /admin on its own subdomain; the build goes to dist/admin so Hosting serves it there.
export default defineConfig({
  base: '/admin/',
  plugins: [react(), clientConfig(), redirectToBase()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // See src/lib/re2js-unavailable.ts.
      re2js: fileURLToPath(new URL('./src/lib/re2js-unavailable.ts', import.meta.url)),
    },
  },
  build: { outDir: 'dist/admin', emptyOutDir: true },
  server: {
    port: 5174,
    strictPort: true,
    proxy: {
      '/api/admin': apiProxy('createTeamMember'),
      '/api/xlsxdown': apiProxy('exportWaitlist'),
    },
  },
});

/** Dev server: `/` and `/admin` go to `/admin/`, as the Hosting redirect and rewrites do in production. */
function redirectToBase(): Plugin {
  return {
    name: 'silk-redirect-to-base',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        if (request.url === '/' || request.url === '/admin') {
          response.writeHead(302, { Location: '/admin/' });
          response.end();
          return;
        }
        next();
      });
    },
  };
}

/**
 * The client configuration is validated once, when Vite starts (build or dev server), with the shared
 * data-access schema; the app receives the validated object as __SILK_CLIENT_CONFIG__, so zod stays
 * out of the browser bundle. The schema module is TypeScript in a workspace package, hence runnerImport.
 */
function clientConfig(): Plugin {
  return {
    name: 'silk-client-config',
    async config(_config, { mode }) {
      const { module } = await runnerImport<typeof ClientConfigModule>('@silk/data-access/config');
      const validated = module.parseClientEnv({
        ...loadEnv(mode, process.cwd(), 'VITE_'),
        ...pickViteEnv(process.env),
      });
      return { define: { __SILK_CLIENT_CONFIG__: JSON.stringify(validated) } };
    },
  };
}

function pickViteEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => entry[0].startsWith('VITE_') && !!entry[1],
    ),
  );
}
