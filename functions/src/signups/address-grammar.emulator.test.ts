// The address grammar at the functions, against the Functions emulator and MailDev: /api/join and
// /api/subscribe accept exactly the shared table's addresses (@silk/schema/email-grammar-cases), and
// twenty wrapped variants of one address ("nK<victim@…>") store nothing and mail nobody (nor reach the
// password reset's Auth call): the victim gets the one confirmation of their own signup and no other.
import { COLLECTIONS } from '@silk/schema/constants';
import { ACCEPTED_ADDRESSES, REFUSED_ADDRESSES } from '@silk/schema/email-grammar-cases';
import { INVALID_EMAIL, RATE_LIMITED } from '@silk/schema/messages';
import { normalizeEmail } from '@silk/schema/validators';
import { readMailDevMessages, waitForMailTo } from '@silk/stack/maildev';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminServices } from '../shared/admin';
import { appCheckHeaders, functionUrl, post, unique } from '../../test-support/emulator';

const { db } = adminServices();
let joinUrl: string;
let subscribeUrl: string;
let resetUrl: string;

beforeAll(async () => {
  joinUrl = await functionUrl('joinWaitlist');
  subscribeUrl = await functionUrl('subscribe');
  resetUrl = await functionUrl('requestPasswordReset');
});

/** The landing form posted without JavaScript (redirects not followed). */
async function submitForm(email: string): Promise<{ status: number; text: string }> {
  const response = await fetch(joinUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email }).toString(),
  });
  return { status: response.status, text: await response.text() };
}

const exists = async (collection: string, id: string) =>
  id !== '' && !id.includes('/') && (await db.collection(collection).doc(id).get()).exists;

/** Every queue document (sent, pending or waiting for the ceiling) whose recipient names `address`. */
async function queuedMentioning(address: string): Promise<string[]> {
  const found: string[] = [];
  for (const name of [COLLECTIONS.mail, COLLECTIONS.mailWaiting]) {
    for (const doc of (await db.collection(name).get()).docs) {
      const to = JSON.stringify(doc.get('to') ?? '');
      if (to.includes(address)) found.push(to);
    }
  }
  return found;
}

const caughtTo = async (address: string) =>
  (await readMailDevMessages()).filter((mail) => mail.to.some((to) => to.address.toLowerCase() === address));

describe('the address grammar at /api/join and /api/subscribe (the shared table)', () => {
  it.each(ACCEPTED_ADDRESSES)('/api/join accepts $input and stores $address', async ({ input, address }) => {
    const response = await post(joinUrl, { email: input });
    expect(response.status, response.text).toBe(200);
    expect(await exists(COLLECTIONS.waitlistSignups, address)).toBe(true);
    expect(await exists(COLLECTIONS.subscribers, address)).toBe(true);
  });

  it.each(REFUSED_ADDRESSES)(
    '/api/join and /api/subscribe refuse $input ($why) and store nothing',
    async ({ input }) => {
      const joined = await post(joinUrl, { email: input });
      expect(joined.status).toBe(400);
      expect(joined.body).toEqual({ error: INVALID_EMAIL });
      const subscribed = await post(subscribeUrl, { email: input }, { headers: await appCheckHeaders() });
      expect(subscribed.status).toBe(400);
      expect(subscribed.body).toEqual({ error: INVALID_EMAIL });
      const id = normalizeEmail(input);
      expect(await exists(COLLECTIONS.waitlistSignups, id)).toBe(false);
      expect(await exists(COLLECTIONS.subscribers, id)).toBe(false);
    },
  );
});

