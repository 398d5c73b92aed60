// Slack and Discord alerts against the emulators, delivered by the webhook engine to a receiver this test
// runs standing in for both platforms (a local http server, allowed only by the emulator's configuration,
// WEBHOOK_ALLOW_LOCAL_TARGETS, as for the webhooks' own tests): each alert event arrives once per
// platform as that platform's message (Slack: `text` + Block Kit `blocks`; Discord: `content` + `embeds`
// + `allowed_mentions: {parse: []}`), unsigned; a 200-signup burst arrives as a few digests, not 200
// messages; a 429 is tried again at the time its Retry-After (Slack) or `retry_after` (Discord) names;
// the first event of a window leads and the rest join the window's digest. The save route keeps an
// alert's URL like a secret (masked in its answers and the audit), and refuses a URL of the wrong
// platform, events the kind cannot have and a change of kind, changing nothing.
import { ALERT_DIGEST_LISTED, ALERT_EVENT_TYPES, maskAlertUrl, type WebhookKind } from '@silk/schema/alerts';
import { COLLECTIONS } from '@silk/schema/constants';
import {
  WEBHOOK_KIND_URL_MISMATCH,
  WEBHOOK_REQUEST_INVALID,
  WEBHOOK_URL_REFUSED,
} from '@silk/schema/messages';
import type { WebhookDeliveryView, WebhookEndpointView, WebhookEventType } from '@silk/schema/webhooks';
import { Timestamp, type DocumentData } from 'firebase-admin/firestore';
import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitMilestones } from '../events/alert-events';
import { webhookEventId, webhookEventRef } from '../events/emit';
import { adminServices } from '../shared/admin';
import { readServerConfig } from '../shared/config';
import { createStaff, functionUrl, post, unique, type TestStaff } from '../../test-support/emulator';
import { signUpOnSite } from '../../test-support/mail';
import { listen, serveHandler, type ServedHandler } from '../../test-support/serve-handler';
import { digestWindow, readDigest, routeDigested } from './alert-digest';
import { escapeDiscord } from './alert-format';
import type { AttemptRecord } from './deliveries';
import { redriveWebhookDeliveries } from './redrive-webhooks';
import { makeWebhookSaveHandler } from './webhook-save';
import { readWebhookConfig } from './webhook-config';

// This process emits events too (the milestone): never trust a cached endpoint list.
process.env.WEBHOOK_ENDPOINT_CACHE_SECONDS = '0';

const { db } = adminServices();

interface Arrival {
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
  at: number;
}
interface SlackBody {
  text: string;
  blocks: Array<{
    type: string;
    text?: { type: string; text: string };
    fields?: Array<{ type: string; text: string }>;
    elements?: Array<{ type: string; text: string }>;
  }>;
}
interface DiscordBody {
  content: string;
  embeds: Array<{ title: string; description?: string; fields?: Array<{ name: string; value: string }> }>;
  allowed_mentions: { parse: string[] };
}

const arrivals: Arrival[] = [];
/** What the receiver answers per path (by default 200 "ok"). */
const answers = new Map<
  string,
  (arrival: Arrival) => { status: number; headers?: Record<string, string>; body: string }
>();
let receiver: ServedHandler;
const routes = {} as Record<'list' | 'save' | 'remove' | 'wave' | 'importStart' | 'importChunk', string>;
let admin: TestStaff;
const created: string[] = [];

const as = (url: string, body: unknown) =>
  post(url, body, { headers: { Authorization: `Bearer ${admin.idToken}` } });

async function addAlert(
  kind: WebhookKind,
  path: string,
  events: readonly string[],
): Promise<{ endpoint: WebhookEndpointView; url: string; body: Record<string, unknown> }> {
  const url = `${receiver.url}${path}/T0/B0/token-${unique('t')}`;
  const answer = await as(routes.save, { url, kind, events, description: `alert ${path}` });
  expect(answer.status).toBe(200);
  const endpoint = (answer.body as { endpoint: WebhookEndpointView }).endpoint;
  created.push(endpoint.id);
  return { endpoint, url, body: answer.body };
}

async function removeEndpoint(id: string): Promise<void> {
  expect((await as(routes.remove, { id })).status).toBe(200);
  created.splice(created.indexOf(id), 1);
}

