// The invited person's side against the emulators: the invitation page in the site's shell, redeeming
// once (JSON and the page's native form), the product's token check with the server key, "Not now"
// (keep / leave), an expired invitation's offer to stay, and a tampered or unknown code changing nothing.
import { COLLECTIONS } from '@silk/schema/constants';
import {
  INVITE_ALREADY_USED,
  INVITE_EXPIRED,
  INVITE_TOKEN_EXPIRED,
  INVITE_TOKEN_UNKNOWN,
  INVITE_TOKEN_USED,
  INVITE_UNKNOWN,
  SERVER_KEY_REQUIRED,
} from '@silk/schema/messages';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../http/html-page';
import { adminServices } from '../shared/admin';
import { functionUrls, post, uniqueEmail } from '../../test-support/emulator';
import { signUpOnSite } from '../../test-support/mail';
import { INVITE_COPY } from './invite-html';
import {
  invitationRef,
  newInvitation,
  newInviteCode,
  redeemInvitation,
  writeInvitation,
} from './invitation-store';

/** The key of functions/env/.secret.local. */
const EMULATOR_INVITE_VERIFY_KEY = 'emulator-invite-verify-key-0123456789abcdef';
/** functions/env/.env.demo-silk's PRODUCT_SIGNUP_URL. */
const PRODUCT_SIGNUP_URL = 'https://app.silk.test/signup';
const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

const { db } = adminServices();
const urls = functionUrls({
  page: 'invitePage',
  redeem: 'redeemInvite',
  decline: 'declineInvite',
  verify: 'verifyInvite',
});

/** A subscriber on the waitlist with an invitation (created `ageMs` ago): its address and code. */
async function invited(prefix: string, ageMs = 0): Promise<{ email: string; code: string }> {
  const email = uniqueEmail(prefix);
  await signUpOnSite(email);
  const code = newInviteCode();
  const writes = db.batch();
  writeInvitation(
    writes,
    db,
    code,
    newInvitation(email, `wave-${prefix}`, Date.now() - ageMs, 14 * DAY_MS),
    'test',
  );
  await writes.commit();
  return { email, code };
}

async function open(code: string): Promise<{ status: number; html: string }> {
  const response = await fetch(`${urls.page}?code=${encodeURIComponent(code)}`, { redirect: 'manual' });
  return { status: response.status, html: await response.text() };
}

async function submit(url: string, fields: Record<string, string>): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

const verify = (token: string, key?: string) =>
  post<{ email?: string; error?: string }>(
    urls.verify,
    { token },
    {
      headers: key === undefined ? {} : { Authorization: `Bearer ${key}` },
    },
  );

async function state(email: string, code: string) {
  const [signup, invitation, history] = await Promise.all([
    db.collection(COLLECTIONS.waitlistSignups).doc(email).get(),
    invitationRef(db, code).get(),
    db.collection(COLLECTIONS.inviteHistory).where('email', '==', email).get(),
  ]);
  return {
    inviteStatus: signup.get('inviteStatus') as unknown,
    joinedAt: signup.get('joinedAt') as unknown,
    invitation: invitation.get('state') as unknown,
    history: history.docs.map((doc) => doc.get('status') as string).sort(),
  };
}

const tokenOf = (url: string) => new URL(url).searchParams.get('token') ?? '';

describe('the invitation page', () => {
  it("shows an open invitation in the site's shell with Continue and Not now as native forms", async () => {
    const { email, code } = await invited('page');
    const page = await open(code);
    expect(page.status).toBe(200);
    expect(page.html).toContain('<title>Your invitation — Silk</title>');
    expect(page.html).toContain(`<h1 id="invite-title">${INVITE_COPY.openTitle}</h1>`);
    expect(page.html).toContain(
      '<form class="invite-form" method="post" action="/api/invite/redeem" data-invite-form="redeem">',
    );
    expect(page.html).toContain(
      '<form id="not-now" class="invite-form" method="post" action="/api/invite/decline"',
    );
    expect(page.html).toContain(`<input type="hidden" name="code" value="${code}">`);
    expect(page.html).toContain('name="choice" value="keep" checked');
    expect(page.html).toContain('name="choice" value="leave"');
    expect(page.html).not.toContain(email);
  });
});

