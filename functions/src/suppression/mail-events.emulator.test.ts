// POST /api/mail-events against the Functions emulator, signed with the standardwebhooks library and the
// emulator's MAIL_EVENTS_SECRET (functions/env/.secret.local): Silk's and Resend's formats (`webhook-*`
// and `svix-*` headers) suppress the address, after which no mail goes to it (its confirmation, any mail
// queued later); a transient bounce suppresses nobody; the same message twice is applied once; a forged,
// stale or unsigned event is refused with 401 and changes nothing. The unsubscribe link suppresses, the
// re-subscribe lifts it (never a bounce), and erasure takes the address off the list. The list holds
// mailboxes: a bounce on victim+1@… protects victim+2@… (the sender, the signup's mirror, the entry a
// wave's selection reads), and an unsubscribe of one spelling covers the others.
import { COLLECTIONS } from '@silk/schema/constants';
import { mailboxKey } from '@silk/schema/mailbox';
import { MAIL_EVENT_INVALID, MAIL_EVENT_SIGNATURE_INVALID } from '@silk/schema/messages';
import { readMailDevMessages, waitForMailTo } from '@silk/stack/maildev';
import type { DocumentData } from 'firebase-admin/firestore';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminServices } from '../shared/admin';
import { suppressionRef } from './suppression-list';
import { functionUrls, post, unique, uniqueEmail } from '../../test-support/emulator';
import { deliveryState, linkIn, queuedMailTo, signUpOnSite, waitForDoc } from '../../test-support/mail';

const { db } = adminServices();
const SECRET = /^MAIL_EVENTS_SECRET=(.+)$/m.exec(
  readFileSync(join(import.meta.dirname, '../../env/.secret.local'), 'utf8'),
)?.[1] as string;
const OTHER_SECRET = `whsec_${Buffer.from('not-the-emulator-secret').toString('base64')}`;
const MESSAGE = { subject: 'Later news', text: 'Plain part.', html: '<p>HTML part.</p>' };
const settled = (data: DocumentData | undefined) =>
  ['SUCCESS', 'ERROR', 'SUPPRESSED'].includes(deliveryState(data) as string);
const urls = functionUrls({
  mailEvents: 'mailEvents',
  unsubscribe: 'unsubscribe',
  resubscribe: 'resubscribe',
  erase: 'eraseSubscriber',
});

beforeAll(async () => {
  // The Functions emulator runs trigger events in turn: a mail queued now is delivered once the runs the
  // previous file left queued (an import's signups) are done, so each test's own wait times its own mail.
  const fence = db.collection(COLLECTIONS.mail).doc();
  await fence.set({ to: uniqueEmail('mail-fence'), message: MESSAGE, headers: {} });
  await waitForDoc(fence, settled, 120_000);
}, 150_000);

interface Signing {
  id?: string;
  prefix?: 'webhook' | 'svix';
  secret?: string;
  at?: Date;
}

/** The signed request's headers and raw body, as the provider sends them. */
function signed(
  body: unknown,
  { id = unique('msg'), prefix = 'webhook', secret = SECRET, at = new Date() }: Signing = {},
) {
  const raw = JSON.stringify(body);
  const signature = new Webhook(secret).sign(id, at, raw);
  const headers = {
    [`${prefix}-id`]: id,
    [`${prefix}-timestamp`]: String(Math.floor(at.getTime() / 1000)),
    [`${prefix}-signature`]: signature,
  };
  return { raw, headers };
}

async function sendEvent(body: unknown, signing: Signing = {}) {
  const { raw, headers } = signed(body, signing);
  return post(urls.mailEvents, undefined, { raw, headers });
}

const silk = (type: 'bounce' | 'complaint', email: string) => ({
  type,
  email,
  reason: '550 5.1.1 no such user',
});
const resend = (type: 'email.bounced' | 'email.complained', email: string, bounceType?: string) => ({
  type,
  created_at: new Date().toISOString(),
  data: {
    email_id: unique('re'),
    from: 'Silk <hello@silk.travel>',
    to: [email],
    subject: 'Confirm your spot on the Silk waitlist',
    ...(bounceType
      ? { bounce: { type: bounceType, subType: 'General', message: 'The mailbox is unavailable.' } }
      : {}),
  },
});

const entryOf = async (email: string) =>
  (await db.collection(COLLECTIONS.suppressions).doc(email).get()).data();
const signupOf = async (email: string) =>
  (await db.collection(COLLECTIONS.waitlistSignups).doc(email).get()).data();
