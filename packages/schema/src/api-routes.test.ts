import { describe, expect, it } from 'vitest';
import { API_ROUTES, apiRoutes, ROUTE_TABLES, routeSecrets, type FunctionId } from './api-routes';
import { DEFAULT_API_BASE } from './constants';

describe('API_ROUTES', () => {
  it('serves every route under the API base but the pages, each path once', () => {
    const paths = apiRoutes().map((route) => route.path);
    for (const route of apiRoutes()) {
      expect(route.path.startsWith(`${DEFAULT_API_BASE}/`)).toBe(route.answer !== 'html');
      expect(route.methods.includes('GET')).toBe(route.answer === 'html');
    }
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('lists every route with its function id, or those of one Hosting site', () => {
    const ids = Object.keys(API_ROUTES) as FunctionId[];
    expect(apiRoutes()).toEqual(ids.map((functionId) => ({ functionId, ...API_ROUTES[functionId] })));
    for (const target of ['site', 'admin'] as const) {
      expect(apiRoutes(target)).toEqual(apiRoutes().filter((route) => route.hosting === target));
    }
    expect(apiRoutes('site').map((route) => route.functionId)).toEqual([
      'subscribe',
      'confirmPage',
      'confirmSubscription',
      'unsubscribe',
      'resubscribe',
      'unsubscribePage',
      'eraseSubscriber',
      'waitlistUpdate',
      'joinWaitlist',
      'embedJoin',
      'statusPage',
      'statusLink',
      'statusData',
      'invitePage',
      'redeemInvite',
      'declineInvite',
      'verifyInvite',
      'mailEvents',
      'apiReference',
      'apiV1SignupAdd',
      'apiV1SignupList',
      'apiV1SubscriberStatus',
      'apiV1HookSubscribe',
      'apiV1HookUnsubscribe',
    ]);
  });

  it('lets only API keys call the versioned public API, and API keys nothing else', () => {
    for (const route of apiRoutes()) {
      expect(route.path.startsWith('/api/v1/')).toBe(route.access.kind === 'api-key');
    }
  });

  it("lets the sites an Admin allowed call the widget's join only: a public signup under the signup limits", () => {
    expect(apiRoutes().filter((route) => route.origins === 'embedders')).toEqual([
      expect.objectContaining({
        functionId: 'embedJoin',
        access: { kind: 'public' },
        rateLimits: API_ROUTES.joinWaitlist.rateLimits,
      }),
    ]);
    expect(API_ROUTES.embedOriginsSave).toMatchObject({
      hosting: 'admin',
      access: { kind: 'staff', require: 'admin', refusal: 'manageEmbeds' },
      audit: ['embed.origins.changed'],
    });
    expect(API_ROUTES.embedOriginsList.access).toEqual(API_ROUTES.embedOriginsSave.access);
  });

  it('joins the domain tables without losing a route: no function id is declared twice', () => {
    const declared = ROUTE_TABLES.flatMap((table) => Object.keys(table));
    expect(new Set(declared).size).toBe(declared.length);
    expect(Object.keys(API_ROUTES).sort()).toEqual([...declared].sort());
  });

  it('fills in what a declaration leaves out: a JSON POST, no limits, no audit, a JSON answer', () => {
    expect(API_ROUTES.teamList).toMatchObject({
      methods: ['POST'],
      bodies: ['json'],
      audit: [],
      answer: 'json',
      domain: 'staff',
    });
    expect(API_ROUTES.confirmPage).toMatchObject({
      methods: ['GET'],
      bodies: [],
      rateLimits: [],
      answer: 'html',
    });
  });

  it.each([
    ['confirmSubscription', ['MAIL_TOKEN_SECRET']],
    ['verifyInvite', ['INVITE_VERIFY_KEY']],
    ['mailEvents', ['MAIL_EVENTS_SECRET']],
    ['waitlistUpdate', ['RECAPTCHA_SECRET_KEY']],
    ['subscribe', ['MAIL_TOKEN_SECRET']],
    ['confirmPage', []],
    ['teamList', []],
  ] as const)('binds %s to the secrets its access implies and its own: %j', (functionId, secrets) => {
    expect(routeSecrets(API_ROUTES[functionId])).toEqual(secrets);
  });
});
