// The product's schedules on the local stack, which fires them on their production cadence (the e2e
// layer's global set-up, @silk/stack/schedule-clock): nothing here calls a redrive, a repair or any
// scheduled code. A webhook receiver answering 500 to the first attempt gets the delivery again from the
// minute's redrive, and the Admin's delivery log shows it delivered on the second attempt; a list left by
// a deploy from before the ranking index (signups and subscribers, no index, no Admin action) gets
// places, and the subscriber's status link shows one.
import { COLLECTIONS, SIGNUP_SOURCE } from '@silk/schema/constants';
import { REFERRAL_CODE_ALPHABET, REFERRAL_CODE_LENGTH } from '@silk/schema/referrals';
import type { WebhookListResponse, WebhookSaveResponse } from '@silk/schema/webhook-api';
import { adminSdk } from '@silk/stack/admin-sdk';
import { waitForMailTo } from '@silk/stack/maildev';
import { discoverStack, withoutBackgroundTriggers, type RunningStack } from '@silk/stack/stack';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idToken, seedMember, uniqueSuffix, type SeededMember } from './support/admin-session';
import { textLink } from './support/subscriber-mail';
import { startWebhookReceiver, type Arrival, type WebhookReceiver } from './support/webhook-receiver';

const { db } = adminSdk();
const suffix = uniqueSuffix();
/** The redrive runs on the minute; the attempt it asks for follows within seconds. */
const NEXT_MINUTE_MS = 150_000;

let stack: RunningStack;
let admin: SeededMember;

beforeAll(async () => {
  stack = await discoverStack();
  admin = await seedMember('clock', ['Admin']);
});

/** A referral code as the product makes them (its alphabet and length). */
function randomReferralCode(): string {
  const draw = () => REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)];
  return Array.from({ length: REFERRAL_CODE_LENGTH }, draw).join('');
}

/** An Admin's call to a panel route on the admin host. */
async function adminCall<T>(route: string, body: unknown): Promise<T> {
  const response = await fetch(`${stack.adminUrl}/api/webhooks/${route}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await idToken(admin)}` },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${route} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

describe('webhook retries on the schedule (e2e)', () => {
  const signup = `retried-${suffix}@example.com`;
  const arrivals: Arrival[] = [];
  let receiver: WebhookReceiver;
  let endpointId = '';

  beforeAll(async () => {
    // Every event of the stack reaches this endpoint while it exists: only this test's signup is refused
    // (once).
    receiver = await startWebhookReceiver((arrival) => {
      const ours = arrival.raw.includes(signup);
      if (ours) arrivals.push(arrival);
      const refused = ours && arrivals.length === 1;
      return refused ? { status: 500, body: 'down' } : { status: 200, body: 'thanks' };
    });
  });

  afterAll(async () => {
    if (endpointId) await adminCall('remove', { id: endpointId });
    await db.collection(COLLECTIONS.waitlistSignups).doc(signup).delete();
    await receiver.close();
  });

  it(
    'delivers again after a 500 without anyone calling the redrive, and the delivery log shows it',
    {
      timeout: 240_000,
    },
    async () => {
      const url = `${receiver.origin}/hooks-${suffix}`;
      const saved = await adminCall<WebhookSaveResponse>('save', { url, events: ['signup.created'] });
      endpointId = saved.endpoint.id;

      await db.collection(COLLECTIONS.waitlistSignups).doc(signup).set({
        email: signup,
        source: SIGNUP_SOURCE,
        ip: '203.0.113.10',
        timestamp: FieldValue.serverTimestamp(),
        updatedAt: FieldValue.serverTimestamp(),
      });
      await expect.poll(() => arrivals.length, { timeout: 30_000 }).toBe(1);
      await expect.poll(() => arrivals.length, { timeout: NEXT_MINUTE_MS, interval: 1000 }).toBe(2);
      const [first, again] = arrivals as [Arrival, Arrival];
      expect(again.headers['webhook-id']).toBe(first.headers['webhook-id']);
      expect(again.raw).toBe(first.raw);

      const logged = async () =>
        (await adminCall<WebhookListResponse>('list', { endpointId })).deliveries.find(
          (delivery) => delivery.eventId === String(first.headers['webhook-id']),
        );
      await expect
        .poll(logged, { timeout: 30_000 })
        .toMatchObject({ status: 'delivered', attempts: 2, lastStatus: 200, lastAnswer: 'thanks' });
    },
  );
});

describe('a list from before the ranking index (e2e)', () => {
  const emails = [0, 1, 2].map((index) => `old-list-${index}-${suffix}@example.com`);
  // Codes of their own, as the old deploy gave them: asking for a status link then writes no signup (a
  // fresh code would, and that write's trigger would place the signup by itself).
  const referralCodes = emails.map(randomReferralCode);

  afterAll(async () => {
    await Promise.all(
      emails.flatMap((email) => [
        db.collection(COLLECTIONS.waitlistSignups).doc(email).delete(),
        db.collection(COLLECTIONS.subscribers).doc(email).delete(),
      ]),
    );
  });

  /** The status page's place line for a signed status link (its HTML, as served). */
  async function placeOn(link: string): Promise<string> {
    const html = await (await fetch(link)).text();
    return /data-testid="status-place">([^<]*)</.exec(html)?.[1] ?? '';
  }

  it('shows the subscriber a place within minutes, with no one acting', { timeout: 360_000 }, async () => {
    // As an old deploy left it: no ranking settings and no index, subscribers on the list, signups without
    // a first signup time; written with the triggers paused, as no trigger of that deploy indexed them.
    await withoutBackgroundTriggers(async () => {
      await db.recursiveDelete(db.collection('rank_builds'));
      await db.collection('settings').doc('ranking').delete();
      await Promise.all(
        emails.flatMap((email, index) => [
          db
            .collection(COLLECTIONS.subscribers)
            .doc(email)
            .set({ email, subscriberId: randomUUID(), referralCode: referralCodes[index] }),
          db
            .collection(COLLECTIONS.waitlistSignups)
            .doc(email)
            .set({
              email,
              source: SIGNUP_SOURCE,
              referralCode: referralCodes[index],
              timestamp: Timestamp.fromMillis(Date.UTC(2024, 0, 1 + index)),
              updatedAt: Timestamp.fromMillis(Date.UTC(2024, 0, 1 + index)),
            }),
        ]),
      );
    });
    const [, email = ''] = emails;
    // The subscriber asks for their status link, as the status page's form does.
    const asked = await fetch(`${stack.siteUrl}/api/status-link`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(asked.status).toBe(200);
    const [mail] = await waitForMailTo(email, { timeoutMs: 60_000 });
    if (!mail) throw new Error(`No status link to ${email}.`);
    const link = textLink(mail, 'See my place in line');

    await expect
      .poll(() => placeOn(link), { timeout: 300_000, interval: 2000 })
      .toMatch(/^#[\d,]+ of [\d,]+$/);
    // The schedule's work, with no one asking: the stamp placed the list's signups (their trigger runs),
    // and the re-rank it started builds the index of the whole list and goes live, naming no Admin.
    const ranking = async () => (await db.collection('settings').doc('ranking').get()).data();
    await expect
      .poll(ranking, { timeout: 120_000, interval: 2000 })
      .toMatchObject({ version: expect.any(Number), rerank: { state: 'done' } });
    const live = await ranking();
    expect(live?.version).toBeGreaterThan(0);
    expect(live?.updatedBy).toBeUndefined();
    expect(await placeOn(link)).toMatch(/^#[\d,]+ of [\d,]+$/);
  });
});
