// subscribe over HTTP against the Functions emulator: 200 (new and repeat), 400, 429 — with what was stored.
// Every call carries a valid App Check token of the stack's stand-in issuer (app-check.emulator.test.ts
// covers the refusals).
import { COLLECTIONS, SIGNUP_SOURCE } from '@silk/schema/constants';
import { INVALID_EMAIL, RATE_LIMITED } from '@silk/schema/messages';
import { REFERRAL_CODE_PATTERN } from '@silk/schema/referrals';
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { adminServices } from '../shared/admin';
import { appCheckedCaller, uniqueEmail } from '../../test-support/emulator';

const call = appCheckedCaller('subscribe');
const { db } = adminServices();
const subscriber = (email: string) => db.collection(COLLECTIONS.subscribers).doc(email).get();

describe('subscribe', () => {
  it('stores a new subscriber (normalised address) and answers 200 {"ok": true, referralCode}', async () => {
    const email = uniqueEmail('sub');
    const response = await call({ email: `  ${email.toUpperCase()} ` });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true, referralCode: expect.stringMatching(REFERRAL_CODE_PATTERN) });
    const stored = await subscriber(email);
    expect(stored.get('email')).toBe(email);
    expect(stored.get('source')).toBe(SIGNUP_SOURCE);
    expect(stored.get('subscribedAt')).toBeInstanceOf(Timestamp);
  });

  it('answers the same 200 for an address already subscribed and keeps the first subscription', async () => {
    const email = uniqueEmail('sub-again');
    const answer = (await call({ email })).body;
    expect(answer).toEqual({ ok: true, referralCode: expect.stringMatching(REFERRAL_CODE_PATTERN) });
    const first = (await subscriber(email)).get('subscribedAt') as Timestamp;
    const again = await call({ email });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(answer);
    const stored = await subscriber(email);
    expect((stored.get('subscribedAt') as Timestamp).isEqual(first)).toBe(true);
  });

  it.each([
    ['no email', {}],
    ['a number', { email: 42 }],
    ['no dot after @', { email: 'ana@example' }],
    ['spaces inside', { email: 'ana maria@example.com' }],
    ['a slash (not a document id)', { email: 'a/b@example.com' }],
    ['over 254 characters', { email: `${'a'.repeat(250)}@example.com` }],
  ] as Array<[string, { email?: unknown }]>)(
    'refuses %s with 400 and the SPEC message, storing nothing',
    async (_label, body) => {
      const response = await call(body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: INVALID_EMAIL });
      if (typeof body.email === 'string' && !body.email.includes('/')) {
        expect((await subscriber(body.email)).exists).toBe(false);
      }
    },
  );

  it('answers 429 once one address exceeds its per-e-mail limit (5 a minute in the emulator)', async () => {
    const email = uniqueEmail('sub-limit');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await call({ email })).status).toBe(200);
    }
    const limited = await call({ email });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: RATE_LIMITED });
    // A different address from the same client is not affected.
    const other = uniqueEmail('sub-other');
    expect((await call({ email: other })).status).toBe(200);
    expect((await subscriber(other)).exists).toBe(true);
  });
});
