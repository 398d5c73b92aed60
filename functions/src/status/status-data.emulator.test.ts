// "Download my data" against the emulators: the status link's token gives the subscriber's file as an
// attachment (JSON or the page's form); an expired, tampered or other-purpose token, or one whose
// subscriber has left the list, gives the usual refusal and none of the subscriber's data.
import { LINK_EXPIRED, LINK_INVALID } from '@silk/schema/messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { LINK_LIFETIME_SECONDS, signLinkToken } from '../http/link-token';
import { adminServices } from '../shared/admin';
import { subscriberRef } from '../subscribers/subscribers';
import { functionUrl, post, uniqueEmail } from '../../test-support/emulator';
import { EMULATOR_MAIL_TOKEN_SECRET, signUpOnSite } from '../../test-support/mail';

const { db } = adminServices();
let url: string;

beforeAll(async () => {
  url = await functionUrl('statusData');
});

async function subscriber(label: string): Promise<{ email: string; subscriberId: string }> {
  const email = uniqueEmail(label);
  await signUpOnSite(email, { travelFrequency: 'Monthly' });
  const subscriberId = (await subscriberRef(db, email).get()).get('subscriberId') as string;
  return { email, subscriberId };
}

const token = (subscriberId: string, purpose: 'status' | 'unsubscribe' = 'status', now = Date.now()) =>
  signLinkToken(EMULATOR_MAIL_TOKEN_SECRET, purpose, subscriberId, now);

function formPost(body: Record<string, string>) {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body).toString(),
  });
}

describe('statusData (emulator)', () => {
  it("answers the link's subscriber's data as a JSON attachment, to JSON and to the page's form", async () => {
    const { email, subscriberId } = await subscriber('data-file');
    const response = await post(url, { token: token(subscriberId) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="silk-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.body).toMatchObject({
      format: 1,
      email,
      signup: { email, travelFrequency: 'Monthly', subscriberId },
      subscription: { email, subscriberId },
      referrals: { referredBy: null, made: { count: 0 } },
      invitations: [],
    });
    expect(response.text).not.toContain('editKeyHash');

    const form = await formPost({ token: token(subscriberId) });
    expect(form.status).toBe(200);
    expect(form.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(((await form.json()) as { email: string }).email).toBe(email);
  });

  it('refuses an expired, a tampered and an unsubscribe token, and a subscriber no longer on the list', async () => {
    const { email, subscriberId } = await subscriber('data-refused');
    const expired = token(subscriberId, 'status', Date.now() - (LINK_LIFETIME_SECONDS.status + 60) * 1000);
    const valid = token(subscriberId);
    const tampered = `${valid.slice(0, -1)}${valid.endsWith('A') ? 'B' : 'A'}`;
    const cases: [string, number, string][] = [
      [expired, 401, LINK_EXPIRED],
      [tampered, 401, LINK_INVALID],
      [token(subscriberId, 'unsubscribe'), 401, LINK_INVALID],
      [token('no-such-subscriber'), 401, LINK_INVALID],
    ];
    for (const [sent, status, error] of cases) {
      const response = await post(url, { token: sent });
      expect(response.status).toBe(status);
      expect(response.body).toEqual({ error });
      expect(response.text).not.toContain(email);
    }
    // The page's form gets the refusal as a page, without the data.
    const page = await formPost({ token: tampered });
    expect(page.status).toBe(401);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-disposition')).toBeNull();
    expect(await page.text()).not.toContain(email);
  });
});