async function until<T>(
  read: () => Promise<T> | T,
  done: (value: T) => boolean,
  timeoutMs = 90_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(250);
  }
}

/** Arrivals at a path whose body mentions `text`, parsed. */
const at = <T>(path: string, text = '') =>
  arrivals
    .filter((arrival) => arrival.path.startsWith(path) && arrival.raw.includes(text))
    .map((arrival) => ({ ...arrival, body: JSON.parse(arrival.raw) as T }));

/** Waits for `count` arrivals at the path mentioning `text`, running the redrive meanwhile (digests, retries). */
function arrive<T>(path: string, text: string, count = 1) {
  return until(
    async () => {
      await redriveWebhookDeliveries(db);
      return at<T>(path, text);
    },
    (list) => list.length >= count,
  );
}

function expectSlack(body: SlackBody, title: string): void {
  expect(body.text).toBe(title);
  expect(body.blocks[0]).toEqual({ type: 'section', text: { type: 'mrkdwn', text: `*${title}*` } });
}

function expectDiscord(body: DiscordBody, title: string): void {
  expect(body.content).toBe(title.replace(/[:()-]/g, (character) => `\\${character}`));
  expect(body.embeds).toHaveLength(1);
  expect(body.allowed_mentions).toEqual({ parse: [] });
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

beforeAll(async () => {
  receiver = await listen(
    createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const arrival = {
          path: req.url ?? '/',
          headers: req.headers,
          raw: Buffer.concat(chunks).toString('utf8'),
          at: Date.now(),
        };
        arrivals.push(arrival);
        const prefix = [...answers.keys()].find((key) => arrival.path.startsWith(key));
        const answer = prefix ? answers.get(prefix)!(arrival) : { status: 200, body: 'ok' };
        res.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers }).end(answer.body);
      });
    }),
  );
  [routes.list, routes.save, routes.remove, routes.wave, routes.importStart, routes.importChunk] =
    await Promise.all([
      functionUrl('webhookList'),
      functionUrl('webhookSave'),
      functionUrl('webhookRemove'),
      functionUrl('inviteWave'),
      functionUrl('importStart'),
      functionUrl('importChunk'),
    ]);
  admin = await createStaff(['Admin']);
});

afterAll(async () => {
  for (const id of [...created]) await as(routes.remove, { id });
  await receiver.close();
});

