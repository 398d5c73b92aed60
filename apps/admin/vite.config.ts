import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

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
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
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
