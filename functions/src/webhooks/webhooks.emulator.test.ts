// Outgoing webhooks against the emulators, to a receiver this test runs (a local http server; the
// emulator's configuration allows it): each event type arrives once with a Standard Webhooks signature
// that the same library verifies, the erasure's without the address; a receiver answering 500 twice gets
// retries with growing waits, then the delivery is delivered; "Send again" makes another attempt with the
// same webhook-id; a removed endpoint's waiting deliveries stop. The routes refuse callers who are not
// Admins (401 / 403), bad bodies (400), unknown endpoints and deliveries (404) without changing anything,
// and the save handler under the production configuration refuses loopback, private and link-local targets.
import { COLLECTIONS } from '@silk/schema/constants';
import { INVITE_CODE_PARAM } from '@silk/schema/invites';
import {
  ID_TOKEN_MISSING,
  WEBHOOK_DELIVERY_NOT_FOUND,
  WEBHOOK_LIMIT_REACHED,
  WEBHOOK_ENDPOINT_REMOVED,
  WEBHOOK_NOT_FOUND,
  WEBHOOK_REQUEST_INVALID,
  WEBHOOK_URL_REFUSED,
  WEBHOOKS_ADMIN_REQUIRED,
} from '@silk/schema/messages';
import type { ReferralRecord } from '@silk/schema/referrals';
import type {
  WebhookDeliveryView,
  WebhookEndpointView,
  WebhookEventType,
  WebhookPayload,
} from '@silk/schema/webhooks';
import { MAX_WEBHOOK_ENDPOINTS, WEBHOOK_EVENT_TYPES } from '@silk/schema/webhooks';
import type { DocumentData } from 'firebase-admin/firestore';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signLinkToken } from '../http/link-token';
import { adminServices } from '../shared/admin';
import { readServerConfig } from '../shared/config';
import { createStaff, functionUrl, post, unique, type TestStaff } from '../../test-support/emulator';
import { EMULATOR_MAIL_TOKEN_SECRET, signUpOnSite } from '../../test-support/mail';
import { listen, serveHandler, type ServedHandler } from '../../test-support/serve-handler';
import type { AttemptRecord } from './deliveries';
import { redriveWebhookDeliveries } from './redrive-webhooks';
import { makeWebhookSaveHandler } from './webhook-save';
import { readWebhookConfig } from './webhook-config';

// This process emits events too (none here directly): never trust a cached endpoint list.
process.env.WEBHOOK_ENDPOINT_CACHE_SECONDS = '0';

const { db } = adminServices();

interface Arrival {
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
  payload: WebhookPayload;
  at: number;
}

const arrivals: Arrival[] = [];
/** What the receiver answers per path, given the body (by default 200). Every suite's events reach these
 * endpoints while they exist: answers depend on this test's addresses only. */
const answers = new Map<string, (raw: string) => number>();
let receiver: ServedHandler;
const routes = {} as Record<'list' | 'save' | 'remove' | 'redeliver', string>;
let admin: TestStaff;
let staff: TestStaff;
const created: string[] = [];

const as = (caller: TestStaff | null, url: string, body: unknown) =>
  post(url, body, caller ? { headers: { Authorization: `Bearer ${caller.idToken}` } } : {});

/** Removes an endpoint as soon as its test is done: other suites' events would keep reaching it. */
async function removeEndpoint(id: string): Promise<void> {
  expect((await as(admin, routes.remove, { id })).status).toBe(200);
  created.splice(created.indexOf(id), 1);
}

async function addEndpoint(
  path: string,
  events: readonly WebhookEventType[],
): Promise<{ endpoint: WebhookEndpointView; secret: string }> {
  const answer = await as(admin, routes.save, {
    url: `${receiver.url}${path}`,
    events,
    description: `test ${path}`,
  });
  expect(answer.status).toBe(200);
  const body = answer.body as { endpoint: WebhookEndpointView; secret: string };
  created.push(body.endpoint.id);
  return body;
}

async function until<T>(
  read: () => Promise<T> | T,
  done: (value: T) => boolean,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(200);
  }
}