describe('alert events', () => {
  it(
    'reach a Slack and a Discord receiver once each as their message, unsigned, with outside data escaped',
    { timeout: 300_000 },
    async () => {
      const tag = unique('alert').replace(/[^a-z0-9-]/gi, '');
      const slack = await addAlert('slack', `/slack-${tag}`, ALERT_EVENT_TYPES);
      const discord = await addAlert('discord', `/discord-${tag}`, ALERT_EVENT_TYPES);
      // No secret for an alert; its URL is answered masked.
      expect(slack.body.secret).toBeUndefined();
      expect(slack.endpoint).toMatchObject({ kind: 'slack', url: maskAlertUrl(slack.url), enabled: true });
      expect(discord.endpoint).toMatchObject({ kind: 'discord', url: maskAlertUrl(discord.url) });
      const listed = await as(routes.list, {});
      expect(listed.text).not.toContain(slack.url);
      expect(listed.text).not.toContain(discord.url);

      // A new signup.
      const email = `${tag}@functions.test`;
      await signUpOnSite(email);
      const [slackSignup] = await arrive<SlackBody>(`/slack-${tag}`, email);
      const [discordSignup] = await arrive<DiscordBody>(
        `/discord-${tag}`,
        JSON.stringify(escapeDiscord(email)).slice(1, -1),
      );
      for (const arrival of [slackSignup!, discordSignup!]) {
        expect(arrival.headers['content-type']).toBe('application/json');
        expect(arrival.headers['webhook-signature']).toBeUndefined();
      }
      // Alone in its window it is the lead ("New signup"), else part of its window's digest.
      expectSlack(slackSignup!.body, slackSignup!.body.text);
      expect(slackSignup!.body.text).toMatch(/^(New signup|\d+ new signups?)$/);
      expect(discordSignup!.body.content).toMatch(/^(New signup|\d+ new signups?)$/);
      expect(discordSignup!.body.allowed_mentions).toEqual({ parse: [] });

      // A milestone (emitted as the total's fold emits it: once per milestone).
      await emitMilestones(db, 999_990, 1_000_004);
      const milestone = 'The waitlist reached 1,000,000 signups';
      expectSlack((await arrive<SlackBody>(`/slack-${tag}`, milestone))[0]!.body, milestone);
      expectDiscord((await arrive<DiscordBody>(`/discord-${tag}`, milestone))[0]!.body, milestone);

      // A wave that invites the signup.
      const wave = await as(routes.wave, {
        target: { kind: 'view', query: new URLSearchParams({ q: tag }).toString() },
        includeUnconfirmed: true,
        requestId: unique('req'),
      });
      expect(wave.body).toMatchObject({ ok: true, total: 1 });
      const waveTitle = 'Invitation wave finished: 1 of 1 invited';
      const [slackWave] = await arrive<SlackBody>(`/slack-${tag}`, waveTitle);
      expectSlack(slackWave!.body, waveTitle);
      expect(slackWave!.body.blocks[1]!.fields).toEqual([
        { type: 'plain_text', text: 'Started by: an Admin', emoji: false },
      ]);
      expectDiscord((await arrive<DiscordBody>(`/discord-${tag}`, 'of 1 invited'))[0]!.body, waveTitle);

      // An import of one row, from a file whose name tries Markdown and a link.
      const importId = `imp${tag}`.slice(0, 60);
      const fileName = '[list](https://evil.test) *a*.csv';
      const start = await as(routes.importStart, {
        importId,
        fileName,
        fileSha256: sha(importId),
        mapping: { Email: 'email' },
        rows: 1,
      });
      expect(start.status).toBe(200);
      const chunk = await as(routes.importChunk, {
        importId,
        index: 0,
        rows: [{ line: 2, email: `imported-${tag}@functions.test` }],
      });
      expect(chunk.status).toBe(200);
      const importTitle = 'Import finished: 1 new signup, 0 merged';
      const [slackImport] = await arrive<SlackBody>(`/slack-${tag}`, importTitle);
      expectSlack(slackImport!.body, importTitle);
      expect(slackImport!.body.blocks[1]!.fields).toContainEqual({
        type: 'plain_text',
        text: `File: ${fileName}`,
        emoji: false,
      });
      const [discordImport] = await arrive<DiscordBody>(`/discord-${tag}`, 'Import finished');
      expectDiscord(discordImport!.body, importTitle);
      expect(discordImport!.body.embeds[0]!.fields).toContainEqual({
        name: 'File',
        value: '\\[list\\]\\(https\\://evil.test\\) \\*a\\*.csv',
        inline: true,
      });

      // A standard endpoint that fails this test's invitation for good.
      const downPath = `/down-${tag}`;
      answers.set(downPath, (arrival) =>
        arrival.raw.includes(tag) ? { status: 500, body: 'down' } : { status: 200, body: 'ok' },
      );
      const down = await as(routes.save, {
        url: `${receiver.url}${downPath}`,
        events: ['signup.confirmed'] satisfies WebhookEventType[],
      });
      expect(down.status).toBe(200);
      const downId = (down.body as { endpoint: WebhookEndpointView }).endpoint.id;
      created.push(downId);
      const confirmed = `confirmed-${tag}@functions.test`;
      // A confirmation event, as the link's transaction writes it.
      const eventId = webhookEventId('signup.confirmed', `${confirmed}\n${tag}`);
      await db
        .collection(COLLECTIONS.webhookEvents)
        .doc(eventId)
        .create({
          type: 'signup.confirmed',
          subjects: [confirmed],
          body: JSON.stringify({
            type: 'signup.confirmed',
            timestamp: new Date().toISOString(),
            data: { email: confirmed, subscriberId: tag, confirmedAt: new Date().toISOString() },
          }),
          createdAt: new Date(),
        });
      // Eight attempts (the emulator's schedule: seconds), then failed: the alerts hear of it.
      const failedEndpoint = `${receiver.url}${downPath}`;
      const [slackFailed] = await arrive<SlackBody>(`/slack-${tag}`, failedEndpoint);
      expect(slackFailed!.body.text).toMatch(
        /^(A webhook delivery failed after 8 attempts|\d+ webhook deliver(y|ies) failed)$/,
      );
      expect(slackFailed!.raw).toContain('500 down');
      const [discordFailed] = await arrive<DiscordBody>(`/discord-${tag}`, '500 down');
      expect(discordFailed!.body.allowed_mentions).toEqual({ parse: [] });
      expect(
        (await db.collection(COLLECTIONS.webhookDeliveries).doc(`${eventId}_${downId}`).get()).get(
          'delivery',
        ),
      ).toMatchObject({ state: 'ERROR', attempts: 8 });
      await removeEndpoint(downId);

      // Each delivered once, recorded as every other delivery.
      const listedAfter = (await as(routes.list, { endpointId: slack.endpoint.id })).body as {
        deliveries: WebhookDeliveryView[];
      };
      expect(listedAfter.deliveries.map((delivery) => delivery.type)).toEqual(
        expect.arrayContaining(['signups.milestone', 'wave.finished', 'import.finished', 'delivery.failed']),
      );
      for (const delivery of listedAfter.deliveries) expect(delivery.status).toBe('delivered');
      expect(at(`/slack-${tag}`, milestone)).toHaveLength(1);
      expect(at(`/slack-${tag}`, waveTitle)).toHaveLength(1);
      expect(at(`/slack-${tag}`, importTitle)).toHaveLength(1);
      await removeEndpoint(slack.endpoint.id);
      await removeEndpoint(discord.endpoint.id);
    },
  );
});

