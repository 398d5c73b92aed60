import { COLLECTIONS, NOT_AVAILABLE, SIGNUP_SOURCE } from '@silk/schema/constants';
import { EDIT_KEY_HASH_PATTERN, hashEditKey } from '@silk/schema/edit-key';
import { AUSTIN } from '@silk/schema/locations-cases';
import { FEEDBACK_FAILED, INVALID_EMAIL, SIGNUP_FAILED } from '@silk/schema/messages';
import { adminSdk } from '@silk/stack/admin-sdk';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientConfig } from './config';
import { readEditKey } from './edit-key';
import { deleteAllApps, emulatorConfig, uniqueEmail } from '../test-support/emulator';
import { hang, json, startStubServer, type StubServer } from '../test-support/stub-server';
import { resetVisitorLookup, UNKNOWN_LOCATION } from './visitor-lookup';
import {
  getLiteFirestore,
  joinWaitlist,
  signupRef,
  submitFeedback,
  subscribeForReferralCode,
  SUBSCRIBE_WAIT_MS,
  type Visit,
} from './waitlist';

const { db } = adminSdk();
let stub: StubServer;
let config: ClientConfig;
let errors: ReturnType<typeof vi.spyOn>;
let warnings: ReturnType<typeof vi.spyOn>;

const GEO = {
  city: 'Austin',
  region: 'Texas',
  country: 'US',
  country_name: 'United States',
  country_code: 'US',
  latitude: 30.2672,
  longitude: -97.7431,
};
const STORED_LOCATION = AUSTIN;

