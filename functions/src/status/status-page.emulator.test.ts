// The private status page and its fresh link against the emulators: the link in the subscriber's e-mail
// opens the page with the ranking's numbers as text (the site's shell from the Hosting emulator); a
// missing, tampered, expired or orphaned token shows the fresh-link form and no numbers; a fresh link is
// e-mailed only to the address itself, and the answer is the same for an address not on the list.
import { COLLECTIONS } from '@silk/schema/constants';
import { LINK_EXPIRED, LINK_INVALID, METHOD_NOT_ALLOWED } from '@silk/schema/messages';
import { maskEmail, REFERRAL_CODE_PATTERN, referralLink } from '@silk/schema/referrals';
import { formatPlace } from '@silk/schema/share-links';
import { waitForMailTo } from '@silk/stack/maildev';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { LINK_LIFETIME_SECONDS, signLinkToken, verifyLinkToken } from '../http/link-token';
import { escapeHtml } from '../http/html-page';
import { STATUS_LINK_LABEL } from '../subscribers/templates/layout';
import { positionOf } from '../ranking/position';
import { adminServices } from '../shared/admin';
import { functionUrl, post, uniqueEmail } from '../../test-support/emulator';
import { EMULATOR_MAIL_TOKEN_SECRET, linkIn, mailDocsTo, signUpOnSite } from '../../test-support/mail';
import { STATUS_COPY } from './status-html';

const { db } = adminServices();
const urls = {} as Record<'page' | 'link', string>;

beforeAll(async () => {
  urls.page = await functionUrl('statusPage');
  urls.link = await functionUrl('statusLink');
});

async function open(
  query: string,
  method = 'GET',
): Promise<{ status: number; html: string; headers: Headers }> {
  const response = await fetch(`${urls.page}${query}`, { method, redirect: 'manual' });
  return { status: response.status, html: await response.text(), headers: response.headers };
}

const tokenOf = (url: string) => new URL(url).searchParams.get('token') ?? '';

/** A subscriber on the site: their status token from the confirmation e-mail's footer, and their id. */
async function join(
  prefix: string,
): Promise<{ email: string; token: string; subscriberId: string; siteOrigin: string }> {
  const email = uniqueEmail(prefix);
  await signUpOnSite(email);
  const [mail] = await waitForMailTo(email);
  const link = linkIn(mail?.text ?? '', STATUS_LINK_LABEL);
  expect(decodeURIComponent(link)).not.toContain(email);
  const token = tokenOf(link);
  return {
    email,
    token,
    subscriberId: verifyLinkToken(EMULATOR_MAIL_TOKEN_SECRET, token, 'status').subject,
    siteOrigin: new URL(link).origin,
  };
}

/** The subscriber's place as the ranking index holds it, once it does. */
async function placed(email: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const position = await positionOf(db, email);
    if (position) return position;
    if (Date.now() > deadline) throw new Error(`${email} has no place in line`);
    await sleep(200);
  }
}

const showsNumbers = (html: string) => html.includes('data-testid="status-place"');