describe('a burst of signups', () => {
  it('reaches each alert as a few digests, not 200 messages', { timeout: 300_000 }, async () => {
    const tag = unique('burst').replace(/[^a-z0-9-]/gi, '');
    const slack = await addAlert('slack', `/burst-slack-${tag}`, ['signup.created']);
    const discord = await addAlert('discord', `/burst-discord-${tag}`, ['signup.created']);
    try {
      const emails = Array.from({ length: 200 }, (_, index) => `${tag}-${index}@functions.test`);
      const batch = db.batch();
      for (const email of emails) batch.set(db.collection(COLLECTIONS.waitlistSignups).doc(email), { email });
      await batch.commit();
      const windowMs = readWebhookConfig({ WEBHOOK_DIGEST_WINDOW_SECONDS: '5' }).digestWindowMs;

      for (const endpoint of [slack.endpoint, discord.endpoint]) {
        // Every signup reported: one by one as a window's lead, the rest counted in their window's digest.
        const reported = async () => {
          await redriveWebhookDeliveries(db);
          const deliveries = await db
            .collection(COLLECTIONS.webhookDeliveries)
            .where('endpointId', '==', endpoint.id)
            .get();
          return deliveries.docs.map(
            (doc) => ({ ...doc.data(), id: doc.id }) as DocumentData & { id: string },
          );
        };
        const deliveries = await until(reported, (list) => {
          const events = list.reduce((sum, data) => sum + (data.digest ? Number(data.count ?? 0) : 1), 0);
          return events >= 200 && list.every((data) => data.delivery?.state === 'SUCCESS');
        });
        const counted = deliveries.reduce(
          (sum, data) => sum + (data.digest ? Number(data.count ?? 0) : 1),
          0,
        );
        expect(counted).toBeGreaterThanOrEqual(200);
        // Ids: signup.created.{window}.lead_{endpoint} / .digest_{endpoint}.
        const windows = new Set(deliveries.map((data) => data.id.split('.')[2]));
        // At most a lead and a digest per window, far fewer messages than signups.
        expect(deliveries.length).toBeLessThanOrEqual(2 * windows.size);
        expect(deliveries.length).toBeLessThan(50);
        expect(deliveries.some((data) => data.digest && Number(data.count) > 1)).toBe(true);
        for (const data of deliveries.filter((each) => each.digest)) {
          const { from, to } = data.digest as { from: number; to: number };
          // The window, from the alert's creation when that fell inside it.
          expect(from).toBe(Math.max(to - windowMs, endpoint.createdAt));
        }
      }
      const slackMessages = at<SlackBody>(`/burst-slack-${tag}`);
      const discordMessages = at<DiscordBody>(`/burst-discord-${tag}`);
      expect(slackMessages.length).toBeLessThan(50);
      expect(discordMessages.length).toBeLessThan(50);
      // The largest digest: past ALERT_DIGEST_LISTED signups it names the first ones and counts the rest.
      const digest = slackMessages
        .filter((message) => /^\d+ new signups$/.test(message.body.text))
        .sort((a, b) => parseInt(b.body.text, 10) - parseInt(a.body.text, 10))[0]!;
      expect(parseInt(digest.body.text, 10)).toBeGreaterThan(ALERT_DIGEST_LISTED);
      expectSlack(digest.body, digest.body.text);
      expect(digest.raw).toMatch(/and [\d,]+ more/);
      const discordDigest = discordMessages.find((message) =>
        /^\d+ new signups$/.test(message.body.content),
      )!;
      expect(discordDigest.body.embeds[0]!.description).toMatch(/^• .+\\@functions\.test/);
      expect(discordDigest.body.allowed_mentions).toEqual({ parse: [] });
    } finally {
      // Left behind, the alerts would take every later signup of the run.
      await removeEndpoint(slack.endpoint.id);
      await removeEndpoint(discord.endpoint.id);
    }
  });

  it("leads a window with its first event and gathers the rest into the window's digest, due at its end", async () => {
    const endpointId = unique('nowhere').replace(/[^A-Za-z0-9-]/g, '');
    const windowMs = 60_000;
    const start = (Math.floor(Date.now() / windowMs) + 10) * windowMs;
    const event = (n: number, offset: number) => ({
      eventId: `msg_${endpointId}_${n}`,
      type: 'signup.created' as const,
      createdAt: start + offset,
    });
    const routed = [];
    for (const [n, offset] of [
      [1, 0],
      [2, 1_000],
      [3, 59_999],
      [4, 60_000],
    ] as const) {
      routed.push(await routeDigested(db, endpointId, event(n, offset), windowMs, Date.now()));
    }
    expect(routed).toEqual(['lead', 'digest', 'digest', 'lead']);
    expect(await routeDigested(db, endpointId, event(1, 0), windowMs, Date.now())).toBe('repeat');
    const window = digestWindow(start, windowMs);
    const digest = await db
      .collection(COLLECTIONS.webhookDeliveries)
      .doc(`signup.created.${window.index}.digest_${endpointId}`)
      .get();
    expect(digest.data()).toMatchObject({
      endpointId,
      type: 'signup.created',
      digest: { from: window.from, to: window.to, lead: `signup.created.${window.index}.lead_${endpointId}` },
      delivery: { state: 'PENDING', attempts: 0 },
    });
    // An alert created inside a window counts only the events from its creation on.
    const created = start + 3 * windowMs + 20_000;
    for (const [n, offset] of [
      [7, 3 * windowMs + 10_000],
      [5, 3 * windowMs + 30_000],
      [6, 3 * windowMs + 40_000],
    ] as const) {
      await webhookEventRef(db, `msg_${endpointId}_${n}`).set({
        type: 'signup.created',
        createdAt: Timestamp.fromMillis(start + offset),
        body: JSON.stringify({ n }),
      });
    }
    await routeDigested(db, endpointId, event(5, 3 * windowMs + 30_000), windowMs, Date.now(), created);
    await routeDigested(db, endpointId, event(6, 3 * windowMs + 40_000), windowMs, Date.now(), created);
    const later = digestWindow(created, windowMs);
    const laterDigest = await db
      .collection(COLLECTIONS.webhookDeliveries)
      .doc(`signup.created.${later.index}.digest_${endpointId}`)
      .get();
    expect(laterDigest.get('digest')).toMatchObject({ from: created, to: later.to });
    expect((await readDigest(db, laterDigest.data()!)).count).toBe(1);
    expect((digest.get('delivery.nextAttemptAt') as { toMillis(): number }).toMillis()).toBe(window.to);
    const next = await db
      .collection(COLLECTIONS.webhookDeliveries)
      .doc(`signup.created.${window.index + 1}.lead_${endpointId}`)
      .get();
    expect(next.get('eventId')).toBe(`msg_${endpointId}_4`);
  });
});