const mentions = (arrival: Arrival, text: string) => arrival.raw.includes(text);
const arrivalsAt = (path: string, text: string) =>
  arrivals.filter((arrival) => arrival.path === path && mentions(arrival, text));

async function deliveryOf(eventId: string, endpointId: string): Promise<DocumentData | undefined> {
  return (await db.collection(COLLECTIONS.webhookDeliveries).doc(`${eventId}_${endpointId}`).get()).data();
}

beforeAll(async () => {
  receiver = await listen(
    createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const path = req.url ?? '/';
        arrivals.push({
          path,
          headers: req.headers,
          raw,
          payload: JSON.parse(raw) as WebhookPayload,
          at: Date.now(),
        });
        const status = answers.get(path)?.(raw) ?? 200;
        res
          .writeHead(status, { 'content-type': 'text/plain' })
          .end(status === 200 ? 'thanks' : `trouble ${status}`);
      });
    }),
  );
  [routes.list, routes.save, routes.remove, routes.redeliver] = await Promise.all([
    functionUrl('webhookList'),
    functionUrl('webhookSave'),
    functionUrl('webhookRemove'),
    functionUrl('webhookRedeliver'),
  ]);
  [admin, staff] = await Promise.all([createStaff(['Admin']), createStaff(['Staff'])]);
});

afterAll(async () => {
  // Other suites' events must not keep reaching a receiver that is gone.
  for (const id of created) await as(admin, routes.remove, { id });
  await receiver.close();
});

