// Dev only: each app's dev server forwards its API routes to the Functions emulator, as the Hosting
// rewrites do in e2e and production. Both come from the one route registry.
import { apiRoutes, type HostingTarget } from '@silk/schema/api-routes';
import { FUNCTIONS_REGION } from '@silk/schema/constants';
import type { ProxyOptions } from 'vite';

const DEFAULT_FUNCTIONS_ORIGIN = 'http://127.0.0.1:5001';
const EMULATOR_PROJECT_ID = 'demo-silk';

/** `server.proxy` for the routes of one Hosting site; scripts/dev.ts sets SILK_FUNCTIONS_ORIGIN. */
export function apiProxy(
  hosting: HostingTarget,
  functionsOrigin = process.env.SILK_FUNCTIONS_ORIGIN ?? DEFAULT_FUNCTIONS_ORIGIN,
): Record<string, ProxyOptions> {
  return Object.fromEntries(
    apiRoutes(hosting).map((route): [string, ProxyOptions] => [
      route.path,
      {
        target: functionsOrigin,
        changeOrigin: true,
        rewrite: () => `/${EMULATOR_PROJECT_ID}/${FUNCTIONS_REGION}/${route.functionId}`,
      },
    ]),
  );
}
