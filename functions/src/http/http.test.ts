// The request guards and error shape, over a local HTTP server (no Firebase needed).
import { MAX_BODY_BYTES } from '@silk/schema/constants';
import { INTERNAL_ERROR } from '@silk/schema/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefusal, GUARD_REFUSALS } from '../../test-support/refusals';
import { serveHandler, type ServedHandler } from '../../test-support/serve-handler';
import { HttpError, jsonEndpoint, sendJson } from './http';

let served: ServedHandler;
const received: unknown[] = [];

beforeAll(async () => {
  served = await serveHandler(
    jsonEndpoint(
      'subscribe',
      () => ['https://silk.travel'],
      async (_req, res, body) => {
        received.push(body);
        if (body.fail === 'http') throw new HttpError(409, 'Taken.');
        if (body.fail === 'crash') throw new Error('secret internal detail');
        sendJson(res, 200, { ok: true, echo: body });
      },
    ),
  );
});
afterAll(async () => {
  await served?.close();
});

async function call(init: RequestInit) {
  const response = await fetch(served.url, init);
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: text ? (JSON.parse(text) as unknown) : null,
  };
}

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...headers },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

describe('jsonEndpoint', () => {
  it('passes a JSON object through to the function', async () => {
    const response = await call(
      json({ email: 'a@b.co' }, { 'Content-Type': 'application/json; charset=utf-8' }),
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true, echo: { email: 'a@b.co' } });
  });

  it.each(['GET', 'PUT', 'DELETE'])('answers %s with 405', async (method) => {
    expectRefusal(await call({ method, ...(method === 'GET' ? {} : { body: '{}' }) }), GUARD_REFUSALS.method);
  });

  it('answers a body over the limit with 413, and one at the limit normally', async () => {
    const padding = (size: number) => 'x'.repeat(size - JSON.stringify({ p: '' }).length);
    expectRefusal(await call(json({ p: padding(MAX_BODY_BYTES + 1) })), GUARD_REFUSALS.tooLarge);
    expect((await call(json({ p: padding(MAX_BODY_BYTES) }))).status).toBe(200);
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', ''])(
    'answers content type %j with 415',
    async (type) => {
      const response = await call({
        method: 'POST',
        headers: type ? { 'Content-Type': type } : {},
        body: '{"a":1}',
      });
      expectRefusal(response, GUARD_REFUSALS.mediaType);
    },
  );

  it.each(['{"a":', '', 'undefined'])('answers malformed JSON %j with 400', async (raw) => {
    expectRefusal(await call(json(raw)), GUARD_REFUSALS.malformedJson);
  });

  it.each(['[1,2]', '"text"', 'null', '42'])(
    'answers the JSON value %s (not an object) with 400',
    async (raw) => {
      expectRefusal(await call(json(raw)), GUARD_REFUSALS.notAnObject);
    },
  );

  it('turns an HttpError into its status and message', async () => {
    expectRefusal(await call(json({ fail: 'http' })), [409, 'Taken.']);
  });

  it('answers an unexpected error with 500 and a generic message, never the error or its stack', async () => {
    const response = await call(json({ fail: 'crash' }));
    expectRefusal(response, [500, INTERNAL_ERROR]);
    expect(response.text).not.toMatch(/secret|at .*:\d+/);
  });

  it('answers a preflight from an allowed origin and refuses a foreign one', async () => {
    const allowed = await call({ method: 'OPTIONS', headers: { Origin: 'https://silk.travel' } });
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://silk.travel');
    expect(allowed.headers.get('vary')).toBe('Origin');
    expect(allowed.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
    const before = received.length;
    const foreign = await call(json({ a: 1 }, { Origin: 'https://evil.example' }));
    expectRefusal(foreign, GUARD_REFUSALS.foreignOrigin);
    expect(received.length).toBe(before);
  });
});
