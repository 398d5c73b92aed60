// A subscriber's e-mail and its links against the emulators and MailDev: a new signup gets one
// confirmation e-mail (text and HTML, RFC 8058 headers, no address in any link) and a consent record;
// confirm, one-click unsubscribe, re-subscribe and erase work through their links, twice over; a
// missing, malformed, tampered, expired or other-purpose token is refused and changes nothing.
import { COLLECTIONS, CONSENT_TEXT_VERSION, ERASE_SECTION_ID } from '@silk/schema/constants';
import {
  LINK_EXPIRED,
  LINK_INVALID,
  LINK_TOKEN_MISSING,
  SUBSCRIPTION_NOT_FOUND,
} from '@silk/schema/messages';
import type { CaughtMail } from '@silk/stack/maildev';
import { waitForMailTo } from '@silk/stack/maildev';
import { Timestamp } from 'firebase-admin/firestore';
import { request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminServices } from '../shared/admin';
import { LINK_LIFETIME_SECONDS, signLinkToken } from '../http/link-token';
import { functionUrls, post, uniqueEmail } from '../../test-support/emulator';
import { expectErasedAuditedByHash } from '../../test-support/erasure';
import {
  deliveryState,
  EMULATOR_MAIL_TOKEN_SECRET,
  linkIn,
  mailDocsTo,
  signUpOnSite,
  waitForDoc,
} from '../../test-support/mail';

const { db } = adminServices();
const signup = (email: string) => db.collection(COLLECTIONS.waitlistSignups).doc(email).get();
const subscriber = (email: string) => db.collection(COLLECTIONS.subscribers).doc(email).get();
const urls = functionUrls({
  confirm: 'confirmSubscription',
  unsubscribe: 'unsubscribe',
  resubscribe: 'resubscribe',
  erase: 'eraseSubscriber',
});

interface Joined {
  email: string;
  mail: CaughtMail;
  confirm: string;
  unsubscribe: string;
  erase: string;
}

const tokenOf = (url: string, name = 'token') => new URL(url).searchParams.get(name) ?? '';

/**
 * A mail provider's one-click unsubscribe: POST "List-Unsubscribe=One-Click" to the header's URL. With
 * node:http, as fetch refuses some ports a shifted stack's Hosting emulator may sit on (6000).
 */
function postOneClick(url: string): Promise<{ status: number; text: string }> {
  const body = 'List-Unsubscribe=One-Click';
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': body.length },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Signs up on the site and reads the tokens from the delivered confirmation e-mail. */
async function join(prefix: string, feedback: Record<string, string> = {}): Promise<Joined> {
  const email = uniqueEmail(prefix);
  await signUpOnSite(email, feedback);
  const [mail] = await waitForMailTo(email);
  const text = mail!.text ?? '';
  const unsubscribePage = linkIn(text, 'Unsubscribe');
  return {
    email,
    mail: mail!,
    confirm: tokenOf(linkIn(text, 'Confirm my spot')),
    unsubscribe: tokenOf(unsubscribePage),
    erase: tokenOf(unsubscribePage, 'erase'),
  };
}

describe('the confirmation e-mail', () => {
  it('reaches MailDev once per new subscriber, with both parts and the one-click unsubscribe headers', async () => {
    const { email, mail } = await join('welcome');
    expect(mail.subject).toBe('Confirm your spot on the Silk waitlist');
    const listUnsubscribe = mail.headers['list-unsubscribe'] ?? '';
    expect(listUnsubscribe).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/api\/unsubscribe\?token=[\w.-]+>$/);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.html).toContain('Confirm my spot</a>');
    expect(mail.html).toContain('Delete my data</a>');
    const text = mail.text ?? '';
    expect(linkIn(text, 'Delete my data')).toBe(`${linkIn(text, 'Unsubscribe')}#${ERASE_SECTION_ID}`);
    for (const label of ['Confirm my spot', 'Unsubscribe', 'Delete my data']) {
      expect(decodeURIComponent(linkIn(text, label))).not.toContain(email);
    }
    expect(listUnsubscribe).not.toContain(email);

    // A repeat signup queues nothing.
    await signUpOnSite(email);
    await sleep(500);
    expect(await mailDocsTo(email)).toHaveLength(1);
  });

  it('records the consent and one subscriber id on the signup and the mailing-list entry', async () => {
    const { email } = await join('consent');
    const stored = await signup(email);
    expect(stored.get('consent')).toEqual({
      at: expect.any(Timestamp),
      form: 'hero',
      textVersion: CONSENT_TEXT_VERSION,
    });
    const id = stored.get('subscriberId') as string;
    expect(id).toMatch(/^[\w-]{22}$/);
    expect((await subscriber(email)).get('subscriberId')).toBe(id);
  });
});

