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

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api/subscribe': apiProxy('subscribe'),
      '/api/waitlist-update': apiProxy('waitlistUpdate'),
    },
  },
});
