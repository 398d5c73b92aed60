// The route declarations (@silk/schema/api-routes) and the background registry are the one list of
// functions: index.ts exports and firebase.json rewrites are written from them (`pnpm routes:write`,
// ../wiring.ts), and every route's handler module is where its domain says.
import { apiRoutes, type ApiRoute, type HostingTarget } from '@silk/schema/api-routes';
import { FUNCTIONS_REGION } from '@silk/schema/constants';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIREBASE_JSON, FUNCTION_INDEX, functionIndex, missingHandlers, withRouteRewrites } from '../wiring';
import { BACKGROUND_FUNCTIONS } from './background-functions';

interface HostingConfig {
  target: HostingTarget;
  rewrites?: { source: string; function?: unknown; destination?: string }[];
}

const firebaseJsonText = readFileSync(FIREBASE_JSON, 'utf8');
const hostingOf = (json: string, target: HostingTarget) =>
  (JSON.parse(json) as { hosting: HostingConfig[] }).hosting.find((site) => site.target === target);
const functionRewrite = (route: Pick<ApiRoute, 'path' | 'functionId'>) => ({
  source: route.path,
  function: { functionId: route.functionId, region: FUNCTIONS_REGION },
});

/** A route as a new declaration would add it, with nothing else written yet. */
const added = {
  functionId: 'inviteReminder',
  domain: 'invites',
  path: '/api/invites/remind',
  hosting: 'admin',
} as unknown as ApiRoute;

describe('the functions wired from the route declarations', () => {
  it('index.ts is what the declarations make (else: pnpm routes:write)', () => {
    expect(readFileSync(FUNCTION_INDEX, 'utf8')).toBe(functionIndex());
  });

  it("firebase.json's rewrites are what the declarations make (else: pnpm routes:write)", () => {
    expect(firebaseJsonText).toBe(withRouteRewrites(firebaseJsonText));
  });

  it('finds every handler where its domain puts it', () => {
    expect(missingHandlers()).toEqual([]);
  });

  // Importing index.ts loads every function's module: seconds on a busy 2-core machine.
  it('exports exactly one function per route, and the background ones', { timeout: 30_000 }, async () => {
    const exported = Object.keys(await import('./index'));
    expect(exported.sort()).toEqual(
      [...apiRoutes().map((route) => route.functionId), ...Object.keys(BACKGROUND_FUNCTIONS)].sort(),
    );
  });

  it.each(['site', 'admin'] as const)('gives the %s Hosting site exactly its function rewrites', (target) => {
    const rewrites = hostingOf(firebaseJsonText, target)?.rewrites ?? [];
    expect(rewrites.filter((rewrite) => rewrite.function !== undefined)).toEqual(
      apiRoutes(target).map(functionRewrite),
    );
  });

  it('leaves no Hosting site out', () => {
    expect(
      (JSON.parse(firebaseJsonText) as { hosting: HostingConfig[] }).hosting
        .map((site) => site.target)
        .sort(),
    ).toEqual(['admin', 'site']);
  });

  describe('a new declaration, with nothing else', () => {
    const routes = [...apiRoutes(), added];

    it('gets its export in index.ts, from the module its domain names', () => {
      const index = functionIndex(routes);
      expect(index).toContain("import { makeInviteReminderHandler } from './invites/invite-reminder';");
      expect(index).toContain(
        "export const inviteReminder = routeFunction('inviteReminder', makeInviteReminderHandler);",
      );
    });

    it("gets its rewrite on its site, ahead of the site's other rewrites", () => {
      const rewrites = hostingOf(withRouteRewrites(firebaseJsonText, routes), 'admin')?.rewrites ?? [];
      const sources = rewrites.map((rewrite) => rewrite.source);
      expect(rewrites).toContainEqual(functionRewrite(added));
      expect(sources.indexOf(added.path)).toBeLessThan(sources.indexOf('/admin/**'));
      expect(hostingOf(withRouteRewrites(firebaseJsonText, routes), 'site')?.rewrites).toEqual(
        hostingOf(firebaseJsonText, 'site')?.rewrites,
      );
    });

    it('is named as missing its handler until its module exists and exports the maker', () => {
      expect(missingHandlers(routes)).toEqual([
        'inviteReminder: no handler module functions/src/invites/invite-reminder.ts',
      ]);
      expect(
        missingHandlers([{ functionId: 'subscribe', domain: 'signups' } as unknown as ApiRoute]),
      ).toEqual(['subscribe: no handler module functions/src/signups/subscribe.ts']);
      expect(
        missingHandlers([{ functionId: 'linkPages', domain: 'subscribers' } as unknown as ApiRoute]),
      ).toEqual(['linkPages: functions/src/subscribers/link-pages.ts does not export makeLinkPagesHandler']);
    });
  });
});