describe('events', () => {
  it(
    'reach the receiver once each, signed by the endpoint secret; the erasure names no address',
    { timeout: 300_000 },
    async () => {
      // Subscribed to the types each step expects (every suite's events of those types reach it meanwhile).
      const { endpoint, secret } = await addEndpoint('/all', ['signup.created']);
      const subscribe = async (events: WebhookEventType[]) =>
        expect(
          (
            await as(admin, routes.save, {
              id: endpoint.id,
              url: endpoint.url,
              events,
              description: endpoint.description,
            })
          ).status,
        ).toBe(200);
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      const tag = unique('hooked');
      const referrer = `${tag}-referrer@functions.test`;
      const friend = `${tag}-friend@functions.test`;
      const seen = async (type: WebhookEventType, text: string) =>
        until(
          () => arrivalsAt('/all', text).filter((arrival) => arrival.payload.type === type),
          (list) => list.length > 0,
        );

      await signUpOnSite(referrer);
      await signUpOnSite(friend);
      await db
        .collection(COLLECTIONS.referrals)
        .doc(friend)
        .set({
          referred: friend,
          referrer,
          code: 'abcd2345',
          status: 'pending',
          createdAt: Date.now(),
        } satisfies ReferralRecord);
      const subscriberId = (await db.collection(COLLECTIONS.subscribers).doc(friend).get()).get(
        'subscriberId',
      ) as string;
      const [created] = await seen('signup.created', friend);
      // signup.created names the subscriber id a later signup.erased names.
      expect(created!.payload.data).toMatchObject({ email: friend, subscriberId });
      expect(await seen('signup.created', referrer)).toHaveLength(1);

      const link = (purpose: 'confirm' | 'unsubscribe' | 'erase') => ({
        token: signLinkToken(EMULATOR_MAIL_TOKEN_SECRET, purpose, subscriberId),
      });
      await subscribe(['signup.confirmed', 'referral.credited']);
      expect((await post(await functionUrl('confirmSubscription'), link('confirm'))).status).toBe(200);
      expect(await seen('signup.confirmed', friend)).toHaveLength(1);
      expect(await seen('referral.credited', friend)).toHaveLength(1);

      await subscribe(['invitation.sent', 'invitation.redeemed']);
      const wave = await as(admin, await functionUrl('inviteWave'), {
        target: { kind: 'view', query: new URLSearchParams({ q: `${tag}-friend` }).toString() },
        requestId: unique('req'),
      });
      expect(wave.body).toMatchObject({ ok: true, total: 1 });
      expect(await seen('invitation.sent', friend)).toHaveLength(1);
      const mail = await until(
        async () =>
          (await db.collection(COLLECTIONS.mail).where('to', '==', friend).get()).docs.map((doc) =>
            String(doc.get('message.text') ?? ''),
          ),
        (texts) => texts.some((text) => text.includes(`${INVITE_CODE_PARAM}=`)),
      );
      const code = new URL(
        /https?:\/\/\S+/.exec(mail.find((text) => text.includes(`${INVITE_CODE_PARAM}=`)) ?? '')![0],
      ).searchParams.get(INVITE_CODE_PARAM)!;
      expect((await post(await functionUrl('redeemInvite'), { code })).status).toBe(200);
      expect(await seen('invitation.redeemed', friend)).toHaveLength(1);

      await subscribe(['signup.unsubscribed', 'signup.erased']);
      expect((await post(await functionUrl('unsubscribe'), link('unsubscribe'))).status).toBe(200);
      expect(await seen('signup.unsubscribed', friend)).toHaveLength(1);

      expect((await post(await functionUrl('eraseSubscriber'), link('erase'))).status).toBe(200);
      const [erased] = await seen('signup.erased', subscriberId);
      expect(erased!.payload).toEqual({
        type: 'signup.erased',
        timestamp: expect.any(String),
        data: { subscriberId, erasedAt: expect.any(String) },
      });
      const idOf = (arrival: Arrival | undefined) =>
        (arrival?.payload.data as { subscriberId?: unknown }).subscriberId;
      expect(idOf(erased)).toBe(idOf(created));
      expect(erased!.raw).not.toContain(friend);
      expect(erased!.raw).not.toContain(tag);
      // The events that named the address went with it.
      expect(
        (await db.collection(COLLECTIONS.webhookEvents).where('subjects', 'array-contains', friend).get())
          .size,
      ).toBe(0);

      await removeEndpoint(endpoint.id);

      // Each event once (any repeat would have come by now: every delivery above is recorded as one attempt).
      const ours = arrivals.filter(
        (arrival) => arrival.path === '/all' && (mentions(arrival, tag) || mentions(arrival, subscriberId)),
      );
      const counted = ours.map(
        (arrival) =>
          `${arrival.payload.type} ${arrival.payload.type === 'signup.created' ? (arrival.payload.data as { email: string }).email : ''}`,
      );
      expect(counted.sort()).toEqual(
        [
          ...WEBHOOK_EVENT_TYPES.map((type) => `${type} ${type === 'signup.created' ? friend : ''}`),
          `signup.created ${referrer}`,
        ].sort(),
      );
      for (const arrival of ours) {
        const headers = Object.fromEntries(
          ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [
            name,
            String(arrival.headers[name]),
          ]),
        );
        expect(new Webhook(secret).verify(arrival.raw, headers)).toEqual(arrival.payload);
        expect(() =>
          new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(arrival.raw, headers),
        ).toThrow();
        expect(arrival.headers['content-type']).toBe('application/json');
        const delivery = await deliveryOf(String(arrival.headers['webhook-id']), endpoint.id);
        expect(delivery).toMatchObject({
          type: arrival.payload.type,
          lastStatus: 200,
          delivery: { state: 'SUCCESS', attempts: 1 },
        });
      }
    },
  );
});