describe('the status page', () => {
  it("shows the subscriber's place, confirmed referrals, link and the masked leaderboard, in the site's shell", async () => {
    const { email, token, siteOrigin } = await join('status');
    const signup = db.collection(COLLECTIONS.waitlistSignups).doc(email);
    const code = (await signup.get()).get('referralCode') as string;
    expect(code).toMatch(REFERRAL_CODE_PATTERN);
    // More than any other test's referrer (bursts credit up to 100), so that it is in the top 10 shown.
    // Put back afterwards: the panel's browser tests expect their own referrer at the leaderboard's top.
    await signup.update({ confirmedReferrals: 5000 });
    try {
      const position = await placed(email);
      const page = await open(`?token=${encodeURIComponent(token)}`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(page.headers.get('cache-control')).toBe('no-store');
      expect(page.headers.get('referrer-policy')).toBe('no-referrer');
      expect(page.html).toContain('<meta name="robots" content="noindex" />');
      expect(page.html).toContain('id="page-modules"');
      // The current place: the page's (read again now: other tests' signups may have joined since).
      const now = await placed(email);
      const shown = [position, now].map(({ place, total }) => `>${formatPlace(place, total)}</p>`);
      expect(shown.some((text) => page.html.includes(text))).toBe(true);
      expect(page.html).toContain('<dd data-testid="status-referrals">5,000</dd>');
      expect(page.html).toContain(
        `data-testid="status-link">${escapeHtml(referralLink(siteOrigin, code))}</p>`,
      );
      expect(page.html).toContain(escapeHtml(maskEmail(email)));
      expect(page.html).not.toContain(email);
    } finally {
      await signup.update({ confirmedReferrals: 0 });
    }
  });

  it('refuses a tampered, an expired and an orphaned token with the fresh-link form and no numbers', async () => {
    const { token, subscriberId } = await join('refused');
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const expired = signLinkToken(
      EMULATOR_MAIL_TOKEN_SECRET,
      'status',
      subscriberId,
      Date.now() - (LINK_LIFETIME_SECONDS.status + 60) * 1000,
    );
    const otherPurpose = signLinkToken(EMULATOR_MAIL_TOKEN_SECRET, 'confirm', subscriberId);
    const orphan = signLinkToken(EMULATOR_MAIL_TOKEN_SECRET, 'status', 'no-such-subscriber-id');
    for (const [query, message] of [
      [`?token=${tampered}`, LINK_INVALID],
      [`?token=${otherPurpose}`, LINK_INVALID],
      [`?token=${orphan}`, LINK_INVALID],
      [`?token=${expired}`, LINK_EXPIRED],
    ] as const) {
      const page = await open(query);
      expect(page.status, query).toBe(401);
      expect(page.html).toContain(`<h1 id="status-title">${escapeHtml(message)}</h1>`);
      expect(page.html).toContain('action="/api/status-link"');
      expect(showsNumbers(page.html)).toBe(false);
    }
    const bare = await open('');
    expect(bare.status).toBe(200);
    expect(bare.html).toContain(STATUS_COPY.freshTitle);
    expect((await open('?sent')).html).toContain(STATUS_COPY.sentTitle);
  });

  it('answers only GET, with a page', async () => {
    const page = await open('', 'POST');
    expect(page.status).toBe(405);
    expect(page.html).toContain(escapeHtml(METHOD_NOT_ALLOWED));
  });
});

describe('a fresh status link', () => {
  it('is e-mailed to the address on the list, and only to it', async () => {
    const { email, subscriberId } = await join('fresh');
    const answer = await post(urls.link, { email: email.toUpperCase() });
    expect(answer).toMatchObject({ status: 200, body: { ok: true } });
    const mails = await waitForMailTo(email, { count: 2 });
    const fresh = mails.find((mail) => mail.subject === 'Your place on the Silk waitlist');
    expect(fresh?.to).toEqual([expect.objectContaining({ address: email })]);
    const link = linkIn(fresh?.text ?? '', 'See my place in line');
    expect(verifyLinkToken(EMULATOR_MAIL_TOKEN_SECRET, tokenOf(link), 'status').subject).toBe(subscriberId);
    expect(showsNumbers((await open(new URL(link).search)).html)).toBe(true);
  });

  it('answers an address not on the list exactly the same, and sends nothing', async () => {
    const stranger = uniqueEmail('stranger');
    const answer = await post(urls.link, { email: stranger });
    expect(answer).toMatchObject({ status: 200, body: { ok: true } });
    await sleep(500);
    expect(await mailDocsTo(stranger)).toHaveLength(0);
    expect((await db.collection(COLLECTIONS.mailWaiting).where('to', '==', stranger).get()).size).toBe(0);
  });

  it('answers the page\'s native form with a redirect to "check your inbox", for any address', async () => {
    for (const email of [uniqueEmail('form-stranger'), (await join('form')).email]) {
      const response = await fetch(urls.link, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email }).toString(),
        redirect: 'manual',
      });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/status?sent');
    }
  });

  it('refuses a malformed address', async () => {
    const answer = await post(urls.link, { email: 'not-an-address' });
    expect(answer.status).toBe(400);
  });
});
