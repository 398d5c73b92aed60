import { apiProxy } from '@silk/vite-config/api-proxy';
import { clientConfig } from '@silk/vite-config/client-config';
import { importedPackages, moduleScripts } from '@silk/vite-config/optimize-deps';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

// The panel lives under /admin on its own subdomain; the build goes to dist/admin so Hosting serves it there.
export default defineConfig(({ command }) => ({
  base: '/admin/',
  plugins: [react(), clientConfig(), redirectToBase()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // See src/lib/re2js-unavailable.ts.
      re2js: fileURLToPath(new URL('./src/lib/re2js-unavailable.ts', import.meta.url)),
    },
  },
  // Terser with two compress passes ships ~9 KB (gzip) less than esbuild's minifier for the same code.
  build: {
    outDir: 'dist/admin',
    emptyOutDir: true,
    minify: 'terser',
    terserOptions: { compress: { passes: 2 } },
  },
  // Every package the panel imports, at once or when a tab opens: pre-bundled before the first visit.
  optimizeDeps:
    command === 'serve'
      ? { include: importedPackages(root, moduleScripts(readFileSync(`${root}/index.html`, 'utf8'))).all }
      : {},
  server: {
    port: 5174,
    strictPort: true,
    proxy: apiProxy('admin'),
  },
}));

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