const mailCount = async (email: string) =>
  (await readMailDevMessages()).filter((mail) => mail.to.some((to) => to.address === email)).length;

/** Queues a mail to `email` and answers its settled delivery. */
async function queueMail(email: string): Promise<DocumentData | undefined> {
  const ref = db.collection(COLLECTIONS.mail).doc();
  await ref.set({ to: email, message: MESSAGE, headers: {} });
  return (await waitForDoc(ref, settled))?.delivery as DocumentData | undefined;
}

/** A signup on the site with its confirmation delivered; answers its unsubscribe and erase tokens. */
async function joined(email: string): Promise<{ token: string; erase: string }> {
  await signUpOnSite(email);
  const [mail] = await waitForMailTo(email);
  const page = new URL(linkIn(mail?.text ?? '', 'Unsubscribe'));
  return { token: page.searchParams.get('token') ?? '', erase: page.searchParams.get('erase') ?? '' };
}

describe('a signed mail event', () => {
  it.each([
    ['Silk bounce (webhook-* headers)', 'bounce', (email: string) => silk('bounce', email), 'webhook'],
    [
      'Silk complaint (webhook-* headers)',
      'complaint',
      (email: string) => silk('complaint', email),
      'webhook',
    ],
    [
      'Resend permanent bounce (svix-* headers)',
      'bounce',
      (email: string) => resend('email.bounced', email, 'Permanent'),
      'svix',
    ],
    [
      'Resend complaint (svix-* headers)',
      'complaint',
      (email: string) => resend('email.complained', email),
      'svix',
    ],
  ] as const)(
    '%s: suppresses the address, and no further mail goes to it',
    async (_label, reason, event, prefix) => {
      const email = uniqueEmail('event');
      await joined(email);
      const before = await signupOf(email);
      expect(await sendEvent(event(email), { prefix })).toMatchObject({
        status: 200,
        body: { ok: true, suppressed: 1 },
      });

      const entry = await entryOf(email);
      expect(entry).toEqual({
        email,
        reason,
        source: 'mail-event',
        detail: expect.any(String),
        at: expect.any(Number),
      });
      const after = await signupOf(email);
      expect(after).toMatchObject({ suppressedReason: reason, suppressedAt: entry?.at });
      expect(after?.updatedAt.toMillis()).toBeGreaterThan(before?.updatedAt.toMillis());

      expect(await queueMail(email)).toMatchObject({
        state: 'SUPPRESSED',
        attempts: 0,
        suppressed: [{ address: email, reason }],
      });
      expect(await mailCount(email)).toBe(1); // the confirmation before the event only
    },
  );

  it('for an address not signed up yet: its confirmation is not sent, and the signup shows why', async () => {
    const email = uniqueEmail('early');
    expect(await sendEvent(silk('complaint', email))).toMatchObject({ status: 200, body: { suppressed: 1 } });
    await signUpOnSite(email);
    const confirmation = await waitForDoc(await queuedMailTo(email), settled);
    expect(confirmation?.delivery).toMatchObject({ state: 'SUPPRESSED', attempts: 0 });
    expect(await signupOf(email)).toMatchObject({
      suppressedReason: 'complaint',
      suppressedAt: (await entryOf(email))?.at,
    });
    expect(await mailCount(email)).toBe(0);
  });

  it.each([['Transient'], ['Undetermined']])(
    'a Resend %s bounce suppresses nobody: mail still goes',
    async (bounceType) => {
      const email = uniqueEmail('transient');
      await joined(email);
      expect(await sendEvent(resend('email.bounced', email, bounceType), { prefix: 'svix' })).toMatchObject({
        status: 200,
        body: { ok: true, suppressed: 0 },
      });
      expect(await entryOf(email)).toBeUndefined();
      expect((await signupOf(email))?.suppressedReason).toBeUndefined();
      expect(await queueMail(email)).toMatchObject({ state: 'SUCCESS' });
      await waitForMailTo(email, { count: 2 });
    },
  );

  it('is applied once: the same message again changes nothing, even after the entry is gone', async () => {
    const email = uniqueEmail('twice');
    const { raw, headers } = signed(silk('bounce', email));
    expect(await post(urls.mailEvents, undefined, { raw, headers })).toMatchObject({
      status: 200,
      body: { suppressed: 1 },
    });
    const marker = await db
      .collection(COLLECTIONS.mailEvents)
      .where('messageId', '==', headers['webhook-id'])
      .get();
    expect(marker.docs.map((doc) => doc.data())).toEqual([
      {
        messageId: headers['webhook-id'],
        format: 'silk',
        type: 'bounce',
        suppressed: 1,
        at: expect.any(Number),
      },
    ]);
    await db.collection(COLLECTIONS.suppressions).doc(email).delete();

    expect(await post(urls.mailEvents, undefined, { raw, headers })).toMatchObject({
      status: 200,
      body: { ok: true, suppressed: 1 },
    });
    expect(await entryOf(email)).toBeUndefined();
    expect(
      (await db.collection(COLLECTIONS.mailEvents).where('messageId', '==', headers['webhook-id']).get())
        .size,
    ).toBe(1);
  });

  it('in neither format, or naming no plain address, is refused with 400 and changes nothing', async () => {
    const email = uniqueEmail('invalid');
    for (const body of [
      { type: 'email.delivered', created_at: 'x', data: { to: [email] } },
      { type: 'bounce', email: `Ana <${email}>` },
    ]) {
      const { raw, headers } = signed(body);
      expect(await post(urls.mailEvents, undefined, { raw, headers })).toMatchObject({
        status: 400,
        body: { error: MAIL_EVENT_INVALID },
      });
      expect(
        (await db.collection(COLLECTIONS.mailEvents).where('messageId', '==', headers['webhook-id']).get())
          .size,
      ).toBe(0);
    }
    expect(await entryOf(email)).toBeUndefined();
  });
});