beforeAll(async () => {
  stub = await startStubServer();
  config = emulatorConfig({
    VITE_API_BASE: `${stub.url}/api`,
    VITE_IP_LOOKUP_URL: `${stub.url}/ip`,
    VITE_GEO_LOOKUP_URL: `${stub.url}/geo`,
  });
});
afterAll(async () => {
  await deleteAllApps();
  await stub.close();
});
beforeEach(() => {
  resetVisitorLookup();
  stub.requests.length = 0;
  stub.on('/ip', (_req, res) => json(res, 200, { ip: '198.51.100.23' }));
  stub.on('/geo', (_req, res) => json(res, 200, GEO));
  stub.on('/api/subscribe', (_req, res) => json(res, 200, { ok: true }));
  stub.on('/api/waitlist-update', (_req, res) => json(res, 200, { ok: true, score: 0.9 }));
  errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

const stored = async (email: string) =>
  (await db.collection(COLLECTIONS.waitlistSignups).doc(email).get()).data();

/** A landing visit from the launch newsletter, and the attribution a signup from it stores. */
const LAUNCH_URL = 'https://silk.example/?utm_source=newsletter&utm_campaign=launch';
const LAUNCH_ATTRIBUTION = { utmSource: 'newsletter', utmCampaign: 'launch', landingPath: '/' };

/** Joins from a visit (no app, no referral code) and reads back the stored signup. */
const joinFrom = async (email: string, visit: Visit) => {
  await joinWaitlist(config, email, undefined, null, visit);
  return stored(email);
};

describe('joinWaitlist (PRODUCT.md#api)', () => {
  it('writes the signup under the normalised e-mail with source, ip, location and server time, then subscribes', async () => {
    const email = uniqueEmail('join');
    const before = Date.now();
    await joinWaitlist(config, `  ${email.toUpperCase()} `);
    const data = await stored(email);
    expect(data).toMatchObject({
      email,
      source: SIGNUP_SOURCE,
      ip: '198.51.100.23',
      location: STORED_LOCATION,
    });
    expect(data?.timestamp).toBeInstanceOf(Timestamp);
    expect((data?.timestamp as Timestamp).toMillis()).toBeGreaterThanOrEqual(before - 5000);
    const subscribe = stub.requests.find((request) => request.path === '/api/subscribe');
    expect(subscribe?.headers['content-type']).toBe('application/json');
    expect(subscribe?.headers['x-firebase-appcheck']).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/); // the stand-in's JWT
    expect(JSON.parse(subscribe!.body)).toEqual({ email });
  });

  it('merges a repeat signup of the same e-mail into the same record', async () => {
    const email = uniqueEmail('repeat');
    await joinWaitlist(config, email);
    await submitFeedback(config, email, { socialMedia: '@repeat' });
    resetVisitorLookup();
    stub.on('/ip', (_req, res) => json(res, 200, { ip: '198.51.100.99' }));
    await joinWaitlist(config, email);
    expect(await stored(email)).toMatchObject({ email, ip: '198.51.100.99', socialMedia: '@repeat' });
  });

  it("binds the hash of this session's edit key when it creates the signup (never the key), and its feedback names the key", async () => {
    const email = uniqueEmail('bind');
    await joinWaitlist(config, email);
    const key = readEditKey(email) ?? '';
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const signup = await stored(email);
    expect(signup?.editKeyHash).toBe(await hashEditKey(key));
    expect(signup).not.toHaveProperty('editKey');
    await submitFeedback(config, email, { socialMedia: '@owner' });
    const answered = await stored(email);
    expect(answered).toMatchObject({ socialMedia: '@owner', prevEditKey: key });
    expect(answered?.editKeyHash).toBe(await hashEditKey(readEditKey(email) ?? ''));
    expect(answered?.editKeyHash).not.toBe(signup?.editKeyHash);
  });

  it('a repeat signup of a signup another session created lands alike and leaves its key (and answers) alone', async () => {
    const email = uniqueEmail('other');
    const theirs = await hashEditKey('T'.repeat(43));
    await db.collection(COLLECTIONS.waitlistSignups).doc(email).set({
      email,
      source: SIGNUP_SOURCE,
      ip: 'N/A',
      location: STORED_LOCATION,
      timestamp: Timestamp.now(),
      updatedAt: Timestamp.now(),
      editKeyHash: theirs,
      socialMedia: '@theirs',
    });
    await expect(joinWaitlist(config, email)).resolves.toEqual({
      referralCode: null,
      subscribeSettled: true,
    });
    expect(await stored(email)).toMatchObject({
      ip: '198.51.100.23',
      editKeyHash: theirs,
      socialMedia: '@theirs',
    });
    expect(stub.requests.some((request) => request.path === '/api/subscribe')).toBe(true);
    // This session holds no key to it, so its feedback is refused.
    await expect(submitFeedback(config, email, { socialMedia: '@mine' })).rejects.toThrow(FEEDBACK_FAILED);
    expect((await stored(email))?.socialMedia).toBe('@theirs');
  });

  it("writes the visit's valid attribution with a new signup, dropping what fails its pattern", async () => {
    const email = uniqueEmail('attributed');
    const data = await joinFrom(email, {
      url: `${LAUNCH_URL}&utm_medium=%3Cb%3E`,
      referrer: 'https://News.Example.com:8443/today',
    });
    expect(data).toMatchObject({ ...LAUNCH_ATTRIBUTION, referrerHost: 'news.example.com' });
    expect(data).not.toHaveProperty('utmMedium');
    expect(data?.editKeyHash).toMatch(EDIT_KEY_HASH_PATTERN);
  });

  it("keeps the first visit's attribution through repeat signups, of this session or another", async () => {
    const email = uniqueEmail('firsttouch');
    const first = { url: LAUNCH_URL, referrer: '' };
    const key = (await joinFrom(email, first))?.editKeyHash;
    await joinFrom(email, first);
    resetVisitorLookup();
    stub.on('/ip', (_req, res) => json(res, 200, { ip: '198.51.100.77' }));
    const data = await joinFrom(email, {
      url: 'https://silk.example/pricing?utm_source=ads&utm_term=other',
      referrer: 'https://search.example/',
    });
    expect(data).toMatchObject({ ...LAUNCH_ATTRIBUTION, ip: '198.51.100.77', editKeyHash: key });
    expect(data).not.toHaveProperty('utmTerm');
    expect(data).not.toHaveProperty('referrerHost');
    // A signup stored without attribution gains none from a repeat.
    const plain = uniqueEmail('plain');
    await joinWaitlist(config, plain);
    expect(await joinFrom(plain, first)).not.toHaveProperty('utmSource');
    expect((await stored(plain))?.ip).toBe('198.51.100.77');
  });

  it("stores 'N/A' when the lookups fail", async () => {
    stub.on('/ip', (_req, res) => json(res, 503, {}));
    stub.on('/geo', (_req, res) => json(res, 429, { error: true, reason: 'RateLimited' }));
    const email = uniqueEmail('nolookup');
    await joinWaitlist(config, email);
    expect(await stored(email)).toMatchObject({ ip: NOT_AVAILABLE, location: UNKNOWN_LOCATION });
  });

  it('only logs a failing mailing-list call (the signup still succeeds)', async () => {
    stub.on('/api/subscribe', (_req, res) => json(res, 500, { error: 'Mailing list down' }));
    const email = uniqueEmail('subfail');
    await expect(joinWaitlist(config, email)).resolves.toEqual({
      referralCode: null,
      subscribeSettled: true,
    });
    expect(await stored(email)).toMatchObject({ email });
    expect(errors).toHaveBeenCalledWith(
      'Mailing-list subscription failed:',
      expect.objectContaining({ status: 500, body: { error: 'Mailing list down' } }),
    );
  });

  it("resolves with the subscriber's own code from the mailing-list call's answer", async () => {
    stub.on('/api/subscribe', (_req, res) => json(res, 200, { ok: true, referralCode: 'zxcv6789' }));
    await expect(joinWaitlist(config, uniqueEmail('code'))).resolves.toEqual({
      referralCode: 'zxcv6789',
      subscribeSettled: true,
    });
  });

  it('asks again for the code with the same call (App Check token, the referral code of the visit)', async () => {
    stub.on('/api/subscribe', (_req, res) => json(res, 200, { ok: true, referralCode: 'zxcv6789' }));
    const email = uniqueEmail('again');
    await expect(subscribeForReferralCode(config, email.toUpperCase(), 'abcd2345')).resolves.toBe('zxcv6789');
    const subscribe = stub.requests.find((request) => request.path === '/api/subscribe');
    expect(subscribe?.headers['x-firebase-appcheck']).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(JSON.parse(subscribe!.body)).toEqual({ email, ref: 'abcd2345' });
    stub.on('/api/subscribe', (_req, res) => json(res, 429, { error: 'Too many requests.' }));
    await expect(subscribeForReferralCode(config, email)).resolves.toBeNull();
  });

  it('does not wait for a hanging mailing-list call longer than its bound', async () => {
    stub.on('/api/subscribe', hang);
    const started = Date.now();
    await expect(joinWaitlist(config, uniqueEmail('subhang'))).resolves.toEqual({
      referralCode: null,
      subscribeSettled: false,
    });
    expect(Date.now() - started).toBeLessThan(SUBSCRIBE_WAIT_MS + 1500);
  });

  it('refuses an invalid address before sending anything', async () => {
    await expect(joinWaitlist(config, 'not-an-email')).rejects.toThrow(INVALID_EMAIL);
    await expect(joinWaitlist(config, 'a/b@example.com')).rejects.toThrow(INVALID_EMAIL);
    expect(stub.requests).toHaveLength(0);
  });

  it('rejects with the SPEC landing error when the write fails, and does not subscribe', async () => {
    const unreachable = { ...config, emulators: { ...config.emulators!, firestore: '127.0.0.1:1' } };
    const { joinWaitlist: join } = await import('./waitlist');
    await expect(join(unreachable, uniqueEmail('down'), 'unreachable-firestore')).rejects.toThrow(
      SIGNUP_FAILED,
    );
    expect(stub.requests.some((request) => request.path === '/api/subscribe')).toBe(false);
  });
});

describe('submitFeedback (PRODUCT.md#api)', () => {
  it('lets this session change its answers again (its key rotates) and refuses a session without the key', async () => {
    const email = uniqueEmail('rekey');
    await joinWaitlist(config, email);
    await submitFeedback(config, email, { travelFrequency: 'Yearly' });
    const first = readEditKey(email) ?? '';
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await stored(email))?.editKeyHash).toBe(await hashEditKey(first));
    await submitFeedback(config, email, { travelFrequency: 'Monthly or more' });
    const data = await stored(email);
    expect(data).toMatchObject({ travelFrequency: 'Monthly or more', prevEditKey: first });
    expect(data?.editKeyHash).not.toBe(await hashEditKey(first));
    // Another browser that knows only the e-mail: its write without the key is refused, nothing changes.
    const { setDoc, serverTimestamp } = await import('firebase/firestore/lite');
    const stranger = signupRef(getLiteFirestore(config, 'stranger-session'), email);
    await expect(
      setDoc(
        stranger,
        { email, ip: 'N/A', location: STORED_LOCATION, timestamp: serverTimestamp(), travelFrequency: '' },
        { merge: true },
      ),
    ).rejects.toMatchObject({ code: 'permission-denied' });
    expect((await stored(email))?.travelFrequency).toBe('Monthly or more');
  });

  it("merges the feedback with 'N/A' for blanks, plus ip, location and server time", async () => {
    const email = uniqueEmail('feedback');
    await joinWaitlist(config, email);
    await submitFeedback(config, email, {
      travelFrequency: 'Monthly or more',
      biggestFrustration: '  Too many tabs.  ',
      workEmail: '',
      contentCreator: 'Yes',
      excitedFeatures: 'Instant planning, AI price hunting',
      suggestionsFeedback: '   ',
    });
    const data = await stored(email);
    expect(data).toMatchObject({
      email,
      source: SIGNUP_SOURCE,
      travelFrequency: 'Monthly or more',
      biggestFrustration: 'Too many tabs.',
      workEmail: NOT_AVAILABLE,
      contentCreator: 'Yes',
      excitedFeatures: 'Instant planning, AI price hunting',
      suggestionsFeedback: NOT_AVAILABLE,
      socialMedia: NOT_AVAILABLE,
      ip: '198.51.100.23',
      location: STORED_LOCATION,
    });
    expect(data?.timestamp).toBeInstanceOf(Timestamp);
    expect(stub.requests.some((request) => request.path === '/api/waitlist-update')).toBe(false);
  });

  it('calls the bot check first when a token is given, then the lookups, then writes', async () => {
    const email = uniqueEmail('botcheck');
    await joinWaitlist(config, email);
    resetVisitorLookup();
    stub.requests.length = 0;
    await submitFeedback(config, email, { socialMedia: '@bot' }, 'recaptcha-token');
    const paths = stub.requests.map((request) => request.path);
    expect(paths[0]).toBe('/api/waitlist-update');
    expect(paths.slice(1).sort()).toEqual(['/geo', '/ip']);
    expect(JSON.parse(stub.requests[0]!.body)).toEqual({ email, recaptcha_token: 'recaptcha-token' });
    expect(await stored(email)).toMatchObject({ socialMedia: '@bot' });
  });

  it('only warns when the bot check fails, and still writes', async () => {
    stub.on('/api/waitlist-update', (_req, res) => json(res, 403, { error: 'The reCAPTCHA check failed.' }));
    const email = uniqueEmail('botfail');
    await joinWaitlist(config, email);
    await expect(
      submitFeedback(config, email, { contentCreator: 'No' }, 'bad-token'),
    ).resolves.toBeUndefined();
    expect(warnings).toHaveBeenCalledWith('Bot check failed:', expect.objectContaining({ status: 403 }));
    expect(await stored(email)).toMatchObject({ contentCreator: 'No' });
  });

  it('rejects with the SPEC feedback error when the rules refuse the write (text over its limit)', async () => {
    const email = uniqueEmail('toolong');
    await joinWaitlist(config, email);
    await expect(submitFeedback(config, email, { socialMedia: 'x'.repeat(201) })).rejects.toThrow(
      FEEDBACK_FAILED,
    );
    expect((await stored(email))?.socialMedia).toBeUndefined();
  });
});