describe('the links', () => {
  it('confirm: records confirmedAt on the subscriber and the signup, once', async () => {
    const { email, confirm } = await join('confirm');
    const first = await post(urls.confirm, { token: confirm });
    expect(first).toMatchObject({ status: 200, body: { ok: true } });
    const at = (await subscriber(email)).get('confirmedAt') as Timestamp;
    expect(at).toBeInstanceOf(Timestamp);
    expect(((await signup(email)).get('confirmedAt') as Timestamp).isEqual(at)).toBe(true);
    const second = await post(urls.confirm, { token: confirm });
    expect(second).toMatchObject({ status: 200, body: { ok: true } });
    expect(((await subscriber(email)).get('confirmedAt') as Timestamp).isEqual(at)).toBe(true);
  });

  it('one-click unsubscribe (RFC 8058) through the List-Unsubscribe URL, twice: the same 200', async () => {
    const { email, mail } = await join('one-click');
    const target = (mail.headers['list-unsubscribe'] ?? '').slice(1, -1);
    const oneClick = () => postOneClick(target);
    const first = await oneClick();
    expect(first.status).toBe(200);
    expect(JSON.parse(first.text)).toEqual({ ok: true });
    const at = (await subscriber(email)).get('unsubscribedAt') as Timestamp;
    expect(at).toBeInstanceOf(Timestamp);
    const second = await oneClick();
    expect(second.status).toBe(200);
    expect(((await subscriber(email)).get('unsubscribedAt') as Timestamp).isEqual(at)).toBe(true);
  });

  it('unsubscribe from the page (JSON), then re-subscribe with the same token', async () => {
    const { email, unsubscribe } = await join('page');
    expect(await post(urls.unsubscribe, { token: unsubscribe })).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    expect((await subscriber(email)).get('unsubscribedAt')).toBeInstanceOf(Timestamp);
    expect(await post(urls.resubscribe, { token: unsubscribe })).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    const back = await subscriber(email);
    expect(back.get('unsubscribedAt')).toBeUndefined();
    expect(back.get('resubscribedAt')).toBeInstanceOf(Timestamp);
    // A repeat signup of an unsubscribed address neither re-subscribes it nor mails it.
    expect(await post(urls.unsubscribe, { token: unsubscribe })).toMatchObject({ status: 200 });
    await signUpOnSite(email);
    expect((await subscriber(email)).get('unsubscribedAt')).toBeInstanceOf(Timestamp);
    expect(await mailDocsTo(email)).toHaveLength(1);
  });

  it('erase: removes the signup with its feedback, the subscriber and every mail; audits a hash only', async () => {
    const { email, erase, unsubscribe, confirm } = await join('erase', {
      travelFrequency: 'Monthly',
      socialMedia: '@erase-me',
    });
    const [mailDoc] = await mailDocsTo(email);
    await waitForDoc(mailDoc!.ref, (data) => deliveryState(data) === 'SUCCESS');
    // A second mail still waiting in the queue goes too.
    await db
      .collection(COLLECTIONS.mail)
      .add({ to: email, message: { subject: 's', text: 't' }, delivery: { state: 'ERROR', attempts: 2 } });

    expect(await post(urls.erase, { token: erase })).toMatchObject({ status: 200, body: { ok: true } });
    // Named by the address's keyed hash, not its plain SHA-256 (which a list of addresses would test).
    const { entries } = await expectErasedAuditedByHash(email);
    expect(entries).toHaveLength(1);
    const entry = entries[0]!.data();
    expect(entry).toMatchObject({
      action: 'signup.erased',
      details: { removed: { signup: true, subscriber: true, mail: 2 } },
    });
    expect(JSON.stringify(entry)).not.toContain(email);
    expect(JSON.stringify(entry).toLowerCase()).not.toContain(email.split('@')[0]!.toLowerCase());

    // Again: nothing left, the same 200; the other links find no subscriber.
    expect(await post(urls.erase, { token: erase })).toMatchObject({ status: 200, body: { ok: true } });
    expect(await post(urls.unsubscribe, { token: unsubscribe })).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    expect(await post(urls.confirm, { token: confirm })).toMatchObject({
      status: 404,
      body: { error: SUBSCRIPTION_NOT_FOUND },
    });
    expect(await post(urls.resubscribe, { token: unsubscribe })).toMatchObject({
      status: 404,
      body: { error: SUBSCRIPTION_NOT_FOUND },
    });
  });
});

