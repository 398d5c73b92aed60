import { apiRoutes } from '@silk/schema/api-routes';
import { join } from 'node:path';
import { resolveConfig } from 'vite';
import { describe, expect, it } from 'vitest';
import { apiProxy } from './api-proxy';

const repoRoot = join(import.meta.dirname, '..', '..', '..');

describe('apiProxy', () => {
  it.each(['site', 'admin'] as const)(
    'forwards exactly the %s routes to their functions in the emulator',
    (target) => {
      const proxy = apiProxy(target, 'http://127.0.0.1:5501');
      expect(Object.keys(proxy)).toEqual(apiRoutes(target).map((route) => route.path));
      for (const route of apiRoutes(target)) {
        const options = proxy[route.path];
        expect(options).toMatchObject({ target: 'http://127.0.0.1:5501', changeOrigin: true });
        expect(options?.rewrite?.(route.path)).toBe(`/demo-silk/us-central1/${route.functionId}`);
      }
    },
  );

  it('reads the emulator origin from SILK_FUNCTIONS_ORIGIN, else the default port', () => {
    const saved = process.env.SILK_FUNCTIONS_ORIGIN;
    try {
      delete process.env.SILK_FUNCTIONS_ORIGIN;
      expect(apiProxy('site')['/api/subscribe']?.target).toBe('http://127.0.0.1:5001');
      process.env.SILK_FUNCTIONS_ORIGIN = 'http://127.0.0.1:5201';
      expect(apiProxy('site')['/api/subscribe']?.target).toBe('http://127.0.0.1:5201');
    } finally {
      if (saved === undefined) delete process.env.SILK_FUNCTIONS_ORIGIN;
      else process.env.SILK_FUNCTIONS_ORIGIN = saved;
    }
  });

  // Resolving an app's Vite config loads its plugins: about 5 s on a busy 2-core machine.
  it.each(['site', 'admin'] as const)(
    "is the %s app's dev-server proxy, next to its client config",
    { timeout: 30_000 },
    async (target) => {
      const root = join(repoRoot, 'apps', target);
      const config = await resolveConfig(
        { root, configFile: join(root, 'vite.config.ts'), configLoader: 'runner', logLevel: 'silent' },
        'serve',
        'development',
      );
      expect(Object.keys(config.server.proxy ?? {})).toEqual(apiRoutes(target).map((route) => route.path));
      expect(config.define?.__SILK_CLIENT_CONFIG__).toEqual(expect.any(String));
    },
  );
});
