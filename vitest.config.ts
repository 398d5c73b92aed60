// The one vitest configuration: each test layer is a project.
//   unit      *.test.ts next to the code (node)
//   dom       *.test.tsx component tests (jsdom + Testing Library)
//   emulator  *.emulator.test.ts against the Firebase emulators (run inside `firebase emulators:exec`)
//   e2e       e2e/**/*.e2e.test.ts in Chromium against the built apps on the Hosting emulator
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vitest/config';

// `@/…` is the importing app's own src folder, as each app's vite.config.ts and tsconfig say.
const appSourceAlias: Plugin = {
  name: 'silk-app-source-alias',
  enforce: 'pre',
  resolveId(source, importer, options) {
    const app = importer && /[\\/]apps[\\/]([^\\/]+)[\\/]/.exec(importer)?.[1];
    if (!source.startsWith('@/') || !app) return null;
    const target = fileURLToPath(new URL(`./apps/${app}/src/${source.slice(2)}`, import.meta.url));
    return this.resolve(target, importer, { ...options, skipSelf: true });
  },
};

const ignored = ['**/node_modules/**', '**/dist/**', '**/deploy/**'];

export default defineConfig({
  esbuild: { jsx: 'automatic' },
  plugins: [appSourceAlias],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['{packages,apps,functions,scripts,bench,tooling}/**/*.test.ts'],
          exclude: [...ignored, '**/*.emulator.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['{packages,apps}/**/*.test.tsx'],
          exclude: ignored,
          setupFiles: ['tooling/vitest/setup-dom.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'emulator',
          environment: 'node',
          include: ['{packages,apps,functions,scripts,rules-tests}/**/*.emulator.test.ts'],
          exclude: ignored,
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.e2e.test.ts'],
          exclude: ignored,
          globalSetup: ['e2e/support/schedule-clock-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
