// The shared HTTP guards on every function, over HTTP against the Functions emulator: 405, 413, 415,
// 400 (malformed JSON, not an object), CORS (preflight, allowed and refused origins) — each answer an
// `{error}` body without a stack trace, and nothing stored.
import { COLLECTIONS, MAX_BODY_BYTES } from '@silk/schema/constants';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminServices } from '../shared/admin';
import { functionUrl, post, uniqueEmail, type FunctionName } from '../testing/emulator';
import { expectRefusal, GUARD_REFUSALS } from '../testing/refusals';

const FUNCTIONS: FunctionName[] = ['subscribe', 'waitlistUpdate', 'createTeamMember', 'exportWaitlist'];
const urls = {} as Record<FunctionName, string>;
const { db } = adminServices();

beforeAll(async () => {
  for (const name of FUNCTIONS) urls[name] = await functionUrl(name);
});

function expectNoStack(text: string) {
  expect(text).not.toMatch(/\bat .+\(.+:\d+:\d+\)|node_modules|Error:/);
}

async function nothingStoredFor(email: string) {
  const [subscriber, signup, staff] = await Promise.all([
    db.collection(COLLECTIONS.subscribers).doc(email).get(),
    db.collection(COLLECTIONS.waitlistSignups).doc(email).get(),
    db.collection(COLLECTIONS.staff).doc(email).get(),
  ]);
  expect([subscriber.exists, signup.exists, staff.exists]).toEqual([false, false, false]);
}

describe.each(FUNCTIONS)('%s guards', (name) => {
  it('answers GET with 405 and stores nothing', async () => {
    const response = await post(urls[name], undefined, { method: 'GET' });
    expectRefusal(response, GUARD_REFUSALS.method);
  });

  it('answers PUT with 405 and stores nothing', async () => {
    const email = uniqueEmail('put');
    const response = await post(urls[name], { email, username: 'putter', recaptcha_token: 'x' }, { method: 'PUT' });
    expectRefusal(response, GUARD_REFUSALS.method);
    await nothingStoredFor(email);
  });

  it('answers a non-JSON body with 415 and stores nothing', async () => {
    const email = uniqueEmail('text');
    const response = await post(urls[name], undefined, {
      raw: `email=${email}`,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expectRefusal(response, GUARD_REFUSALS.mediaType);
    await nothingStoredFor(email);
  });

  it(`answers a body over ${MAX_BODY_BYTES} bytes with 413 and stores nothing`, async () => {
    const email = uniqueEmail('big');
    const response = await post(urls[name], { email, padding: 'x'.repeat(MAX_BODY_BYTES) });
    expectRefusal(response, GUARD_REFUSALS.tooLarge);
    await nothingStoredFor(email);
  });

  it('answers malformed JSON with 400 and no stack trace', async () => {
    // application/json is parsed by the Functions framework before the handler runs: its 400 carries no
    // stack (NODE_ENV=production, as in Cloud Functions). A JSON media type it leaves alone reaches our
    // guard, which answers {error}.
    const framework = await post(urls[name], undefined, { raw: '{"email": ' });
    expect(framework.status).toBe(400);
    expectNoStack(framework.text);
    const ours = await post(urls[name], undefined, {
      raw: '{"email": ',
      headers: { 'Content-Type': 'application/merge-patch+json' },
    });
    expectRefusal(ours, GUARD_REFUSALS.malformedJson);
  });

  it('answers a JSON body that is not an object with 400', async () => {
    expectRefusal(await post(urls[name], ['not', 'an', 'object']), GUARD_REFUSALS.notAnObject);
  });

  it('answers a preflight from an allowed origin with 204 and the CORS headers', async () => {
    const origin = 'http://localhost:5173';
    const response = await fetch(urls[name], {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type,authorization' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(origin);
    expect(response.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
    expect(response.headers.get('access-control-allow-headers')).toMatch(/Content-Type.*Authorization/);
  });

  it('refuses a foreign origin with 403, preflight and request alike, storing nothing', async () => {
    const preflight = await fetch(urls[name], {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const email = uniqueEmail('evil');
    const response = await post(urls[name], { email, recaptcha_token: 'x' }, { headers: { Origin: 'https://evil.example' } });
    expectRefusal(response, GUARD_REFUSALS.foreignOrigin);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    await nothingStoredFor(email);
  });

  it('echoes an allowed origin on the actual request', async () => {
    const response = await post(urls[name], ['x'], { headers: { Origin: 'http://127.0.0.1:5000' } });
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5000');
  });
});