describe('a forged mail event', () => {
  const minutes = (count: number) => new Date(Date.now() + count * 60_000);
  const FORGERIES: Array<[string, (body: unknown) => { raw: string; headers: Record<string, string> }]> = [
    ['no signature headers', (body) => ({ raw: JSON.stringify(body), headers: {} })],
    [
      'a made-up signature',
      (body) => {
        const { raw, headers } = signed(body);
        return { raw, headers: { ...headers, 'webhook-signature': 'v1,bm90IHRoZSBzaWduYXR1cmU=' } };
      },
    ],
    ['another secret', (body) => signed(body, { secret: OTHER_SECRET })],
    [
      'a body changed after signing',
      (body) => {
        const { headers } = signed(body);
        return { raw: JSON.stringify({ ...(body as object), reason: 'changed' }), headers };
      },
    ],
    ['a stale timestamp (10 minutes old)', (body) => signed(body, { at: minutes(-10) })],
    ['a timestamp 10 minutes ahead', (body) => signed(body, { at: minutes(10) })],
    ['svix-* headers with another secret', (body) => signed(body, { prefix: 'svix', secret: OTHER_SECRET })],
    [
      'the svix-id header missing',
      (body) => {
        const { raw, headers } = signed(body, { prefix: 'svix' });
        const { 'svix-id': _dropped, ...rest } = headers;
        return { raw, headers: rest };
      },
    ],
  ];

  it.each(FORGERIES)('%s: 401, nothing changed', async (_label, forge) => {
    const email = uniqueEmail('forged');
    await joined(email);
    const before = await signupOf(email);
    const { raw, headers } = forge(silk('complaint', email));
    expect(await post(urls.mailEvents, undefined, { raw, headers })).toMatchObject({
      status: 401,
      body: { error: MAIL_EVENT_SIGNATURE_INVALID },
    });
    expect(await entryOf(email)).toBeUndefined();
    expect(await signupOf(email)).toEqual(before);
    const id = headers['webhook-id'] ?? headers['svix-id'];
    if (id)
      expect((await db.collection(COLLECTIONS.mailEvents).where('messageId', '==', id).get()).size).toBe(0);
    expect(await queueMail(email)).toMatchObject({ state: 'SUCCESS' });
  });
});

