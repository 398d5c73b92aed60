// App Check on the two public JSON functions, over HTTP against the Functions emulator, with tokens of the
// stack's stand-in issuer (verified by the same code as App Check's own): a missing, malformed, expired,
// other project's (audience or issuer) or forged token → 401 {error} and nothing stored; a valid one passes.
import { APP_CHECK_HEADER, COLLECTIONS } from '@silk/schema/constants';
import { APP_CHECK_FAILED, INVALID_EMAIL } from '@silk/schema/messages';
import type { TokenRequest } from '@silk/stack/app-check-stub';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminServices } from '../shared/admin';
import {
  appCheckHeaders,
  functionUrl,
  post,
  uniqueEmail,
  type FunctionName,
} from '../../test-support/emulator';

const FUNCTIONS: FunctionName[] = ['subscribe', 'waitlistUpdate'];
const urls = {} as Record<FunctionName, string>;
const { db } = adminServices();

beforeAll(async () => {
  for (const name of FUNCTIONS) urls[name] = await functionUrl(name);
});

const OTHER_PROJECT = '999999999999';
const BAD_TOKENS: Array<[string, TokenRequest]> = [
  ['an expired token', { ttlSeconds: -60 }],
  ['a token for another project (audience)', { audience: [`projects/${OTHER_PROJECT}`, 'projects/another'] }],
  [
    'a token from another project (issuer)',
    { issuer: `https://firebaseappcheck.googleapis.com/${OTHER_PROJECT}` },
  ],
  ['a token with a forged signature', { forged: true }],
];

async function expectRefused(name: FunctionName, headers: Record<string, string>) {
  const email = uniqueEmail('appcheck');
  const response = await post(urls[name], { email, recaptcha_token: 'x' }, { headers });
  expect(response.status).toBe(401);
  expect(response.body).toEqual({ error: APP_CHECK_FAILED });
  const [subscriber, signup] = await Promise.all([
    db.collection(COLLECTIONS.subscribers).doc(email).get(),
    db.collection(COLLECTIONS.waitlistSignups).doc(email).get(),
  ]);
  expect([subscriber.exists, signup.exists]).toEqual([false, false]);
}

describe.each(FUNCTIONS)('%s App Check', (name) => {
  it('refuses a request without a token with 401', async () => {
    await expectRefused(name, {});
  });

  it('refuses a token that is not a JWT with 401', async () => {
    await expectRefused(name, { [APP_CHECK_HEADER]: 'not-a-token' });
  });

  it.each(BAD_TOKENS)('refuses %s with 401', async (_label, request) => {
    await expectRefused(name, await appCheckHeaders(request));
  });

  it('lets a valid token through to the request itself', async () => {
    const headers = await appCheckHeaders();
    const invalid = await post(urls[name], { email: 'ana@example', recaptcha_token: 'x' }, { headers });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({ error: INVALID_EMAIL });
  });
});

describe('subscribe with a valid App Check token', () => {
  it('answers 200 and stores the subscriber', async () => {
    const email = uniqueEmail('appcheck-ok');
    const response = await post(urls.subscribe, { email }, { headers: await appCheckHeaders() });
    expect(response.status).toBe(200);
    expect((await db.collection(COLLECTIONS.subscribers).doc(email).get()).exists).toBe(true);
  });
});
