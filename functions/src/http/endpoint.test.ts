// The route declarations the frame applies (@silk/schema/api-routes) are ones it can apply: every
// rate limit names a configured group, a key the body names is counted after the body, and a route
// that reads forms cannot be framed without its form answers.
import { apiRoutes } from '@silk/schema/api-routes';
import { describe, expect, it } from 'vitest';
import { readServerConfig } from '../shared/config';
import { endpoint } from './endpoint';

const { rateLimits } = readServerConfig({});

describe.each(apiRoutes().map((route) => [route.functionId, route] as const))('%s', (_, route) => {
  it('limits from configured groups, each scope once', () => {
    for (const limit of route.rateLimits) {
      const [group, per] = limit.limit.split('.') as [keyof typeof rateLimits, 'perIp' | 'perKey'];
      expect(rateLimits[group]).toEqual(expect.objectContaining({ [per]: expect.any(Number) }));
    }
    const scopes = route.rateLimits.map((limit) => limit.scope);
    expect(new Set(scopes).size).toBe(scopes.length);
  });

  it('counts what the body or a link names only after the body is parsed', () => {
    for (const limit of route.rateLimits) {
      if (['email', 'identifier', 'subscriber'].includes(limit.key)) expect(limit.when).toBe('body');
      if (limit.key === 'caller') expect(route.access.kind).toBe('staff');
      if (limit.key === 'subscriber') expect(route.access.kind).toBe('signed-link');
    }
  });

  it('reads JSON, and a form only with form answers; a page route reads no body and shows its refusals as pages', () => {
    const frame = () => endpoint(route.functionId, async () => ({}) as never);
    if (route.answer === 'html') {
      expect(route.methods).toEqual(['GET']);
      expect(route.bodies).toEqual([]);
      expect(frame).toThrow(/needs its page refusals/);
      const page = { page: { refuse: () => undefined } };
      expect(() => endpoint(route.functionId, async () => ({}) as never, {}, page)).not.toThrow();
      return;
    }
    expect(route.methods).not.toContain('GET');
    expect(route.bodies).toContain('json');
    if (route.bodies.includes('form')) expect(frame).toThrow(/needs its form answers/);
    else expect(frame).not.toThrow();
    const form = { accepted: () => undefined, refuse: () => undefined };
    expect(() =>
      endpoint(route.functionId, async () => ({}) as never, {}, { form, page: { refuse: () => undefined } }),
    ).toThrow(/needs its page refusals/);
  });
});