describe('the list holds mailboxes', () => {
  const spellings = () => {
    const local = unique('victim');
    return {
      first: `${local}+1@functions.test`,
      second: `${local}+2@functions.test`,
      other: `${local}x@functions.test`,
    };
  };

  it('a bounce on victim+1 protects victim+2: its confirmation, any later mail, its mirror and a wave', async () => {
    const { first, second, other } = spellings();
    await joined(first);
    expect(await sendEvent(silk('bounce', first))).toMatchObject({ status: 200, body: { suppressed: 1 } });
    const entry = (await db.collection(COLLECTIONS.suppressions).doc(mailboxKey(second)).get()).data();
    expect(entry).toMatchObject({ email: first, reason: 'bounce', source: 'mail-event' });
    expect(await entryOf(first)).toBeUndefined(); // not keyed by the spelling

    await signUpOnSite(second);
    const confirmation = await waitForDoc(await queuedMailTo(second), settled);
    expect(confirmation?.delivery).toMatchObject({
      state: 'SUPPRESSED',
      attempts: 0,
      suppressed: [{ address: second, reason: 'bounce' }],
    });
    expect(await signupOf(second)).toMatchObject({ suppressedReason: 'bounce', suppressedAt: entry?.at });
    expect(await queueMail(second)).toMatchObject({ state: 'SUPPRESSED' });
    // What the sender and a wave's selection read for victim+2.
    expect((await suppressionRef(db, second).get()).data()).toEqual(entry);
    expect(await mailCount(second)).toBe(0);

    // Another mailbox is not on the list.
    await joined(other);
    expect((await suppressionRef(db, other).get()).exists).toBe(false);
    expect(await queueMail(other)).toMatchObject({ state: 'SUCCESS' });
  });

  it('an unsubscribe of victim+1 covers victim+2; the re-subscribe of victim+2 lifts it', async () => {
    const { first, second } = spellings();
    const { token } = await joined(first);
    const { token: secondToken } = await joined(second);
    expect(await post(urls.unsubscribe, { token })).toMatchObject({ status: 200 });
    expect(await queueMail(second)).toMatchObject({ state: 'SUPPRESSED' });
    expect(await post(urls.resubscribe, { token: secondToken })).toMatchObject({ status: 200 });
    expect((await db.collection(COLLECTIONS.suppressions).doc(mailboxKey(first)).get()).exists).toBe(false);
    expect(await queueMail(first)).toMatchObject({ state: 'SUCCESS' });
  });
});

describe('unsubscribe, re-subscribe and erasure', () => {
  it('the unsubscribe link suppresses the address; re-subscribing lifts it', async () => {
    const email = uniqueEmail('unsub');
    const { token } = await joined(email);
    expect(await post(urls.unsubscribe, { token })).toMatchObject({ status: 200 });
    expect(await entryOf(email)).toMatchObject({ reason: 'unsubscribe', source: 'unsubscribe' });
    expect(await signupOf(email)).toMatchObject({ suppressedReason: 'unsubscribe' });
    expect(await queueMail(email)).toMatchObject({ state: 'SUPPRESSED' });

    // Unsubscribing twice changes nothing.
    const entry = await entryOf(email);
    expect(await post(urls.unsubscribe, { token })).toMatchObject({ status: 200 });
    expect(await entryOf(email)).toEqual(entry);

    expect(await post(urls.resubscribe, { token })).toMatchObject({ status: 200 });
    expect(await entryOf(email)).toBeUndefined();
    const signup = await signupOf(email);
    expect(signup?.suppressedReason).toBeUndefined();
    expect(signup?.suppressedAt).toBeUndefined();
    expect(await queueMail(email)).toMatchObject({ state: 'SUCCESS' });
    await waitForMailTo(email, { count: 2 });
  });

  it('a bounce replaces an unsubscribe and is not lifted by re-subscribing', async () => {
    const email = uniqueEmail('unsub-bounce');
    const { token } = await joined(email);
    expect(await post(urls.unsubscribe, { token })).toMatchObject({ status: 200 });
    expect(await sendEvent(silk('bounce', email))).toMatchObject({ status: 200, body: { suppressed: 1 } });
    expect(await entryOf(email)).toMatchObject({ reason: 'bounce', source: 'mail-event' });
    expect(await post(urls.resubscribe, { token })).toMatchObject({ status: 200 });
    expect(await entryOf(email)).toMatchObject({ reason: 'bounce' });
    expect(await signupOf(email)).toMatchObject({ suppressedReason: 'bounce' });
    expect(await queueMail(email)).toMatchObject({ state: 'SUPPRESSED' });
  });

  it('an unsubscribe does not replace a complaint', async () => {
    const email = uniqueEmail('complaint-unsub');
    const { token } = await joined(email);
    expect(await sendEvent(silk('complaint', email))).toMatchObject({ status: 200 });
    const entry = await entryOf(email);
    expect(await post(urls.unsubscribe, { token })).toMatchObject({ status: 200 });
    expect(await entryOf(email)).toEqual(entry);
  });

  it('erasure takes the address off the list with everything else', async () => {
    const email = uniqueEmail('erase');
    const { erase } = await joined(email);
    expect(await sendEvent(silk('bounce', email))).toMatchObject({ status: 200 });
    expect(await entryOf(email)).toBeDefined();
    expect(await post(urls.erase, { token: erase })).toMatchObject({ status: 200 });
    expect(await entryOf(email)).toBeUndefined();
  });
});