describe('redeeming an invitation', () => {
  it('joins once, continues to the product with a one-time token, and says "already used" after', async () => {
    const { email, code } = await invited('redeem');
    const first = await post<{ ok: boolean; continueTo: string }>(urls.redeem, { code });
    expect(first.status).toBe(200);
    expect(first.body.continueTo.startsWith(`${PRODUCT_SIGNUP_URL}?token=`)).toBe(true);
    const after = await state(email, code);
    expect(after).toMatchObject({ inviteStatus: 'joined', invitation: 'redeemed' });
    expect(typeof after.joinedAt).toBe('number');
    expect(after.history).toEqual(['invited', 'joined']);
    const stored = (await invitationRef(db, code).get()).get('tokenHash') as string;
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify((await invitationRef(db, code).get()).data())).not.toContain(
      tokenOf(first.body.continueTo),
    );

    const again = await post(urls.redeem, { code });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: INVITE_ALREADY_USED });
    expect((await state(email, code)).history).toEqual(['invited', 'joined']);
    const page = await open(code);
    expect(page.status).toBe(409);
    expect(page.html).toContain(`<h1 id="invite-title">${escapeHtml(INVITE_ALREADY_USED)}</h1>`);
    expect(page.html).not.toContain('action="/api/invite/redeem"');
  });

  it("through the page's form: a page that moves on to the product, then the page says already used", async () => {
    const { email, code } = await invited('redeem-form');
    const response = await submit(urls.redeem, { code });
    expect(response.status).toBe(200);
    const html = await response.text();
    const target =
      /<meta http-equiv="refresh" content="0;url=([^"]+)">/.exec(html)?.[1]?.replaceAll('&amp;', '&') ?? '';
    expect(target.startsWith(`${PRODUCT_SIGNUP_URL}?token=`)).toBe(true);
    expect(html).toContain(`<a href="${escapeHtml(target)}">`);
    expect((await state(email, code)).inviteStatus).toBe('joined');

    const again = await submit(urls.redeem, { code });
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(`/invite?code=${code}`);
  });
});

describe('verifying the one-time token (the product backend)', () => {
  it('answers the invited address once and refuses every replay with 409; refuses a wrong or missing key and an unknown token', async () => {
    const { email, code } = await invited('verify');
    const { body } = await post<{ continueTo: string }>(urls.redeem, { code });
    const token = tokenOf(body.continueTo);

    for (const key of [undefined, '', 'wrong-key', `${EMULATOR_INVITE_VERIFY_KEY}x`]) {
      const refused = await verify(token, key);
      expect(refused.status, String(key)).toBe(401);
      expect(refused.body).toEqual({ error: SERVER_KEY_REQUIRED });
    }
    // A refused key consumed nothing.
    const first = await verify(token, EMULATOR_INVITE_VERIFY_KEY);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ email });
    for (let replay = 0; replay < 2; replay += 1) {
      const again = await verify(token, EMULATOR_INVITE_VERIFY_KEY);
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ error: INVITE_TOKEN_USED });
    }
    const unknown = await verify(newInviteCode(), EMULATOR_INVITE_VERIFY_KEY);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: INVITE_TOKEN_UNKNOWN });
  });

  it('verifies two concurrent checks of one token once', async () => {
    const { email, code } = await invited('verify-race');
    const { body } = await post<{ continueTo: string }>(urls.redeem, { code });
    const token = tokenOf(body.continueTo);
    const answers = await Promise.all([1, 2, 3].map(() => verify(token, EMULATOR_INVITE_VERIFY_KEY)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    expect(answers.find((answer) => answer.status === 200)?.body).toEqual({ email });
  });

  it('refuses a token past its lifetime (410, the address not named) and keeps refusing it', async () => {
    const { code } = await invited('verify-expired');
    // Redeemed 25 hours ago: INVITE_TOKEN_HOURS is 24 by default.
    const redeemed = await redeemInvitation(db, code, Date.now() - 25 * HOUR_MS);
    if (redeemed.kind !== 'redeemed') throw new Error(`not redeemed: ${redeemed.kind}`);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const refused = await verify(redeemed.token, EMULATOR_INVITE_VERIFY_KEY);
      expect(refused.status).toBe(410);
      expect(refused.body).toEqual({ error: INVITE_TOKEN_EXPIRED });
    }
    expect((await invitationRef(db, code).get()).get('tokenConsumedAt')).toBeUndefined();
  });

  it('verifies a token just within its lifetime', async () => {
    const { email, code } = await invited('verify-fresh');
    const redeemed = await redeemInvitation(db, code, Date.now() - 23 * HOUR_MS);
    if (redeemed.kind !== 'redeemed') throw new Error(`not redeemed: ${redeemed.kind}`);
    const verified = await verify(redeemed.token, EMULATOR_INVITE_VERIFY_KEY);
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ email });
  });
});

