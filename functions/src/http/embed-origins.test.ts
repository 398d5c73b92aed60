// The CORS step of the widget's route, over a local HTTP server with a stand-in for settings/embed: a
// configured origin passes without reading the list; another Origin is looked up in the stored list —
// let in (preflight 204, its origin echoed) when listed, refused with 403 JSON (preflight too, no CORS
// headers) when not; a request without an Origin passes this step (the handler refuses it).
import { ORIGIN_NOT_ALLOWED } from '@silk/schema/messages';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serveHandler, type ServedHandler } from '../../test-support/serve-handler';
import { embedderCors } from './embed-origins';
import { guardedHandler, sendJson } from './http';

const PARTNER = 'https://partner.example';
let stored: unknown = [PARTNER];
let reads = 0;
/** settings/embed as Firestore would answer it: `origins` is whatever the test stored. */
const db = {
  collection: () => ({
    doc: () => ({
      get: async () => {
        reads += 1;
        return { get: (field: string) => (field === 'origins' ? stored : undefined) };
      },
    }),
  }),
} as unknown as Firestore;

let served: ServedHandler;
beforeAll(async () => {
  const configured = () => ['https://silk.travel'];
  served = await serveHandler(
    guardedHandler(
      'embedJoin',
      configured,
      async (_req, res) => sendJson(res, 200, { ok: true }),
      undefined,
      embedderCors(() => db, configured, ['POST']),
    ),
  );
});
afterAll(async () => {
  await served?.close();
});
beforeEach(() => {
  stored = [PARTNER];
  reads = 0;
});

const call = (origin: string | null, method = 'POST') =>
  fetch(served.url, {
    method,
    headers: {
      ...(origin === null ? {} : { Origin: origin }),
      ...(method === 'OPTIONS' ? { 'Access-Control-Request-Method': 'POST' } : {}),
    },
  });

describe('embedderCors', () => {
  it('lets a configured origin in without reading the list', async () => {
    const response = await call('https://silk.travel');
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://silk.travel');
    expect(reads).toBe(0);
  });

  it('lets a listed site in: its preflight with 204, its request with its origin echoed', async () => {
    const preflight = await call(PARTNER, 'OPTIONS');
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(PARTNER);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
    const response = await call(PARTNER);
    expect([response.status, response.headers.get('access-control-allow-origin')]).toEqual([200, PARTNER]);
    expect(reads).toBe(2);
  });

  it.each([
    ['a site not on the list', 'https://stranger.example'],
    ['another port of a listed host', 'https://partner.example:8443'],
    ['a listed host over http', 'http://partner.example'],
  ])('refuses %s with 403 JSON, preflight and request, without CORS headers', async (_case, origin) => {
    for (const method of ['OPTIONS', 'POST']) {
      const response = await call(origin, method);
      expect(response.status).toBe(403);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect(await response.json()).toEqual({ error: ORIGIN_NOT_ALLOWED });
    }
  });

  it('refuses every site when nothing was saved, and ignores entries that are not text', async () => {
    stored = undefined;
    expect((await call(PARTNER)).status).toBe(403);
    stored = [42, { origin: PARTNER }];
    expect((await call(PARTNER)).status).toBe(403);
  });

  it('leaves a request without an Origin to the handler (which refuses it)', async () => {
    expect((await call(null)).status).toBe(200);
    expect(reads).toBe(0);
  });
});
