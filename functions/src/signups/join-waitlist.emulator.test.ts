// joinWaitlist over HTTP against the Functions emulator: a native form post (and JSON) stores the
// browser's landing record and the mailing-list entry, lands on /waitlist with 303, refuses a bad
// address without putting it in a URL, and shares the signup rate limits with /api/subscribe.
import { COLLECTIONS, SIGNUP_SOURCE } from '@silk/schema/constants';
import { EDIT_KEY_HASH_PATTERN, hashEditKey } from '@silk/schema/edit-key';
import { INVALID_EMAIL, RATE_LIMITED, SIGNUP_FAILED } from '@silk/schema/messages';
import type { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { JOINED_PATH } from './join-waitlist';
import { adminServices } from '../shared/admin';
import { appCheckHeaders, functionUrl, post, uniqueEmail } from '../../test-support/emulator';
import { UNKNOWN_LOCATION } from '../../test-support/mail';

let url: string;
let subscribeUrl: string;
/** One of the site's pages as the emulator configuration allows them (http://127.0.0.1:*). */
const SITE = 'http://127.0.0.1:5000';
const { db } = adminServices();
const signup = (email: string) => db.collection(COLLECTIONS.waitlistSignups).doc(email).get();
const subscriber = (email: string) => db.collection(COLLECTIONS.subscribers).doc(email).get();

/** Posts the landing form as a browser does without JavaScript (redirects not followed). */
async function submitForm(fields: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
  return {
    status: response.status,
    location: response.headers.get('location'),
    headers: response.headers,
    text: await response.text(),
  };
}

beforeAll(async () => {
  url = await functionUrl('joinWaitlist');
  subscribeUrl = await functionUrl('subscribe');
});

describe('joinWaitlist', () => {
  it('stores the landing record and the subscriber from a form post, and answers 303 to /waitlist', async () => {
    const email = uniqueEmail('join');
    const before = Date.now();
    const response = await submitForm({ email: `  ${email.toUpperCase()} ` });
    expect(response.status).toBe(303);
    expect(response.location).toBe(JOINED_PATH);
    expect(response.location).not.toContain('@');
    const stored = await signup(email);
    expect(stored.data()).toMatchObject({
      email,
      source: SIGNUP_SOURCE,
      location: UNKNOWN_LOCATION,
    });
    expect(typeof stored.get('ip')).toBe('string');
    expect(stored.get('ip')).not.toBe('');
    const written = (stored.get('timestamp') as Timestamp).toMillis();
    expect(written).toBeGreaterThan(before - 60_000);
    expect((await subscriber(email)).get('source')).toBe(SIGNUP_SOURCE);
  });

  it('refreshes only the landing fields on a repeat signup, keeping feedback answers', async () => {
    const email = uniqueEmail('join-again');
    expect((await submitForm({ email })).status).toBe(303);
    await db
      .collection(COLLECTIONS.waitlistSignups)
      .doc(email)
      .set({ travelFrequency: 'Monthly or more' }, { merge: true });
    const first = (await signup(email)).get('timestamp') as Timestamp;
    expect((await submitForm({ email })).status).toBe(303);
    const stored = await signup(email);
    expect(stored.get('travelFrequency')).toBe('Monthly or more');
    expect((stored.get('timestamp') as Timestamp).toMillis()).toBeGreaterThanOrEqual(first.toMillis());
  });

  it('binds the edit key the page sends to a new signup; a repeat signup answers the same and never changes it', async () => {
    const email = uniqueEmail('join-key');
    const key = 'K'.repeat(43);
    const first = await submitForm({ email, editKey: key });
    expect(first.status).toBe(303);
    expect((await signup(email)).get('editKeyHash')).toBe(await hashEditKey(key));
    expect((await signup(email)).get('editKey')).toBeUndefined();
    const again = await submitForm({ email, editKey: 'S'.repeat(43) });
    expect([again.status, again.location, again.text]).toEqual([first.status, first.location, first.text]);
    expect((await post(url, { email, editKey: 'J'.repeat(43) })).body).toEqual({
      ok: true,
      referralCode: (await signup(email)).get('referralCode') as string,
    });
    expect((await signup(email)).get('editKeyHash')).toBe(await hashEditKey(key));
  });

  it('binds a random key nobody holds to a new signup posted without one (no scripts)', async () => {
    const email = uniqueEmail('join-nokey');
    expect((await submitForm({ email })).status).toBe(303);
    expect((await signup(email)).get('editKeyHash')).toMatch(EDIT_KEY_HASH_PATTERN);
    expect((await signup(email)).get('editKey')).toBeUndefined();
  });

  it('lets a given key claim a signup stored without one (before keys were bound), and no later one', async () => {
    const email = uniqueEmail('join-legacy');
    await db.collection(COLLECTIONS.waitlistSignups).doc(email).set({ email, source: SIGNUP_SOURCE });
    expect((await submitForm({ email })).status).toBe(303);
    expect((await signup(email)).get('editKeyHash')).toBeUndefined();
    expect((await submitForm({ email, editKey: 'L'.repeat(43) })).status).toBe(303);
    expect((await submitForm({ email, editKey: 'M'.repeat(43) })).status).toBe(303);
    expect((await signup(email)).get('editKeyHash')).toBe(await hashEditKey('L'.repeat(43)));
  });

  it('refuses a malformed edit key with 400 and stores nothing', async () => {
    const email = uniqueEmail('join-badkey');
    const response = await submitForm({ email, editKey: 'short' });
    expect(response.status).toBe(400);
    expect(response.text).toContain(SIGNUP_FAILED);
    expect((await post(url, { email, editKey: 'k'.repeat(65) })).body).toEqual({ error: SIGNUP_FAILED });
    expect((await signup(email)).exists).toBe(false);
  });

  it('answers JSON with 200 {"ok": true} and stores the same record', async () => {
    const email = uniqueEmail('join-json');
    const response = await post(url, { email });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      ok: true,
      referralCode: (await signup(email)).get('referralCode') as string,
    });
    expect((await signup(email)).get('source')).toBe(SIGNUP_SOURCE);
    expect((await subscriber(email)).exists).toBe(true);
  });

  it.each([
    ['no email', {}],
    ['no dot after @', { email: 'ana@example' }],
    ['spaces inside', { email: 'ana maria@example.com' }],
  ] as Array<[string, Record<string, string>]>)(
    'refuses %s from a form with a 400 page carrying the SPEC message',
    async (_label, fields) => {
      const response = await submitForm(fields);
      expect(response.status).toBe(400);
      expect(response.location).toBeNull();
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.text).toContain(INVALID_EMAIL);
      expect(response.text).toContain('href="/"');
      if (fields.email) {
        expect(response.text).not.toContain(fields.email);
        expect((await signup(fields.email)).exists).toBe(false);
      }
    },
  );

  it('refuses a bad address sent as JSON with 400 {error}', async () => {
    const response = await post(url, { email: 'ana@example' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: INVALID_EMAIL });
  });

  it('counts against the signup limits of /api/subscribe (5 a minute per e-mail in the emulator)', async () => {
    const email = uniqueEmail('join-limit');
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await submitForm({ email })).status).toBe(303);
    for (let attempt = 0; attempt < 2; attempt += 1)
      expect((await post(subscribeUrl, { email }, { headers: await appCheckHeaders() })).status).toBe(200);
    const limited = await submitForm({ email });
    expect(limited.status).toBe(429);
    expect(limited.text).toContain(RATE_LIMITED);
    expect((await post(url, { email })).body).toEqual({ error: RATE_LIMITED });
  });

  it("stores a new signup's attribution from the Referer of our page, and a repeat signup keeps it", async () => {
    const email = uniqueEmail('join-utm');
    const page = `${SITE}/?utm_source=newsletter&utm_campaign=launch&utm_term=${encodeURIComponent('<b>')}`;
    expect((await submitForm({ email }, { Referer: page })).status).toBe(303);
    const stored = (await signup(email)).data();
    expect(stored).toMatchObject({ utmSource: 'newsletter', utmCampaign: 'launch', landingPath: '/' });
    for (const key of ['utmTerm', 'utmMedium', 'utmContent', 'referrerHost'])
      expect(stored).not.toHaveProperty(key);
    // Another visit's repeat signup (form or JSON) changes nothing of it.
    expect(
      (await submitForm({ email }, { Referer: `${SITE}/faq?utm_source=ads&utm_medium=cpc` })).status,
    ).toBe(303);
    expect((await post(url, { email, utmSource: 'ads', referrerHost: 'ads.example' })).status).toBe(200);
    const after = (await signup(email)).data();
    expect(after).toMatchObject({ utmSource: 'newsletter', utmCampaign: 'launch', landingPath: '/' });
    expect(after).not.toHaveProperty('utmMedium');
    expect(after).not.toHaveProperty('referrerHost');
  });

  it("takes no attribution from a foreign page's Referer, nor from a page without any", async () => {
    const foreign = uniqueEmail('join-foreign-ref');
    expect(
      (await submitForm({ email: foreign }, { Referer: 'https://evil.example/?utm_source=evil' })).status,
    ).toBe(303);
    const plain = uniqueEmail('join-plain');
    expect((await submitForm({ email: plain })).status).toBe(303);
    for (const email of [foreign, plain]) {
      const stored = (await signup(email)).data();
      expect(stored?.source).toBe(SIGNUP_SOURCE);
      for (const key of ['utmSource', 'utmCampaign', 'landingPath', 'referrerHost'])
        expect(stored).not.toHaveProperty(key);
    }
  });

  it('stores the valid attribution a JSON call gives (over the Referer), dropping the invalid', async () => {
    const email = uniqueEmail('join-json-utm');
    const response = await post(
      url,
      {
        email,
        utmSource: 'partner',
        utmMedium: 'x'.repeat(101),
        utmCampaign: 42,
        referrerHost: 'blog.example.org',
        landingPath: '/pricing',
      },
      { headers: { Referer: `${SITE}/?utm_source=newsletter` } },
    );
    expect(response.status).toBe(200);
    const stored = (await signup(email)).data();
    expect(stored).toMatchObject({
      utmSource: 'partner',
      referrerHost: 'blog.example.org',
      landingPath: '/pricing',
    });
    expect(stored).not.toHaveProperty('utmMedium');
    expect(stored).not.toHaveProperty('utmCampaign');
  });

  it('refuses a form posted from a foreign origin', async () => {
    const response = await submitForm(
      { email: uniqueEmail('join-foreign') },
      { Origin: 'https://evil.example' },
    );
    expect(response.status).toBe(403);
  });
});