describe('an expired invitation', () => {
  it('offers to stay on the waitlist, redeems nothing, and keeps the place when asked', async () => {
    const { email, code } = await invited('expired', 15 * DAY_MS);
    const page = await open(code);
    expect(page.status).toBe(410);
    expect(page.html).toContain(`<h1 id="invite-title">${escapeHtml(INVITE_EXPIRED)}</h1>`);
    expect(page.html).toContain('<input type="hidden" name="choice" value="keep">');
    expect(page.html).not.toContain('action="/api/invite/redeem"');

    const redeemed = await post(urls.redeem, { code });
    expect(redeemed.status).toBe(410);
    expect(redeemed.body).toEqual({ error: INVITE_EXPIRED });
    expect(await state(email, code)).toMatchObject({
      inviteStatus: 'invited',
      invitation: 'sent',
      history: ['invited'],
    });

    const stay = await submit(urls.decline, { code, choice: 'keep' });
    expect(stay.status).toBe(303);
    expect(stay.headers.get('location')).toBe(`/invite?code=${code}`);
    expect(await state(email, code)).toMatchObject({
      inviteStatus: 'waiting',
      history: ['invited', 'waiting'],
    });
    expect((await open(code)).html).toContain(`<h1 id="invite-title">${INVITE_COPY.keptTitle}</h1>`);
  });
});

describe('"Not now"', () => {
  it('keep: the invitation is declined and the signup waits again, in the same place; a repeat changes nothing', async () => {
    const { email, code } = await invited('keep');
    const response = await submit(urls.decline, { code, choice: 'keep' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/invite?code=${code}`);
    const expected = {
      inviteStatus: 'waiting',
      invitation: 'declined',
      history: ['declined', 'invited', 'waiting'],
    };
    expect(await state(email, code)).toMatchObject(expected);
    expect(await post(urls.decline, { code, choice: 'leave' })).toMatchObject({ status: 200 });
    expect(await state(email, code)).toMatchObject(expected);
    expect((await db.collection(COLLECTIONS.suppressions).doc(email).get()).exists).toBe(false);
    expect((await open(code)).html).toContain(`<h1 id="invite-title">${INVITE_COPY.keptTitle}</h1>`);
    expect((await post(urls.redeem, { code })).status).toBe(409);
  });

  it('leave: the signup is declined, the address unsubscribed and suppressed', async () => {
    const { email, code } = await invited('leave');
    expect(await post(urls.decline, { code, choice: 'leave' })).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    expect(await state(email, code)).toMatchObject({
      inviteStatus: 'declined',
      invitation: 'declined',
      history: ['declined', 'invited'],
    });
    const subscriber = await db.collection(COLLECTIONS.subscribers).doc(email).get();
    expect(subscriber.get('unsubscribedAt')).toBeDefined();
    // An unsubscribe: the address is on the suppression list, no more mail of any kind.
    expect((await db.collection(COLLECTIONS.suppressions).doc(email).get()).data()).toMatchObject({
      reason: 'unsubscribe',
      source: 'unsubscribe',
    });
    expect((await open(code)).html).toContain(`<h1 id="invite-title">${INVITE_COPY.leftTitle}</h1>`);
  });
});

describe('a tampered, unknown or malformed code', () => {
  it('shows a clear page and changes nothing', async () => {
    const { email, code } = await invited('tampered');
    const tampered = `${code.slice(0, -1)}${code.endsWith('A') ? 'B' : 'A'}`;
    for (const shown of [tampered, 'short', '']) {
      const page = await open(shown);
      expect(page.status, shown).toBe(404);
      expect(page.html).toContain(`<h1 id="invite-title">${escapeHtml(INVITE_UNKNOWN)}</h1>`);
      expect(page.html).not.toContain('<form');
    }
    expect((await post(urls.redeem, { code: tampered })).status).toBe(404);
    expect((await post(urls.decline, { code: tampered, choice: 'leave' })).status).toBe(404);
    const form = await submit(urls.redeem, { code: tampered });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe(`/invite?code=${tampered}`);
    expect((await post(urls.redeem, { code: 'short' })).status).toBe(400);
    expect(await state(email, code)).toMatchObject({
      inviteStatus: 'invited',
      invitation: 'sent',
      history: ['invited'],
    });
  });

  it('refuses the invitation of a signup no longer on the list (erased), changing nothing', async () => {
    const { email, code } = await invited('erased');
    await db.collection(COLLECTIONS.waitlistSignups).doc(email).delete();
    expect((await open(code)).status).toBe(404);
    expect(await post(urls.redeem, { code })).toMatchObject({ status: 404, body: { error: INVITE_UNKNOWN } });
    expect(await post(urls.decline, { code, choice: 'keep' })).toMatchObject({ status: 404 });
    expect((await invitationRef(db, code).get()).get('state')).toBe('sent');
  });
});