describe('retries', () => {
  it(
    'retries a receiver answering 500 after growing waits until it answers 200',
    { timeout: 180_000 },
    async () => {
      const email = `${unique('flaky')}@functions.test`;
      let calls = 0;
      answers.set('/flaky', (raw) => (raw.includes(email) && ++calls <= 2 ? 500 : 200));
      const { endpoint, secret } = await addEndpoint('/flaky', ['signup.created']);
      await db.collection(COLLECTIONS.waitlistSignups).doc(email).set({ email });
      const first = await until(
        () => arrivalsAt('/flaky', email),
        (list) => list.length > 0,
      );
      const eventId = String(first[0]!.headers['webhook-id']);
      const record = await until(
        async () => {
          await redriveWebhookDeliveries(db);
          return deliveryOf(eventId, endpoint.id);
        },
        (data) => data?.delivery?.state === 'SUCCESS',
      );
      expect(record).toMatchObject({
        lastStatus: 200,
        lastAnswer: 'thanks',
        delivery: { state: 'SUCCESS', attempts: 3 },
      });
      const history = record!.history as AttemptRecord[];
      expect(history.map((entry) => entry.status)).toEqual([500, 500, 200]);
      const waits = history.slice(0, 2).map((entry) => entry.retryAt! - entry.at);
      const schedule = readWebhookConfig({ WEBHOOK_RETRY_SCHEDULE_SECONDS: '1,2,3,3,3,3,3' }).retryDelaysMs;
      expect(waits[0]).toBeGreaterThanOrEqual(schedule[0]!);
      expect(waits[1]).toBeGreaterThan(waits[0]!);
      expect(history[2]!.retryAt).toBeUndefined();

      const received = arrivalsAt('/flaky', email);
      expect(received).toHaveLength(3);
      expect(new Set(received.map((arrival) => arrival.headers['webhook-id']))).toEqual(new Set([eventId]));
      expect(new Set(received.map((arrival) => arrival.raw)).size).toBe(1);
      for (const [index, arrival] of received.entries()) {
        const headers = Object.fromEntries(
          ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [
            name,
            String(arrival.headers[name]),
          ]),
        );
        expect(new Webhook(secret).verify(arrival.raw, headers)).toMatchObject({
          type: 'signup.created',
          data: { email },
        });
        // No retry before its time.
        if (index > 0) expect(arrival.at).toBeGreaterThanOrEqual(history[index - 1]!.retryAt! - 50);
      }
      const listed = await as(admin, routes.list, { endpointId: endpoint.id });
      await removeEndpoint(endpoint.id);
      expect((listed.body as { deliveries: WebhookDeliveryView[] }).deliveries).toContainEqual(
        expect.objectContaining({
          eventId,
          endpointId: endpoint.id,
          type: 'signup.created',
          status: 'delivered',
          attempts: 3,
          lastStatus: 200,
          lastAnswer: 'thanks',
          nextAttemptAt: null,
        }),
      );
      expect(
        new Set(
          (listed.body as { deliveries: WebhookDeliveryView[] }).deliveries.map(
            (delivery) => delivery.endpointId,
          ),
        ),
      ).toEqual(new Set([endpoint.id]));
    },
  );

  it(
    'sends a delivery again on request with the same webhook-id, audited',
    { timeout: 180_000 },
    async () => {
      const { endpoint } = await addEndpoint('/again', ['signup.created']);
      const email = `${unique('again')}@functions.test`;
      await db.collection(COLLECTIONS.waitlistSignups).doc(email).set({ email });
      const [first] = await until(
        () => arrivalsAt('/again', email),
        (list) => list.length > 0,
      );
      const eventId = String(first!.headers['webhook-id']);
      const id = `${eventId}_${endpoint.id}`;
      await until(
        () => deliveryOf(eventId, endpoint.id),
        (data) => data?.delivery?.state === 'SUCCESS',
      );

      expect((await as(staff, routes.redeliver, { deliveryId: id })).status).toBe(403);
      const answer = await as(admin, routes.redeliver, { deliveryId: id });
      expect(answer).toMatchObject({ status: 200, body: { delivery: { id, status: 'pending' } } });
      const again = await until(
        () => arrivalsAt('/again', email),
        (list) => list.length > 1,
      );
      expect(again.map((arrival) => arrival.headers['webhook-id'])).toEqual([eventId, eventId]);
      expect(
        await until(
          () => deliveryOf(eventId, endpoint.id),
          (data) => data?.delivery?.state === 'SUCCESS' && data.delivery.attempts === 2,
        ),
      ).toMatchObject({
        delivery: { state: 'SUCCESS', attempts: 2 },
      });
      await removeEndpoint(endpoint.id);
      const audit = await db
        .collection(COLLECTIONS.auditLog)
        .where('target', '==', `webhook_deliveries/${id}`)
        .get();
      expect(audit.docs.map((doc) => [doc.get('action'), doc.get('actor')])).toEqual([
        ['webhook.redelivered', admin.email],
      ]);
    },
  );

  it("stops a removed endpoint's waiting deliveries", { timeout: 180_000 }, async () => {
    const email = `${unique('down')}@functions.test`;
    answers.set('/down', (raw) => (raw.includes(email) ? 503 : 200));
    const { endpoint } = await addEndpoint('/down', ['signup.created']);
    await db.collection(COLLECTIONS.waitlistSignups).doc(email).set({ email });
    const [first] = await until(
      () => arrivalsAt('/down', email),
      (list) => list.length > 0,
    );
    const eventId = String(first!.headers['webhook-id']);
    expect(
      await until(
        () => deliveryOf(eventId, endpoint.id),
        (data) => data?.lastStatus === 503,
      ),
    ).toMatchObject({ delivery: { state: 'ERROR', attempts: 1 } });

    await removeEndpoint(endpoint.id);
    const stopped = await deliveryOf(eventId, endpoint.id);
    expect(stopped).toMatchObject({
      lastAnswer: WEBHOOK_ENDPOINT_REMOVED,
      delivery: { state: 'ERROR', attempts: 1 },
    });
    expect(stopped?.delivery?.nextAttemptAt).toBeUndefined();
    await sleep(1500);
    await redriveWebhookDeliveries(db);
    await sleep(500);
    expect(arrivalsAt('/down', email)).toHaveLength(1);
    const audit = await db
      .collection(COLLECTIONS.auditLog)
      .where('target', '==', `webhooks/${endpoint.id}`)
      .get();
    expect(audit.docs.map((doc) => doc.get('action')).sort()).toEqual(['webhook.created', 'webhook.removed']);
  });
});