describe('a 429', () => {
  it.each([
    ['slack', { 'retry-after': '3' }, 'rate_limited'],
    [
      'discord',
      {},
      JSON.stringify({ message: 'You are being rate limited.', retry_after: 2.5, global: false }),
    ],
  ] as const)(
    'from %s is tried again at the time it names',
    { timeout: 180_000 },
    async (kind, headers, body) => {
      const tag = unique(`busy-${kind}`).replace(/[^a-z0-9-]/gi, '');
      const path = `/busy-${tag}`;
      let calls = 0;
      answers.set(path, () => (++calls === 1 ? { status: 429, headers, body } : { status: 200, body: 'ok' }));
      const { endpoint } = await addAlert(kind, path, ['signup.created']);
      const email = `${tag}@functions.test`;
      await db.collection(COLLECTIONS.waitlistSignups).doc(email).set({ email });
      // The delivery answered 429 first, once the redrive has tried it again (other signups of the run
      // may reach the alert meanwhile, each its own delivery).
      const first = await until(
        async () => {
          await redriveWebhookDeliveries(db);
          const deliveries = await db
            .collection(COLLECTIONS.webhookDeliveries)
            .where('endpointId', '==', endpoint.id)
            .get();
          return deliveries.docs.find((doc) => (doc.get('history') as AttemptRecord[])[0]?.status === 429);
        },
        (found) => (found?.get('history') as AttemptRecord[] | undefined)?.length === 2,
      );
      if (!first) throw new Error('no delivery was answered 429');
      const history = first.get('history') as AttemptRecord[];
      expect(history.map((entry) => entry.status)).toEqual([429, 200]);
      const asked = kind === 'slack' ? 3_000 : 2_500;
      const wait = history[0]!.retryAt! - history[0]!.at;
      // The wait the receiver named, not the schedule's first (1 s here).
      expect(wait).toBeGreaterThanOrEqual(asked);
      expect(wait).toBeLessThan(asked + 1_000);
      const [busy, retried] = at(path).filter((arrival, _, all) => arrival.raw === all[0]!.raw);
      expect(busy!.at).toBeLessThan(history[0]!.retryAt!);
      expect(retried!.at).toBeGreaterThanOrEqual(history[0]!.retryAt! - 50);
      expect(first.get('delivery.state')).toBe('SUCCESS');
      await removeEndpoint(endpoint.id);
    },
  );
});