describe('twenty wrapped variants of one address', () => {
  it("store no signup and put no e-mail in the victim's inbox beyond their own confirmation", async () => {
    const victim = `${unique('victim')}@example.com`;
    const variants = Array.from({ length: 20 }, (_, i) => `n${i + 1}<${victim}>`);

    // The victim's own signup: one confirmation, as always.
    expect((await submitForm(victim)).status).toBe(303);
    expect(await waitForMailTo(victim)).toHaveLength(1);

    const headers = await appCheckHeaders();
    for (const variant of variants) {
      const form = await submitForm(variant);
      expect(form.status).toBe(400);
      expect(form.text).toContain(INVALID_EMAIL);
      const json = await post(joinUrl, { email: variant });
      expect(json.status).toBe(400);
      expect(json.body).toEqual({ error: INVALID_EMAIL });
      const subscribed = await post(subscribeUrl, { email: variant }, { headers });
      expect(subscribed.status).toBe(400);
      expect(subscribed.body).toEqual({ error: INVALID_EMAIL });
      const reset = await post(resetUrl, { identifier: variant });
      expect(reset.status).toBe(400);
      expect(reset.body).toEqual({ error: INVALID_EMAIL });
    }

    for (const variant of variants) {
      expect(await exists(COLLECTIONS.waitlistSignups, normalizeEmail(variant))).toBe(false);
      expect(await exists(COLLECTIONS.subscribers, normalizeEmail(variant))).toBe(false);
    }
    // The queue holds the victim's one confirmation, addressed to the bare address, and nothing else for them.
    expect(await queuedMentioning(victim)).toEqual([JSON.stringify(victim)]);

    // A later signup's confirmation arrives: anything the variants had queued would have gone out by now.
    const later = `${unique('later')}@example.com`;
    expect((await submitForm(later)).status).toBe(303);
    await waitForMailTo(later);
    expect(await caughtTo(victim)).toHaveLength(1);
  });
});

/** Twenty spellings of one mailbox each (mailboxKey: @silk/schema/mailbox), by the way they differ. */
const cycle =
  (...spellings: Array<(local: string, i: number) => string>) =>
  (local: string, i: number) =>
    spellings[i % spellings.length]!(local, i);
const SPELLINGS: Array<[string, (local: string, i: number) => string]> = [
  ['+tag variants', (local, i) => `${local}+n${i + 1}@example.com`],
  [
    "Proton's four domains and tags",
    cycle(
      (local, i) => `${local}+n${i}@proton.me`,
      (local, i) => `${local}+m${i}@pm.me`,
      (local, i) => `${local}+n${i}@protonmail.com`,
      (local, i) => `${local}+c${i}@protonmail.ch`,
    ),
  ],
  [
    'Gmail dots, googlemail.com and tags',
    cycle(
      (local, i) => `${local.slice(0, 1 + i / 2)}.${local.slice(1 + i / 2)}@gmail.com`,
      (local, i) => `${local}+n${i}@googlemail.com`,
    ),
  ],
  [
    'one domain in Unicode and in punycode',
    cycle(
      (local, i) => `${local}+n${i}@bücher.test`,
      (local, i) => `${local}+n${i}@xn--bcher-kva.test`,
    ),
  ],
  [
    "Fastmail's subdomain addressing",
    cycle(
      (local, i) => `n${i}@${local}.fastmail.com`,
      (local, i) => `${local}+n${i}@fastmail.com`,
    ),
  ],
];

describe('twenty spellings of one mailbox', () => {
  it.each(SPELLINGS)(
    '%s count as one address: past the per-e-mail limit (5 a minute in the emulator) they are refused and mail nobody',
    async (_, spell) => {
      const local = unique('tagged').replace(/[^a-z0-9]/g, '');
      const variants = Array.from({ length: 20 }, (_, i) => spell(local, i));
      const headers = await appCheckHeaders();
      const statuses: number[] = [];
      for (const variant of variants) {
        const response = await post(subscribeUrl, { email: variant }, { headers });
        statuses.push(response.status);
        if (response.status === 429) expect(response.body).toEqual({ error: RATE_LIMITED });
      }
      expect(statuses.filter((status) => status === 200)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(15);
      const stored = async (variant: string) => exists(COLLECTIONS.subscribers, normalizeEmail(variant));
      for (const [i, variant] of variants.entries()) expect(await stored(variant)).toBe(statuses[i] === 200);
    },
  );
});
