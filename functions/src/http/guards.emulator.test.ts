// The frame's guards on every route of the registry (@silk/schema/api-routes), over HTTP against the
// Functions emulator: 405, 413, 415, 400 (malformed JSON, not an object), CORS (preflight, allowed and
// refused origins), and what the route's declared access refuses (no App Check token, no link token,
// no or an unknown API key, no ID token, a signed-in account that is not staff, a member without the role or still on a one-time
// password) — each answer an `{error}` body without a stack trace, and nothing stored. A page route
// (GET, `answer: 'html'`) answers its refusals as pages: another method 405, CORS as above. No list of
// functions here: a new route is checked as soon as it is declared.
import { apiRoutes, type ApiRoute, type StaffRefusal } from '@silk/schema/api-routes';
import { COLLECTIONS, MAX_BODY_BYTES } from '@silk/schema/constants';
import * as messages from '@silk/schema/messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminServices } from '../shared/admin';
import {
  createStaff,
  functionUrl,
  post,
  signUpOutsider,
  uniqueEmail,
  type FunctionName,
  type TestStaff,
} from '../../test-support/emulator';
import { expectRefusal, GUARD_REFUSALS, type Refusal } from '../../test-support/refusals';

const ROUTES = apiRoutes().filter((route) => route.answer !== 'html');
const PAGE_ROUTES = apiRoutes().filter((route) => route.answer === 'html');
const urls = {} as Record<FunctionName, string>;
const { db } = adminServices();

/** The 403 message each staff refusal of the registry stands for. */
const STAFF_REFUSALS: Record<StaffRefusal, string> = {
  staff: messages.STAFF_REQUIRED,
  addMember: messages.ADMIN_REQUIRED,
  manageTeam: messages.TEAM_ADMIN_REQUIRED,
  deleteSignup: messages.SIGNUP_DELETE_ADMIN_REQUIRED,
  manageReferrals: messages.REFERRALS_ADMIN_REQUIRED,
  manageInvites: messages.INVITES_ADMIN_REQUIRED,
  manageWebhooks: messages.WEBHOOKS_ADMIN_REQUIRED,
  manageImports: messages.IMPORTS_ADMIN_REQUIRED,
  manageApiKeys: messages.API_KEYS_ADMIN_REQUIRED,
  manageEmbeds: messages.EMBED_ADMIN_REQUIRED,
  manageMailCopy: messages.MAIL_COPY_ADMIN_REQUIRED,
  manageRewards: messages.REWARDS_ADMIN_REQUIRED,
  manageBroadcasts: messages.BROADCASTS_ADMIN_REQUIRED,
};

let outsider: { email: string; idToken: string };
let member: TestStaff;
let newAdmin: TestStaff;