describe('the save route for alerts', () => {
  let served: ServedHandler;
  beforeAll(async () => {
    const config = readServerConfig({
      RATE_LIMIT_MANAGE_TEAM_PER_IP: '100000',
      RATE_LIMIT_MANAGE_TEAM_PER_KEY: '100000',
    });
    served = await serveHandler(
      makeWebhookSaveHandler(
        { config: () => config },
        {
          webhookConfig: () => readWebhookConfig({}),
          resolve: async () => [{ address: '93.184.215.14', family: 4 }],
        },
      ),
    );
  });
  afterAll(async () => {
    await served.close();
  });

  const SLACK = 'https://hooks.slack.com/services/T0001/B0001/secretToken1';

  it.each([
    ['slack', 'https://example.com/services/T0/B0/x', ['signup.created'], WEBHOOK_KIND_URL_MISMATCH],
    ['slack', 'https://discord.com/api/webhooks/1/x', ['signup.created'], WEBHOOK_KIND_URL_MISMATCH],
    ['discord', SLACK, ['signup.created'], WEBHOOK_KIND_URL_MISMATCH],
    ['standard', SLACK, ['signup.created'], WEBHOOK_KIND_URL_MISMATCH],
    [undefined, 'https://discord.com/api/webhooks/1/x', ['signup.created'], WEBHOOK_KIND_URL_MISMATCH],
    ['slack', 'http://hooks.slack.com/services/T0/B0/x', ['signup.created'], WEBHOOK_KIND_URL_MISMATCH],
    ['slack', SLACK, ['signup.confirmed'], WEBHOOK_REQUEST_INVALID],
    ['standard', 'https://example.com/hook', ['wave.finished'], WEBHOOK_REQUEST_INVALID],
    ['teams', SLACK, ['signup.created'], WEBHOOK_REQUEST_INVALID],
  ])('refuses a %s alert at %s for %j, creating nothing', async (kind, url, events, error) => {
    const answer = await as(served.url, { url, events, ...(kind ? { kind } : {}) });
    expect(answer).toMatchObject({ status: 400, body: { error } });
    expect((await db.collection(COLLECTIONS.webhooks).where('url', '==', url).get()).size).toBe(0);
  });

  it('still refuses a local Slack stand-in under the production configuration', async () => {
    expect(
      await as(served.url, { url: `${receiver.url}/slack/T/B/x`, kind: 'slack', events: ['signup.created'] }),
    ).toMatchObject({ status: 400, body: { error: WEBHOOK_KIND_URL_MISMATCH } });
  });

  it("keeps a Slack alert's URL like a secret: masked in answers and the audit, kept when sent back masked", async () => {
    const saved = await as(served.url, {
      url: SLACK,
      kind: 'slack',
      events: ['signup.created'],
      enabled: false,
    });
    expect(saved).toMatchObject({
      status: 200,
      body: {
        endpoint: { kind: 'slack', url: 'https://hooks.slack.com/services/T0001/B0001/…', enabled: false },
      },
    });
    expect(saved.body.secret).toBeUndefined();
    expect(saved.text).not.toContain('secretToken1');
    const endpoint = (saved.body as { endpoint: WebhookEndpointView }).endpoint;
    created.push(endpoint.id);
    const stored = await db.collection(COLLECTIONS.webhooks).doc(endpoint.id).get();
    expect(stored.data()).toMatchObject({ url: SLACK, kind: 'slack' });
    expect(stored.get('secret')).toBeUndefined();

    // The panel sends the masked URL back with a change: the stored one stays.
    const changed = await as(served.url, {
      ...endpoint,
      events: ['signup.created', 'wave.finished'],
      enabled: true,
    });
    expect(changed).toMatchObject({
      status: 200,
      body: { endpoint: { enabled: true, events: ['signup.created', 'wave.finished'] } },
    });
    expect((await db.collection(COLLECTIONS.webhooks).doc(endpoint.id).get()).get('url')).toBe(SLACK);
    // A kind never changes.
    expect(await as(served.url, { ...endpoint, kind: 'discord' })).toMatchObject({
      status: 400,
      body: { error: WEBHOOK_REQUEST_INVALID },
    });
    const audit = await db
      .collection(COLLECTIONS.auditLog)
      .where('target', '==', `webhooks/${endpoint.id}`)
      .get();
    expect(audit.docs.map((doc) => doc.get('action')).sort()).toEqual(['webhook.created', 'webhook.updated']);
    expect(JSON.stringify(audit.docs.map((doc) => doc.data()))).not.toContain('secretToken1');
    expect(audit.docs[0]!.get('details')).toMatchObject({ kind: 'slack', url: maskAlertUrl(SLACK) });
    await removeEndpoint(endpoint.id);
  });

  it('accepts a Discord alert at its https URL of a public address', async () => {
    const url = 'https://discord.com/api/webhooks/1234/tokenPart';
    const saved = await as(served.url, { url, kind: 'discord', events: ['import.finished'], enabled: false });
    expect(saved).toMatchObject({
      status: 200,
      body: { endpoint: { kind: 'discord', url: 'https://discord.com/api/webhooks/1234/…' } },
    });
    await removeEndpoint((saved.body as { endpoint: WebhookEndpointView }).endpoint.id);
  });

  it('still refuses an alert URL that resolves to a private address', async () => {
    const privately = await serveHandler(
      makeWebhookSaveHandler(
        {
          config: () =>
            readServerConfig({
              RATE_LIMIT_MANAGE_TEAM_PER_IP: '100000',
              RATE_LIMIT_MANAGE_TEAM_PER_KEY: '100000',
            }),
        },
        {
          webhookConfig: () => readWebhookConfig({}),
          resolve: async () => [{ address: '10.0.0.7', family: 4 }],
        },
      ),
    );
    try {
      expect(
        await as(privately.url, { url: SLACK, kind: 'slack', events: ['signup.created'] }),
      ).toMatchObject({
        status: 400,
        body: { error: WEBHOOK_URL_REFUSED },
      });
    } finally {
      await privately.close();
    }
  });
});
