// waitlistUpdate over HTTP against the Functions emulator, with a local siteverify stub: success, low
// score, wrong action, wrong hostname, invalid token, verifier failing and unreachable, bad input, 429.
// Every call carries a valid App Check token of the stack's stand-in issuer (app-check.emulator.test.ts
// covers the refusals).
import { COLLECTIONS, RECAPTCHA_ACTION } from '@silk/schema/constants';
import {
  BOT_CHECK_FAILED,
  BOT_CHECK_MISSING_TOKEN,
  BOT_CHECK_UNAVAILABLE,
  INVALID_EMAIL,
  RATE_LIMITED,
} from '@silk/schema/messages';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminServices } from '../shared/admin';
import { appCheckedCaller, unique, uniqueEmail } from '../../test-support/emulator';
import {
  EMULATOR_SECRET,
  startSiteverifyStub,
  type SiteverifyStub,
} from '../../test-support/siteverify-stub';

const call = appCheckedCaller('waitlistUpdate');
let stub: SiteverifyStub;
const { db } = adminServices();
const signup = (email: string) => db.collection(COLLECTIONS.waitlistSignups).doc(email).get();

beforeAll(async () => {
  stub = await startSiteverifyStub();
});
afterAll(async () => {
  await stub?.close();
});

/** A token the stub answers with this verdict. */
function token(verdict: Record<string, unknown>): string {
  const value = unique('token');
  stub.verdicts.set(value, {
    success: true,
    score: 0.9,
    action: RECAPTCHA_ACTION,
    hostname: 'localhost',
    ...verdict,
  } as never);
  return value;
}

describe('waitlistUpdate', () => {
  it('accepts a good token: 200 {ok, score}, botCheck recorded on the signup', async () => {
    const email = uniqueEmail('bot-ok');
    await db.collection(COLLECTIONS.waitlistSignups).doc(email).set({ email, source: 'Homepage Hero' });
    const recaptcha_token = token({ score: 0.7 });
    const response = await call({ email: email.toUpperCase(), recaptcha_token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true, score: 0.7 });
    const stored = await signup(email);
    expect(stored.get('source')).toBe('Homepage Hero'); // merged, not replaced
    expect(stored.get('botCheck.score')).toBe(0.7);
    expect(stored.get('botCheck.action')).toBe(RECAPTCHA_ACTION);
    expect(stored.get('botCheck.checkedAt')).toBeInstanceOf(Timestamp);
    const sent = stub.requests.find((request) => request.response === recaptcha_token);
    expect(sent?.secret).toBe(EMULATOR_SECRET);
    expect(sent?.remoteip).toBeTruthy();
  });

  it('answers a listed and an unlisted address alike (status and body, byte for byte), writing nothing for the unlisted one', async () => {
    const listed = uniqueEmail('bot-listed');
    const unlisted = uniqueEmail('bot-nobody');
    await db
      .collection(COLLECTIONS.waitlistSignups)
      .doc(listed)
      .set({ email: listed, source: 'Homepage Hero' });
    const forListed = await call({ email: listed, recaptcha_token: token({ score: 0.9 }) });
    const forUnlisted = await call({ email: unlisted, recaptcha_token: token({ score: 0.9 }) });
    expect(forListed.status).toBe(200);
    expect(forUnlisted.status).toBe(forListed.status);
    expect(Buffer.from(forUnlisted.text)).toEqual(Buffer.from(forListed.text));
    expect(forUnlisted.headers.get('content-type')).toBe(forListed.headers.get('content-type'));
    expect((await signup(listed)).get('botCheck.score')).toBe(0.9);
    expect((await signup(unlisted)).exists).toBe(false);
  });

  it.each([
    ['a low score', { score: 0.2 }],
    ['the wrong action', { action: 'login' }],
    ['a hostname outside the allow-list', { hostname: 'evil.example' }],
    ['no score at all', { score: undefined }],
  ])('refuses %s with 403 and records nothing', async (_label, verdict) => {
    const email = uniqueEmail('bot-403');
    const response = await call({ email, recaptcha_token: token(verdict) });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ error: BOT_CHECK_FAILED });
    expect((await signup(email)).exists).toBe(false);
  });

  it('refuses a token siteverify rejects (invalid) with 400 and records nothing', async () => {
    const email = uniqueEmail('bot-invalid');
    const response = await call({ email, recaptcha_token: 'forged-token' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: BOT_CHECK_FAILED });
    expect(stub.requests.at(-1)?.response).toBe('forged-token');
    expect((await signup(email)).exists).toBe(false);
  });

  it.each([
    ['no token', {}],
    ['an empty token', { recaptcha_token: '   ' }],
    ['a token that is not text', { recaptcha_token: 12 }],
  ])('refuses %s with 400 without calling siteverify', async (_label, extra) => {
    const email = uniqueEmail('bot-missing');
    const calls = stub.requests.length;
    const response = await call({ email, ...extra });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: BOT_CHECK_MISSING_TOKEN });
    expect(stub.requests.length).toBe(calls);
    expect((await signup(email)).exists).toBe(false);
  });

  it('refuses an invalid e-mail with 400', async () => {
    const response = await call({ email: 'not-an-address', recaptcha_token: token({}) });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: INVALID_EMAIL });
  });

  it('answers 503 when siteverify fails (HTTP 500), recording nothing', async () => {
    const email = uniqueEmail('bot-500');
    const recaptcha_token = unique('token');
    stub.verdicts.set(recaptcha_token, { status: 500 });
    const response = await call({ email, recaptcha_token });
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ error: BOT_CHECK_UNAVAILABLE });
    expect((await signup(email)).exists).toBe(false);
  });

  it('answers 429 once one address exceeds its per-e-mail limit (5 a minute in the emulator)', async () => {
    const email = uniqueEmail('bot-limit');
    await db.collection(COLLECTIONS.waitlistSignups).doc(email).set({ email, source: 'Homepage Hero' });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await call({ email, recaptcha_token: token({}) })).status).toBe(200);
    }
    const calls = stub.requests.length;
    const limited = await call({ email, recaptcha_token: token({}) });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: RATE_LIMITED });
    expect(stub.requests.length).toBe(calls); // refused before siteverify
  });

  it('answers 503 when siteverify is unreachable, recording nothing', async () => {
    await stub.close();
    const email = uniqueEmail('bot-down');
    const response = await call({ email, recaptcha_token: 'any-token' });
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ error: BOT_CHECK_UNAVAILABLE });
    expect((await signup(email)).exists).toBe(false);
  });
});