beforeAll(async () => {
  for (const route of [...ROUTES, ...PAGE_ROUTES])
    urls[route.functionId] = await functionUrl(route.functionId);
  outsider = await signUpOutsider();
  member = await createStaff(['Staff']);
  newAdmin = await createStaff(['Admin'], { mustChangePassword: true });
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

/** A media type the route does not read (a form, unless the route reads forms). */
function foreignMediaType(route: ApiRoute): string {
  return (route.bodies as readonly string[]).includes('form')
    ? 'text/plain'
    : 'application/x-www-form-urlencoded';
}

describe.each(ROUTES.map((route) => [route.functionId, route] as const))('%s guards', (name, route) => {
  it('answers GET with 405 and stores nothing', async () => {
    const response = await post(urls[name], undefined, { method: 'GET' });
    expectRefusal(response, GUARD_REFUSALS.method);
  });

  it('answers PUT with 405 and stores nothing', async () => {
    const email = uniqueEmail('put');
    const response = await post(
      urls[name],
      { email, username: 'putter', recaptcha_token: 'x' },
      { method: 'PUT' },
    );
    expectRefusal(response, GUARD_REFUSALS.method);
    await nothingStoredFor(email);
  });

  it(`answers a body it does not read (${foreignMediaType(route)}) with 415 and stores nothing`, async () => {
    const email = uniqueEmail('text');
    const response = await post(urls[name], undefined, {
      raw: `email=${email}`,
      headers: { 'Content-Type': foreignMediaType(route) },
    });
    expectRefusal(response, GUARD_REFUSALS.mediaType);
    await nothingStoredFor(email);
  });

  const bodyLimit = route.maxBodyBytes ?? MAX_BODY_BYTES;
  it(`answers a body over ${bodyLimit} bytes with 413 and stores nothing`, async () => {
    const email = uniqueEmail('big');
    const response = await post(urls[name], { email, padding: 'x'.repeat(bodyLimit) });
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
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,authorization',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(origin);
    expect(response.headers.get('access-control-allow-methods')).toBe(
      [...route.methods, 'OPTIONS'].join(', '),
    );
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
    const response = await post(
      urls[name],
      { email, recaptcha_token: 'x' },
      { headers: { Origin: 'https://evil.example' } },
    );
    expectRefusal(response, GUARD_REFUSALS.foreignOrigin);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    await nothingStoredFor(email);
  });

  it('echoes an allowed origin on the actual request', async () => {
    const response = await post(urls[name], ['x'], { headers: { Origin: 'http://127.0.0.1:5000' } });
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5000');
  });

  /** What the route's declared access refuses: the request (its body, its ID token) and the refusal. */
  const { access } = route;
  const refusals: [
    string,
    () => { body: Record<string, unknown>; headers?: Record<string, string> },
    Refusal,
  ][] = [];
  if (access.kind === 'app-check') {
    refusals.push([
      'no App Check token',
      () => ({ body: { email: uniqueEmail('no-app-check'), recaptcha_token: 'x' } }),
      [401, messages.APP_CHECK_FAILED],
    ]);
  }
  if (access.kind === 'signed-link') {
    refusals.push([
      'no link token',
      () => ({ body: { email: uniqueEmail('no-link') } }),
      [400, messages.LINK_TOKEN_MISSING],
    ]);
  }
  if (access.kind === 'server-key') {
    refusals.push([
      'no server key',
      () => ({ body: { email: uniqueEmail('no-server-key'), token: 'x' } }),
      [401, messages.SERVER_KEY_REQUIRED],
    ]);
    refusals.push([
      'a wrong server key',
      () => ({
        body: { email: uniqueEmail('wrong-server-key'), token: 'x' },
        headers: { Authorization: 'Bearer not-the-key' },
      }),
      [401, messages.SERVER_KEY_REQUIRED],
    ]);
  }
  if (access.kind === 'provider-signature') {
    refusals.push([
      'no signature',
      () => ({ body: { type: 'bounce', email: uniqueEmail('no-signature') } }),
      [401, messages.MAIL_EVENT_SIGNATURE_INVALID],
    ]);
    refusals.push([
      'a forged signature',
      () => ({
        body: { type: 'bounce', email: uniqueEmail('forged-signature') },
        headers: {
          'webhook-id': 'msg_forged',
          'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
          'webhook-signature': 'v1,bm90IHRoZSBzaWduYXR1cmU=',
        },
      }),
      [401, messages.MAIL_EVENT_SIGNATURE_INVALID],
    ]);
  }
  if (access.kind === 'api-key') {
    refusals.push([
      'no API key',
      () => ({ body: { email: uniqueEmail('no-api-key') } }),
      [401, messages.API_KEY_REQUIRED],
    ]);
    refusals.push([
      'an unknown API key',
      () => ({
        body: { email: uniqueEmail('unknown-api-key') },
        headers: { Authorization: `Bearer silk_${'x'.repeat(43)}` },
      }),
      [401, messages.API_KEY_REQUIRED],
    ]);
  }
  if (access.kind === 'staff') {
    const refusal = STAFF_REFUSALS[access.refusal];
    const asCaller = (idToken: string) => () => ({
      body: { email: uniqueEmail('as-caller'), username: 'probe', token: idToken },
      headers: { Authorization: `Bearer ${idToken}` },
    });
    refusals.push([
      'no ID token',
      () => ({ body: { email: uniqueEmail('no-token'), username: 'probe' } }),
      [401, messages.ID_TOKEN_MISSING],
    ]);
    refusals.push(['a forged ID token', asCaller('not-a-token'), [401, messages.AUTH_REQUIRED]]);
    refusals.push([
      'a signed-in account that is not staff',
      () => asCaller(outsider.idToken)(),
      [403, refusal],
    ]);
    if (access.require === 'admin') {
      refusals.push(['a member without Admin', () => asCaller(member.idToken)(), [403, refusal]]);
    }
    if (access.require !== 'any-member') {
      refusals.push([
        'a member still on a one-time password',
        () => asCaller(newAdmin.idToken)(),
        [403, messages.PASSWORD_CHANGE_REQUIRED],
      ]);
    }
  }

  if (refusals.length > 0) {
    it.each(refusals)(
      `refuses %s (declared access: ${access.kind}), storing nothing`,
      async (_, request, refusal) => {
        const { body, headers } = request();
        expectRefusal(await post(urls[name], body, { headers }), refusal);
        await nothingStoredFor(String(body.email));
      },
    );
  }
});

describe.each(PAGE_ROUTES.map((route) => [route.functionId, route] as const))(
  '%s guards (a page)',
  (name, route) => {
    it('answers another method with a 405 page, without a stack trace, storing nothing', async () => {
      const email = uniqueEmail('page-post');
      for (const method of ['POST', 'PUT']) {
        const response = await post(urls[name], { email }, { method });
        expect(response.status).toBe(405);
        expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
        expect(response.text).toContain(messages.METHOD_NOT_ALLOWED);
        expectNoStack(response.text);
      }
      await nothingStoredFor(email);
    });

    it('answers a preflight from an allowed origin with its methods, and refuses a foreign origin', async () => {
      const allowed = await fetch(urls[name], {
        method: 'OPTIONS',
        headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'GET' },
      });
      expect(allowed.status).toBe(204);
      expect(allowed.headers.get('access-control-allow-methods')).toBe(
        [...route.methods, 'OPTIONS'].join(', '),
      );
      const foreign = await fetch(urls[name], { headers: { Origin: 'https://evil.example' } });
      expect(foreign.status).toBe(403);
      expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    });
  },
);