describe('refused tokens change nothing', () => {
  let joined: Joined;
  beforeAll(async () => {
    joined = await join('refused');
  });

  async function expectUntouched(): Promise<void> {
    const stored = await subscriber(joined.email);
    expect(stored.exists).toBe(true);
    expect(stored.get('confirmedAt')).toBeUndefined();
    expect(stored.get('unsubscribedAt')).toBeUndefined();
    expect((await signup(joined.email)).exists).toBe(true);
  }

  it.each(['confirm', 'unsubscribe', 'resubscribe', 'erase'] as const)('%s: no token → 400', async (name) => {
    expect(await post(urls[name], {})).toMatchObject({ status: 400, body: { error: LINK_TOKEN_MISSING } });
    expect(await post(urls[name], { token: '  ' })).toMatchObject({
      status: 400,
      body: { error: LINK_TOKEN_MISSING },
    });
    await expectUntouched();
  });

  it('a malformed token → 400', async () => {
    for (const token of ['not-a-token', 'a.b.c', `${joined.erase}!`]) {
      expect(await post(urls.erase, { token })).toMatchObject({ status: 400, body: { error: LINK_INVALID } });
    }
    await expectUntouched();
  });

  it('a tampered token → 401', async () => {
    const [body, signature] = joined.erase.split('.') as [string, string];
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    const forged = `${Buffer.from(JSON.stringify({ ...payload, exp: Number(payload.exp) + 3600 })).toString('base64url')}.${signature}`;
    const otherKey = signLinkToken('not-the-server-key', 'erase', String(payload.subject));
    for (const token of [forged, otherKey]) {
      expect(await post(urls.erase, { token })).toMatchObject({ status: 401, body: { error: LINK_INVALID } });
    }
    await expectUntouched();
  });

  it('a token of another purpose → 401', async () => {
    const misused = [
      ['erase', joined.unsubscribe],
      ['unsubscribe', joined.confirm],
      ['confirm', joined.erase],
      ['resubscribe', joined.erase],
    ] as const;
    for (const [name, token] of misused) {
      expect(await post(urls[name], { token }), name).toMatchObject({
        status: 401,
        body: { error: LINK_INVALID },
      });
    }
    await expectUntouched();
  });

  it('an expired token → 401 with its own message', async () => {
    const subject = (await subscriber(joined.email)).get('subscriberId') as string;
    const issued = Date.now() - (LINK_LIFETIME_SECONDS.confirm + 60) * 1000;
    const expired = signLinkToken(EMULATOR_MAIL_TOKEN_SECRET, 'confirm', subject, issued);
    expect(await post(urls.confirm, { token: expired })).toMatchObject({
      status: 401,
      body: { error: LINK_EXPIRED },
    });
    await expectUntouched();
  });

  it('a one-click POST with a refused token in the URL → 401', async () => {
    const response = await postOneClick(`${urls.unsubscribe}?token=${joined.confirm}`);
    expect(response.status).toBe(401);
    expect(JSON.parse(response.text)).toEqual({ error: LINK_INVALID });
    await expectUntouched();
  });
});
