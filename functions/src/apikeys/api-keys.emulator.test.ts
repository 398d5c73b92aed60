// API keys and the public API against the emulators. An Admin creates a key (answered once, stored only as
// its SHA-256, never listed or audited in plain) and revokes it (audited once); members who are not
// Admins are refused. The public API lets a key in only with the route's scope (403 otherwise, nothing
// stored), refuses no key, an unknown one and a revoked one (401), holds each key to its own rate (429
// beyond it, calls arriving at once too; another key unaffected) and stamps its last use. The client
// generated from the OpenAPI document adds a signup (which gets the join path's confirmation mail and
// referral), lists it back page by page with the cursor, finds it by search and reads its place and status.
import type { ApiKeyView } from '@silk/schema/api-keys';
import type { ApiKeyListResponse } from '@silk/schema/api-key-api';
import { COLLECTIONS } from '@silk/schema/constants';
import {
  API_CURSOR_INVALID,
  API_KEY_REQUIRED,
  API_KEY_SCOPE_MISSING,
  API_KEYS_ADMIN_REQUIRED,
  API_SUBSCRIBER_NOT_FOUND,
  INVALID_EMAIL,
  RATE_LIMITED,
} from '@silk/schema/messages';
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminServices } from '../shared/admin';
import {
  createStaff,
  eventually,
  functionUrls,
  post,
  unique,
  uniqueEmail,
  type TestStaff,
} from '../../test-support/emulator';
import { mailDocsTo } from '../../test-support/mail';
import { createApiKey, publicApiClient } from '../../test-support/public-api';

const { db } = adminServices();
const urls = functionUrls({ list: 'apiKeyList', create: 'apiKeyCreate', revoke: 'apiKeyRevoke' });
let admin: TestStaff;
let member: TestStaff;

const as = (caller: TestStaff, url: string, body: unknown) =>
  post(url, body, { headers: { Authorization: `Bearer ${caller.idToken}` } });

async function listedKey(id: string): Promise<ApiKeyView | undefined> {
  const answer = await as(admin, urls.list, {});
  expect(answer.status).toBe(200);
  return (answer.body as unknown as ApiKeyListResponse).keys.find((key) => key.id === id);
}

const auditOf = async (id: string) =>
  (await db.collection(COLLECTIONS.auditLog).where('target', '==', `api_keys/${id}`).get()).docs.map((doc) =>
    doc.data(),
  );

beforeAll(async () => {
  admin = await createStaff(['Admin']);
  member = await createStaff(['Staff']);
});

