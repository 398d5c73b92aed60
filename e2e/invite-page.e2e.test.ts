// The invitation page on the site, in Chromium on the emulators, with scripts disabled (everything on it
// is a native form): Continue redeems the invitation once and moves on to the product's sign-up address
// with a one-time token, the same link then says "already used"; Not now keeps the place or leaves the
// waitlist; an expired invitation offers to stay on the list; axe finds nothing serious.
import { COLLECTIONS } from '@silk/schema/constants';
import { INVITE_ALREADY_USED, INVITE_EXPIRED, INVITE_UNKNOWN } from '@silk/schema/messages';
import { adminSdk } from '@silk/stack/admin-sdk';
import { createHash, randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { browserSuite } from './support/browser-suite';
import { PRODUCT_SIGNUP_URL, visitorPage } from './support/product-page';
import { seedSignup, uniqueEmail } from './support/site-page';

const suite = browserSuite();
const { db } = adminSdk();
const DAY_MS = 24 * 3600 * 1000;

/** A signup with an invitation as a wave writes it (sent `ageMs` ago, valid 14 days): its address and link. */
async function invited(label: string, ageMs = 0): Promise<{ email: string; link: string }> {
  const email = uniqueEmail(label);
  await seedSignup(email);
  const code = randomBytes(24).toString('base64url');
  const createdAt = Date.now() - ageMs;
  await db
    .collection(COLLECTIONS.waitlistSignups)
    .doc(email)
    .update({ inviteStatus: 'invited', inviteWave: 'e2e', invitedAt: createdAt });
  await db
    .collection(COLLECTIONS.invitations)
    .doc(createHash('sha256').update(code).digest('hex'))
    .create({ email, waveId: 'e2e', createdAt, expiresAt: createdAt + 14 * DAY_MS, state: 'sent' });
  return { email, link: `${suite.stack.siteUrl}/invite?code=${code}` };
}

async function newPage(javaScriptEnabled: boolean): Promise<Page> {
  return visitorPage(suite, { javaScriptEnabled });
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).textContent();
const inviteStatus = async (email: string) =>
  (await db.collection(COLLECTIONS.waitlistSignups).doc(email).get()).get('inviteStatus') as unknown;

describe('the invitation page (e2e)', () => {
  it('has no serious axe violations, open or refused', async () => {
    const { link } = await invited('invite-axe');
    const page = await newPage(true);
    await page.goto(link);
    expect(await heading(page)).toBe('You are invited to Silk');
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${suite.stack.siteUrl}/invite?code=${'A'.repeat(32)}`);
    expect(await heading(page)).toBe(INVITE_UNKNOWN);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('without scripts: Continue redeems once and reaches the product with a token; the link then says already used', async () => {
    const { email, link } = await invited('invite-redeem');
    const page = await newPage(false);
    await page.goto(link);
    await Promise.all([
      page.waitForURL(`${PRODUCT_SIGNUP_URL}?token=*`),
      page.getByRole('button', { name: 'Continue to Silk' }).click(),
    ]);
    expect(new URL(page.url()).searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(await inviteStatus(email)).toBe('joined');

    await page.goto(link);
    expect(await heading(page)).toBe(INVITE_ALREADY_USED);
    expect(await page.getByRole('button', { name: 'Continue to Silk' }).count()).toBe(0);
  });

  it('without scripts: Not now keeps the place, or leaves the waitlist', async () => {
    const kept = await invited('invite-keep');
    const page = await newPage(false);
    await page.goto(kept.link);
    await Promise.all([page.waitForURL(kept.link), page.getByRole('button', { name: 'Not now' }).click()]);
    expect(await heading(page)).toBe('You keep your place');
    expect(await inviteStatus(kept.email)).toBe('waiting');

    const left = await invited('invite-leave');
    await page.goto(left.link);
    await page.getByRole('radio', { name: 'Remove me from the waitlist' }).check();
    await Promise.all([page.waitForURL(left.link), page.getByRole('button', { name: 'Not now' }).click()]);
    expect(await heading(page)).toBe('You have left the waitlist');
    expect(await inviteStatus(left.email)).toBe('declined');
  });

  it('without scripts: an expired invitation offers to stay on the waitlist', async () => {
    const { email, link } = await invited('invite-expired', 15 * DAY_MS);
    const page = await newPage(false);
    await page.goto(link);
    expect(await heading(page)).toBe(INVITE_EXPIRED);
    expect(await page.getByRole('button', { name: 'Continue to Silk' }).count()).toBe(0);
    await Promise.all([
      page.waitForURL(link),
      page.getByRole('button', { name: 'Stay on the waitlist' }).click(),
    ]);
    expect(await heading(page)).toBe('You keep your place');
    expect(await inviteStatus(email)).toBe('waiting');
  });
});