describe('the routes', () => {
  it('answer an Admin the endpoints without secrets; save changes and audits; the secret is shown once', async () => {
    const { endpoint, secret } = await addEndpoint('/quiet', ['signup.erased']);
    const listed = await as(admin, routes.list, {});
    expect(listed.status).toBe(200);
    expect((listed.body as { endpoints: WebhookEndpointView[] }).endpoints).toContainEqual(endpoint);
    expect(listed.text).not.toContain(secret);
    expect(listed.text).not.toContain('whsec_');

    const changed = await as(admin, routes.save, {
      id: endpoint.id,
      url: endpoint.url,
      events: ['signup.erased', 'signup.confirmed'],
      enabled: false,
      description: 'off',
    });
    expect(changed).toMatchObject({
      status: 200,
      body: {
        endpoint: {
          id: endpoint.id,
          enabled: false,
          events: ['signup.erased', 'signup.confirmed'],
          description: 'off',
        },
      },
    });
    expect(changed.body.secret).toBeUndefined();
    expect((await db.collection(COLLECTIONS.webhooks).doc(endpoint.id).get()).get('secret')).toBe(secret);
    const audit = await db
      .collection(COLLECTIONS.auditLog)
      .where('target', '==', `webhooks/${endpoint.id}`)
      .get();
    const entries = audit.docs.map((doc) => doc.data());
    expect(entries.map((entry) => entry.action).sort()).toEqual(['webhook.created', 'webhook.updated']);
    expect(JSON.stringify(entries)).not.toContain(secret);
    await removeEndpoint(endpoint.id);
  });

  it('refuse anyone but an Admin, bad bodies and unknown records, changing nothing', async () => {
    const { endpoint } = await addEndpoint('/guarded', ['signup.confirmed']);
    const before = (await db.collection(COLLECTIONS.webhooks).get()).docs.map((doc) => doc.data());
    const save = { url: `${receiver.url}/other`, events: ['signup.created'] };
    expect(await as(null, routes.save, save)).toMatchObject({
      status: 401,
      body: { error: ID_TOKEN_MISSING },
    });
    for (const [url, body] of [
      [routes.list, {}],
      [routes.save, save],
      [routes.remove, { id: endpoint.id }],
      [routes.redeliver, { deliveryId: 'msg_x_y' }],
    ] as const) {
      expect(await as(staff, url, body)).toMatchObject({
        status: 403,
        body: { error: WEBHOOKS_ADMIN_REQUIRED },
      });
    }
    for (const body of [
      { ...save, events: [] },
      { ...save, events: ['signup.deleted'] },
      { ...save, url: 42 },
      { ...save, id: '../x' },
    ]) {
      expect(await as(admin, routes.save, body)).toMatchObject({
        status: 400,
        body: { error: WEBHOOK_REQUEST_INVALID },
      });
    }
    expect(await as(admin, routes.save, { ...save, url: 'ftp://127.0.0.1/x' })).toMatchObject({
      status: 400,
      body: { error: WEBHOOK_URL_REFUSED },
    });
    expect(await as(admin, routes.save, { ...save, id: 'no-such-endpoint' })).toMatchObject({
      status: 404,
      body: { error: WEBHOOK_NOT_FOUND },
    });
    expect(await as(admin, routes.remove, { id: 'no-such-endpoint' })).toMatchObject({
      status: 404,
      body: { error: WEBHOOK_NOT_FOUND },
    });
    expect(await as(admin, routes.redeliver, { deliveryId: 'msg_none_none' })).toMatchObject({
      status: 404,
      body: { error: WEBHOOK_DELIVERY_NOT_FOUND },
    });
    expect((await db.collection(COLLECTIONS.webhooks).get()).docs.map((doc) => doc.data())).toEqual(before);
    expect((await db.collection(COLLECTIONS.webhookDeliveries).doc('msg_none_none').get()).exists).toBe(
      false,
    );
    await removeEndpoint(endpoint.id);
  });
});