describe('an API key', () => {
  it('is answered once, stored only as its SHA-256, and never listed or audited in plain', async () => {
    const { key, secret } = await createApiKey(admin, ['signups:read'], { name: 'CRM sync' });
    expect(secret).toMatch(/^silk_[A-Za-z0-9_-]{43}$/);
    expect(key.id).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(key).toMatchObject({ name: 'CRM sync', scopes: ['signups:read'], createdBy: admin.email });
    expect(key.hint).toBe(secret.slice(0, 9));
    const stored = await db.collection(COLLECTIONS.apiKeys).doc(key.id).get();
    expect(stored.exists).toBe(true);
    expect(JSON.stringify(stored.data())).not.toContain(secret.slice(9));
    const everyKey = await db.collection(COLLECTIONS.apiKeys).get();
    for (const doc of everyKey.docs) expect(doc.id).not.toBe(secret);
    const listed = await as(admin, urls.list, {});
    expect(listed.text).toContain(key.id);
    expect(listed.text).not.toContain(secret.slice(9));
    const audit = await auditOf(key.id);
    expect(audit.map((entry) => [entry.action, entry.actor])).toEqual([['apikey.created', admin.email]]);
    expect(JSON.stringify(audit)).not.toContain(secret.slice(9));
  });

  it('is created, listed and revoked by Admins only', async () => {
    const { key } = await createApiKey(admin, ['signups:read']);
    for (const [url, body] of [
      [urls.list, {}],
      [urls.create, { name: 'not mine', scopes: ['signups:read'] }],
      [urls.revoke, { id: key.id }],
    ] as const) {
      const refused = await as(member, url, body);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ error: API_KEYS_ADMIN_REQUIRED });
    }
    expect((await listedKey(key.id))?.revokedAt).toBeNull();
  });

  it('refuses a call once revoked (401), the revocation audited once', async () => {
    const { key, secret } = await createApiKey(admin, ['signups:read']);
    const client = publicApiClient(secret);
    expect((await client.POST('/signups/list', { body: { limit: 1 } })).response.status).toBe(200);
    const revoked = await as(admin, urls.revoke, { id: key.id });
    expect(revoked.status).toBe(200);
    expect((revoked.body as { key: ApiKeyView }).key).toMatchObject({ revokedBy: admin.email });
    expect((await as(admin, urls.revoke, { id: key.id })).status).toBe(200);
    const refused = await client.POST('/signups/list', { body: { limit: 1 } });
    expect(refused.response.status).toBe(401);
    expect(refused.error).toEqual({ error: API_KEY_REQUIRED });
    expect((await auditOf(key.id)).map((entry) => entry.action).sort()).toEqual([
      'apikey.created',
      'apikey.revoked',
    ]);
  });

  it('is revoked once when two Admins revoke it at the same moment', async () => {
    const { key, secret } = await createApiKey(admin, ['signups:read']);
    const answers = await Promise.all([
      as(admin, urls.revoke, { id: key.id }),
      as(admin, urls.revoke, { id: key.id }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect((await publicApiClient(secret).POST('/signups/list', { body: {} })).response.status).toBe(401);
    expect((await auditOf(key.id)).filter((entry) => entry.action === 'apikey.revoked')).toHaveLength(1);
  });

  it('refuses no key and an unknown key (401)', async () => {
    for (const client of [publicApiClient(null), publicApiClient(`silk_${'A'.repeat(43)}`)]) {
      const { response, error } = await client.POST('/signups/list', { body: {} });
      expect(response.status).toBe(401);
      expect(error).toEqual({ error: API_KEY_REQUIRED });
    }
  });

  it('is refused (403) a route whose scope it lacks, and nothing is stored', async () => {
    const { secret } = await createApiKey(admin, ['signups:read', 'subscribers:read']);
    const email = uniqueEmail('no-scope');
    const client = publicApiClient(secret);
    const added = await client.POST('/signups/add', { body: { email } });
    expect(added.response.status).toBe(403);
    expect(added.error).toEqual({ error: API_KEY_SCOPE_MISSING });
    const hooked = await client.POST('/hooks/subscribe', {
      body: { url: 'https://hooks.example.com/in', events: ['signup.created'] },
    });
    expect(hooked.response.status).toBe(403);
    expect((await db.collection(COLLECTIONS.waitlistSignups).doc(email).get()).exists).toBe(false);
    expect((await db.collection(COLLECTIONS.subscribers).doc(email).get()).exists).toBe(false);
    // The scopes it holds let it in.
    expect((await client.POST('/signups/list', { body: { limit: 1 } })).response.status).toBe(200);
  });

  it('holds each key to its own rate per minute, and stamps its last use', async () => {
    const limited = await createApiKey(admin, ['signups:read'], { ratePerMinute: 3 });
    const other = await createApiKey(admin, ['signups:read'], { ratePerMinute: 3 });
    expect((await listedKey(limited.key.id))?.lastUsedAt).toBeNull();
    const client = publicApiClient(limited.secret);
    for (let call = 0; call < 3; call += 1) {
      expect((await client.POST('/signups/list', { body: { limit: 1 } })).response.status).toBe(200);
    }
    const refused = await client.POST('/signups/list', { body: { limit: 1 } });
    expect(refused.response.status).toBe(429);
    expect(refused.error).toEqual({ error: RATE_LIMITED });
    const otherClient = publicApiClient(other.secret);
    expect((await otherClient.POST('/signups/list', { body: { limit: 1 } })).response.status).toBe(200);
    expect((await listedKey(limited.key.id))?.lastUsedAt).toEqual(expect.any(Number));
  });

  it('lets in no more than its rate when its calls arrive at once', async () => {
    const { secret } = await createApiKey(admin, ['signups:read'], { ratePerMinute: 3 });
    const client = publicApiClient(secret);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => client.POST('/signups/list', { body: { limit: 1 } })),
    );
    const statuses = answers.map(({ response }) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
  });
});

