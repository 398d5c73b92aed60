// REST hooks (the Zapier / Make pattern) against the emulators: a key with hooks:manage subscribes a URL
// of a receiver this test runs (the emulator's configuration allows local targets) to signup.created;
// a signup added through the public API arrives there, signed as the webhook engine signs every delivery
// (Standard Webhooks, verified here with the same library and the secret the subscription answered).
// Once unsubscribed, the URL receives nothing more: a later signup reaches a second hook still
// subscribed and never the first. A hook can be unsubscribed only by the key that subscribed it (404
// for another key and an unknown id), and each change is audited with the key as the actor.
import { COLLECTIONS } from '@silk/schema/constants';
import { API_HOOK_NOT_FOUND } from '@silk/schema/messages';
import type { WebhookPayload } from '@silk/schema/webhooks';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminServices } from '../shared/admin';
import { createStaff, eventually, unique, type TestStaff } from '../../test-support/emulator';
import { createApiKey, publicApiClient } from '../../test-support/public-api';
import { listen, type ServedHandler } from '../../test-support/serve-handler';

// This process emits no event itself; the functions emulator's instances read the endpoints fresh
// (WEBHOOK_ENDPOINT_CACHE_SECONDS=0 in its environment).
const { db } = adminServices();

interface Arrival {
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
  payload: WebhookPayload;
  at: number;
}

const arrivals: Arrival[] = [];
let receiver: ServedHandler;
let admin: TestStaff;
const subscribed: { id: string; client: ReturnType<typeof publicApiClient> }[] = [];

beforeAll(async () => {
  receiver = await listen(
    createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        arrivals.push({
          path: req.url ?? '/',
          headers: req.headers,
          raw,
          payload: JSON.parse(raw) as WebhookPayload,
          at: Date.now(),
        });
        res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
      });
    }),
  );
  admin = await createStaff(['Admin']);
});

afterAll(async () => {
  // Other suites' events must not keep reaching a receiver that is gone.
  for (const { id, client } of subscribed) await client.POST('/hooks/unsubscribe', { body: { id } });
  await receiver.close();
});

const arrivalsFor = (path: string, email: string) =>
  arrivals.filter((arrival) => arrival.path === path && arrival.raw.includes(email));

describe('REST hooks', () => {
  it(
    'deliver signed events to a subscribed URL, and nothing once it is unsubscribed',
    { timeout: 180_000 },
    async () => {
      const { key, secret: apiKey } = await createApiKey(admin, ['hooks:manage', 'signups:write']);
      const client = publicApiClient(apiKey);
      const tag = unique('rest-hook').toLowerCase();
      const hook = await client.POST('/hooks/subscribe', {
        body: { url: `${receiver.url}/${tag}/zap`, events: ['signup.created'] },
      });
      expect(hook.response.status).toBe(200);
      expect(hook.data).toEqual({
        id: expect.any(String),
        url: `${receiver.url}/${tag}/zap`,
        events: ['signup.created'],
        secret: expect.stringMatching(/^whsec_/),
      });
      const { id, secret } = hook.data ?? { id: '', secret: '' };
      subscribed.push({ id, client });
      // Stored as an endpoint of the webhook engine, created by the key (never shown its API key).
      const stored = await db.collection(COLLECTIONS.webhooks).doc(id).get();
      expect(stored.get('createdBy')).toBe(`api-key:${key.id}`);

      const first = `${tag}-first@functions.test`;
      expect((await client.POST('/signups/add', { body: { email: first } })).response.status).toBe(200);
      const [arrival] = await eventually(
        () => Promise.resolve(arrivalsFor(`/${tag}/zap`, first)),
        (list) => list.length > 0,
        60_000,
      );
      expect(arrival?.payload).toMatchObject({ type: 'signup.created', data: { email: first } });
      const headers = arrival?.headers ?? {};
      const verified = new Webhook(secret).verify(arrival?.raw ?? '', {
        'webhook-id': String(headers['webhook-id']),
        'webhook-timestamp': String(headers['webhook-timestamp']),
        'webhook-signature': String(headers['webhook-signature']),
      });
      expect(verified).toMatchObject({ type: 'signup.created' });
      expect(() =>
        new Webhook(`whsec_${Buffer.from('another secret').toString('base64')}`).verify(arrival?.raw ?? '', {
          'webhook-id': String(headers['webhook-id']),
          'webhook-timestamp': String(headers['webhook-timestamp']),
          'webhook-signature': String(headers['webhook-signature']),
        }),
      ).toThrow();

      // Another key cannot unsubscribe it; neither can an unknown id be.
      const { secret: otherKey } = await createApiKey(admin, ['hooks:manage']);
      const stranger = await publicApiClient(otherKey).POST('/hooks/unsubscribe', { body: { id } });
      expect(stranger.response.status).toBe(404);
      expect(stranger.error).toEqual({ error: API_HOOK_NOT_FOUND });
      expect(
        (await client.POST('/hooks/unsubscribe', { body: { id: 'no-such-hook' } })).response.status,
      ).toBe(404);
      expect((await db.collection(COLLECTIONS.webhooks).doc(id).get()).exists).toBe(true);

      // A second hook stays subscribed: it shows when a later event has been delivered.
      const witness = await client.POST('/hooks/subscribe', {
        body: { url: `${receiver.url}/${tag}/witness`, events: ['signup.created'] },
      });
      expect(witness.response.status).toBe(200);
      subscribed.push({ id: witness.data?.id ?? '', client });

      const unsubscribed = await client.POST('/hooks/unsubscribe', { body: { id } });
      const unsubscribedAt = Date.now();
      expect(unsubscribed.response.status).toBe(200);
      expect(unsubscribed.data).toEqual({ ok: true });
      subscribed.splice(
        subscribed.findIndex((entry) => entry.id === id),
        1,
      );
      expect((await db.collection(COLLECTIONS.webhooks).doc(id).get()).exists).toBe(false);

      const second = `${tag}-second@functions.test`;
      expect((await client.POST('/signups/add', { body: { email: second } })).response.status).toBe(200);
      await eventually(
        () => Promise.resolve(arrivalsFor(`/${tag}/witness`, second)),
        (list) => list.length > 0,
        60_000,
      );
      await sleep(2_000); // any delivery to the unsubscribed URL would have come with the witness's
      expect(arrivalsFor(`/${tag}/zap`, second)).toEqual([]);
      // Nor any other event (other suites' signups reach every subscribed URL meanwhile).
      expect(arrivals.filter((entry) => entry.path === `/${tag}/zap` && entry.at > unsubscribedAt)).toEqual(
        [],
      );

      const audit = await db.collection(COLLECTIONS.auditLog).where('target', '==', `webhooks/${id}`).get();
      expect(audit.docs.map((doc) => doc.get('action')).sort()).toEqual([
        'webhook.created',
        'webhook.removed',
      ]);
      for (const doc of audit.docs) expect(doc.get('actor')).toContain(key.id.slice(0, 8));
    },
  );
});