describe('the save handler under the production configuration', () => {
  let served: ServedHandler;
  beforeAll(async () => {
    // The emulator's rate limits (this process does not read functions/env): only the targets are production's.
    const config = readServerConfig({
      RATE_LIMIT_MANAGE_TEAM_PER_IP: '100000',
      RATE_LIMIT_MANAGE_TEAM_PER_KEY: '100000',
    });
    served = await serveHandler(
      makeWebhookSaveHandler(
        { config: () => config },
        {
          webhookConfig: () => readWebhookConfig({}),
          resolve: async (host) => [
            { address: host === 'public.example.com' ? '93.184.215.14' : '10.0.0.7', family: 4 },
          ],
        },
      ),
    );
  });
  afterAll(async () => {
    await served.close();
  });

  it.each([
    'http://public.example.com/hook',
    `https://127.0.0.1/hook`,
    'https://[::1]/hook',
    'https://10.1.2.3/hook',
    'https://192.168.0.10/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://[fe80::1]/hook',
    'https://internal.example.com/hook',
  ])('refuses %s and creates nothing', async (url) => {
    expect(await as(admin, served.url, { url, events: ['signup.created'] })).toMatchObject({
      status: 400,
      body: { error: WEBHOOK_URL_REFUSED },
    });
    expect((await db.collection(COLLECTIONS.webhooks).where('url', '==', url).get()).size).toBe(0);
  });

  it(`refuses an endpoint beyond the ${MAX_WEBHOOK_ENDPOINTS}th`, async () => {
    const body = { url: 'https://public.example.com/many', events: ['signup.erased'], enabled: false };
    const count = async () => (await db.collection(COLLECTIONS.webhooks).count().get()).data().count;
    const extra: string[] = [];
    while ((await count()) < MAX_WEBHOOK_ENDPOINTS) {
      const answer = await as(admin, served.url, body);
      expect(answer.status).toBe(200);
      extra.push((answer.body as { endpoint: WebhookEndpointView }).endpoint.id);
    }
    expect(await as(admin, served.url, body)).toMatchObject({
      status: 400,
      body: { error: WEBHOOK_LIMIT_REACHED },
    });
    expect(await count()).toBe(MAX_WEBHOOK_ENDPOINTS);
    for (const id of extra) expect((await as(admin, routes.remove, { id })).status).toBe(200);
  });

  it('accepts an https URL of a public address', async () => {
    const answer = await as(admin, served.url, {
      url: 'https://public.example.com/hook',
      events: ['signup.erased'],
      enabled: false,
    });
    expect(answer).toMatchObject({
      status: 200,
      body: { endpoint: { url: 'https://public.example.com/hook', enabled: false } },
    });
    created.push((answer.body as { endpoint: WebhookEndpointView }).endpoint.id);
  });
});
