import { describe, expect, it } from 'vitest';
import { API_ROUTES, apiRoutes, type FunctionId } from './api-routes';
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
      'waitlistUpdate',
      'joinWaitlist',
      'confirmPage',
      'confirmSubscription',
      'unsubscribe',
      'resubscribe',
      'unsubscribePage',
      'eraseSubscriber',
      'statusPage',
      'statusLink',
      'invitePage',
      'redeemInvite',
      'declineInvite',
      'verifyInvite',
      'mailEvents',
    ]);
  });
});