describe('the public API through the client generated from its OpenAPI document', () => {
  it('adds a signup as the join path does, lists it back by cursor, finds it and reads its place', async () => {
    const { secret } = await createApiKey(admin, ['signups:write', 'signups:read', 'subscribers:read']);
    const client = publicApiClient(secret);
    const prefix = unique('api-list').toLowerCase();
    const emails = [`${prefix}-a@functions.test`, `${prefix}-b@functions.test`, `${prefix}-c@functions.test`];
    for (const email of emails) {
      const { data, response } = await client.POST('/signups/add', {
        body: { email, attribution: { utmSource: 'partner', utmCampaign: 'launch' } },
      });
      expect(response.status).toBe(200);
      expect(data).toEqual({ ok: true, referralCode: expect.stringMatching(/^[a-z2-9]{8}$/) });
    }
    // The join path's confirmation mail, to each address.
    for (const email of emails) {
      await eventually(
        () => mailDocsTo(email),
        (docs) => docs.length === 1,
      );
    }

    // Page by page with the cursor: two, then one, then no next page.
    const first = await client.POST('/signups/list', { body: { search: prefix, limit: 2 } });
    expect(first.response.status).toBe(200);
    expect(first.data?.signups.map((signup) => signup.email)).toEqual(emails.slice(0, 2));
    expect(first.data?.next).toEqual(expect.any(String));
    const second = await client.POST('/signups/list', {
      body: { search: prefix, limit: 2, cursor: first.data?.next ?? '' },
    });
    expect(second.data?.signups.map((signup) => signup.email)).toEqual(emails.slice(2));
    expect(second.data?.next).toBeNull();
    expect(second.data?.signups[0]).toMatchObject({
      email: emails[2],
      confirmed: false,
      attribution: { utmSource: 'partner', utmCampaign: 'launch' },
      signedUpAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const badCursor = await client.POST('/signups/list', {
      body: { search: prefix, cursor: 'bm90LWFuLWFkZHJlc3M' },
    });
    expect(badCursor.response.status).toBe(400);
    expect(badCursor.error).toEqual({ error: API_CURSOR_INVALID });

    // Its place in line, once the ranking has it (the signup trigger places it).
    const status = await eventually(
      () => client.POST('/subscribers/status', { body: { email: emails[0] ?? '' } }),
      (answer) => answer.data?.place !== null && answer.data?.place !== undefined,
      30_000,
    );
    expect(status.data).toMatchObject({
      email: emails[0],
      subscription: 'unconfirmed',
      place: expect.any(Number),
      total: expect.any(Number),
      confirmedReferrals: 0,
    });
    expect(status.data?.place).toBeGreaterThanOrEqual(1);
    expect(status.data?.place).toBeLessThanOrEqual(status.data?.total ?? 0);

    const unknown = await client.POST('/subscribers/status', { body: { email: uniqueEmail('nobody') } });
    expect(unknown.response.status).toBe(404);
    expect(unknown.error).toEqual({ error: API_SUBSCRIBER_NOT_FOUND });
  });

  it('records the referrer named by a referral code', async () => {
    const { secret } = await createApiKey(admin, ['signups:write']);
    const client = publicApiClient(secret);
    const referrer = await client.POST('/signups/add', { body: { email: uniqueEmail('api-referrer') } });
    const referred = uniqueEmail('api-referred');
    const added = await client.POST('/signups/add', {
      body: { email: referred, ref: referrer.data?.referralCode ?? '' },
    });
    expect(added.response.status).toBe(200);
    const signup = await eventually(
      () => db.collection(COLLECTIONS.waitlistSignups).doc(referred).get(),
      (snapshot) => snapshot.get('referredBy') !== undefined,
    );
    expect(signup.get('referredBy')).toEqual(expect.any(String));
  });

  it('refuses a body that does not match the schema (400) without storing anything', async () => {
    const { secret } = await createApiKey(admin, ['signups:write']);
    const { response, error } = await publicApiClient(secret).POST('/signups/add', {
      body: { email: 'not an address' },
    });
    expect(response.status).toBe(400);
    expect(error).toEqual({ error: INVALID_EMAIL });
    expect((await db.collection(COLLECTIONS.waitlistSignups).doc('not an address').get()).exists).toBe(false);
  });
});
