// Letting people in, end to end in Chromium on the emulators: an Admin invites the next 3 from the
// Invitations tab → three invitation e-mails arrive in MailDev → one is redeemed on the site (Continue
// moves on to the product's sign-up address) → that row's details in an open panel turn "Joined", and
// the funnel in Insights counts the wave as 3 invited / 1 joined; the same link then says "already used".
// The three are confirmed subscribers who joined in 1950, ahead of every other signup in the emulator, so
// "the next 3" are exactly them whatever else the suite has written.
import { COLLECTIONS, SIGNUP_SOURCE } from '@silk/schema/constants';
import { INVITE_ALREADY_USED } from '@silk/schema/messages';
import { adminSdk } from '@silk/stack/admin-sdk';
import { waitForMailTo } from '@silk/stack/maildev';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMember, uniqueSuffix, type SeededMember } from './support/admin-session';
import { adminSuite } from './support/admin-suite';
import { PRODUCT_SIGNUP_URL, visitorPage } from './support/product-page';
import { textLink } from './support/subscriber-mail';

const suite = adminSuite();
const suffix = uniqueSuffix();
const DOMAIN = `next3-${suffix}.example.com`;
const PEOPLE = ['amy', 'ben', 'cal'].map((name) => `${name}@${DOMAIN}`);
const { db } = adminSdk();
const signupDoc = (email: string) => db.collection(COLLECTIONS.waitlistSignups).doc(email);
let admin: SeededMember;

beforeAll(async () => {
  admin = await seedMember('next3', ['Admin']);
  const batch = db.batch();
  PEOPLE.forEach((email, index) => {
    batch.set(signupDoc(email), {
      email,
      source: SIGNUP_SOURCE,
      ip: '203.0.113.30',
      timestamp: Timestamp.fromMillis(Date.UTC(1950, 0, 1 + index)),
      // Their place in line, as the server records it (seeded as an import of old signups would be).
      firstSignupAt: Timestamp.fromMillis(Date.UTC(1950, 0, 1 + index)),
      confirmedAt: Timestamp.now(),
      updatedAt: FieldValue.serverTimestamp(),
    });
    batch.set(db.collection(COLLECTIONS.subscribers).doc(email), {
      email,
      subscriberId: `next3-${suffix}-${index}`,
    });
  });
  await batch.commit();
});

/** Whether the live ranking index (settings/ranking's version, 0 before any re-rank) has placed `email`. */
async function isPlaced(email: string): Promise<boolean> {
  const version =
    ((await db.collection('settings').doc('ranking').get()).get('version') as number | undefined) ?? 0;
  const entry = await db.doc(`rank_builds/${version}/rank_entries/${email}`).get();
  return entry.exists && entry.get('gone') !== true;
}

afterAll(async () => {
  const found = await Promise.all([
    db.collection(COLLECTIONS.inviteWaves).where('createdBy', '==', admin.email).get(),
    ...PEOPLE.flatMap((email) => [
      db.collection(COLLECTIONS.invitations).where('email', '==', email).get(),
      db.collection(COLLECTIONS.inviteHistory).where('email', '==', email).get(),
    ]),
  ]);
  await Promise.all(found.flatMap((query) => query.docs.map((doc) => doc.ref.delete())));
  await Promise.all(
    PEOPLE.flatMap((email) => [
      signupDoc(email).delete(),
      db.collection(COLLECTIONS.subscribers).doc(email).delete(),
    ]),
  );
});

describe('invite the next 3 (e2e)', () => {
  it('mails three invitations; one redeemed turns its row joined in an open panel; the funnel shows 3 / 1; the link is then used', async () => {
    // "The next 3" follow the live ranking index, which places each signup from its trigger: wait for it.
    await expect
      .poll(async () => (await Promise.all(PEOPLE.map(isPlaced))).every(Boolean), { timeout: 40_000 })
      .toBe(true);
    const tab = await suite.openSignedIn(admin, '/admin/invitations');
    const size = tab.getByRole('spinbutton', { name: 'Invite the next people in line' });
    await size.waitFor({ timeout: 20_000 });
    await size.fill('3');
    await tab.getByRole('button', { name: 'Preview the wave' }).click();
    const dialog = tab.getByRole('alertdialog', { name: 'Invite the next 3?' });
    await dialog.getByRole('button', { name: 'Invite 3' }).waitFor({ timeout: 20_000 });
    expect(await dialog.getByRole('listitem').allTextContents()).toEqual(PEOPLE);
    await dialog.getByRole('button', { name: 'Invite 3' }).click();
    await dialog.getByRole('button', { name: 'Close' }).waitFor({ timeout: 20_000 });
    await dialog.getByRole('button', { name: 'Close' }).click();

    const mails = await Promise.all(PEOPLE.map((email) => waitForMailTo(email, { timeoutMs: 60_000 })));
    expect(mails.map((caught) => caught.length)).toEqual([1, 1, 1]);
    const redeemed = PEOPLE[1] ?? '';
    const link = textLink(mails[1]![0]!, 'Accept my invitation');

    // An open panel, the redeemed person's details showing.
    const panel = await suite.openSignedIn(admin, `/admin?q=${DOMAIN}`);
    await panel.getByRole('button', { name: `Details of ${redeemed}` }).click({ timeout: 30_000 });
    const details = panel.getByRole('dialog', { name: redeemed });
    const status = details
      .locator('dt', { hasText: /^Invitation$/ })
      .locator('xpath=following-sibling::dd[1]');
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe('Invited');

    const visitor = await visitorPage(suite);
    await visitor.goto(link);
    await Promise.all([
      visitor.waitForURL(`${PRODUCT_SIGNUP_URL}?token=*`),
      visitor.getByRole('button', { name: 'Continue to Silk' }).click(),
    ]);
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe('Joined');
    await panel.keyboard.press('Escape');

    const waveId = String((await signupDoc(redeemed).get()).get('inviteWave'));
    await panel.getByRole('link', { name: 'Insights' }).click();
    const funnel = panel.getByRole('figure', { name: 'Invitation funnel' });
    await funnel.waitFor({ timeout: 20_000 });
    await funnel.getByText('Show data table').click();
    const row = funnel.getByRole('row').filter({ hasText: `(${waveId})` });
    expect((await row.locator('th, td').allTextContents()).slice(1, 5)).toEqual(['3', '1', '0', '0']);

    await visitor.goto(link);
    expect(await visitor.getByRole('heading', { level: 1 }).textContent()).toBe(INVITE_ALREADY_USED);
    // The placement wait comes on top of the mail and the panel's own waits.
  }, 150_000);
});
