// The API route registry (@silk/schema/api-routes) is the one list of routes: the functions exported
// here and the Hosting rewrites in firebase.json must match it exactly.
import { apiRoutes, type HostingTarget } from '@silk/schema/api-routes';
import { FUNCTIONS_REGION } from '@silk/schema/constants';
import { BACKGROUND_FUNCTIONS } from './shared/config';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

interface HostingConfig {
  target: HostingTarget;
  rewrites?: { source: string; function?: unknown }[];
}

const firebaseJson = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', 'firebase.json'), 'utf8'),
) as {
  hosting: HostingConfig[];
};

describe('the API route registry', () => {
  // Importing index.ts loads every function's module: seconds on a busy 2-core machine.
  it(
    'names exactly the functions that index.ts exports, with the background ones',
    { timeout: 30_000 },
    async () => {
      const exported = Object.keys(await import('./index'));
      expect(exported.sort()).toEqual(
        [...apiRoutes().map((route) => route.functionId), ...BACKGROUND_FUNCTIONS].sort(),
      );
    },
  );

  it.each(['site', 'admin'] as const)('gives the %s Hosting site exactly its function rewrites', (target) => {
    const hosting = firebaseJson.hosting.find((site) => site.target === target);
    const functionRewrites = (hosting?.rewrites ?? []).filter((rewrite) => rewrite.function !== undefined);
    expect(functionRewrites).toEqual(
      apiRoutes(target).map((route) => ({
        source: route.path,
        function: { functionId: route.functionId, region: FUNCTIONS_REGION },
      })),
    );
  });

  it('leaves no Hosting site out', () => {
    expect(firebaseJson.hosting.map((site) => site.target).sort()).toEqual(['admin', 'site']);
  });
});
