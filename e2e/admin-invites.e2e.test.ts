// The panel's invitation views in Chromium against the built panel on the emulators: the Invitations
// tab (a wave's live progress; an Admin's wave of a filtered view through inviteWave: its preview, its
// confirmation, the new wave running to its end in the list), the
// signups' invite status filter from the URL, a row's details following its status live (invited →
// joined within the wait) with its history, the funnel in Insights — a Staff member sees no invite
// control and inviteWave refuses them — and axe finds nothing serious on any of them.
// The first wave, the signups' invite fields, a redemption and the history are written here as the
// invitation functions write them (Admin SDK); their own runs are the functions' tests.
import { COLLECTIONS, SIGNUP_SOURCE } from '@silk/schema/constants';
import type { InviteWave } from '@silk/schema/invites';
import { adminSdk } from '@silk/stack/admin-sdk';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMember, uniqueSuffix, type SeededMember, idToken } from './support/admin-session';
import { adminSuite } from './support/admin-suite';
import { seriousViolations } from './support/axe';

const suite = adminSuite();
const suffix = uniqueSuffix();
const DOMAIN = `invites-${suffix}.example.com`;
const INVITED = ['ana', 'bo', 'cy'].map((name) => `${name}@${DOMAIN}`);
const WAITING = `dee@${DOMAIN}`;
/** Expired in an earlier wave: outside the "invited" filter and this wave's funnel. */
const EXPIRED = `eve@${DOMAIN}`;
const WAVE = `e2e-wave-${suffix}`;
const invitedAt = Date.now() - 3_600_000;

let admin: SeededMember;
let staff: SeededMember;
const historyIds: string[] = [];
const db = () => adminSdk().db;
const waveDoc = () => db().collection(COLLECTIONS.inviteWaves).doc(WAVE);
const signupDoc = (email: string) => db().collection(COLLECTIONS.waitlistSignups).doc(email);

async function addHistory(entry: Record<string, unknown>) {
  const ref = await db().collection(COLLECTIONS.inviteHistory).add(entry);
  historyIds.push(ref.id);
}

beforeAll(async () => {
  admin = await seedMember('inviter', ['Admin']);
  staff = await seedMember('invstaff', ['Staff']);
  const batch = db().batch();
  [...INVITED, WAITING, EXPIRED].forEach((email, index) => {
    batch.set(signupDoc(email), {
      email,
      source: SIGNUP_SOURCE,
      ip: '203.0.113.9',
      timestamp: Timestamp.fromMillis(invitedAt - (index + 1) * 86_400_000),
      confirmedAt: Timestamp.fromMillis(invitedAt - 3_600_000),
      updatedAt: FieldValue.serverTimestamp(),
      ...(email === WAITING ? {} : { inviteStatus: 'invited', inviteWave: WAVE, invitedAt }),
      ...(email === EXPIRED ? { inviteStatus: 'expired', inviteWave: `${WAVE}-old` } : {}),
    });
    batch.set(db().collection(COLLECTIONS.subscribers).doc(email), {
      email,
      subscriberId: `e2e-${suffix}-${index}`,
    });
  });
  const wave: InviteWave = {
    target: { kind: 'next', count: 3 },
    includeUnconfirmed: false,
    origin: 'admin',
    createdBy: admin.email,
    createdAt: invitedAt,
    state: 'running',
    total: 3,
    invited: 2,
  };
  batch.set(waveDoc(), wave);
  await batch.commit();
  for (const email of INVITED)
    await addHistory({ email, status: 'invited', at: invitedAt, by: admin.email, waveId: WAVE });
});
afterAll(async () => {
  // What the wave this file starts wrote: its wave, the invitation and the history of its address.
  const started = await db().collection(COLLECTIONS.inviteWaves).where('createdBy', '==', admin.email).get();
  const invitations = await db().collection(COLLECTIONS.invitations).where('email', '==', WAITING).get();
  const history = await db().collection(COLLECTIONS.inviteHistory).where('email', '==', WAITING).get();
  await Promise.all([...started.docs, ...invitations.docs, ...history.docs].map((doc) => doc.ref.delete()));
  await Promise.all([
    ...[...INVITED, WAITING, EXPIRED].flatMap((email) => [
      signupDoc(email).delete(),
      db().collection(COLLECTIONS.subscribers).doc(email).delete(),
    ]),
    waveDoc().delete(),
    ...historyIds.map((id) => db().collection(COLLECTIONS.inviteHistory).doc(id).delete()),
  ]);
});

describe('invitation views (e2e)', () => {
  it("shows an Admin a wave's live progress; previews the filtered view's wave, starts it and follows it to its end; axe-clean", async () => {
    const page = await suite.openSignedIn(admin, `/admin/invitations?q=${DOMAIN}&invite=waiting`);
    await page.getByRole('heading', { level: 2, name: 'Invitations' }).waitFor({ timeout: 20_000 });
    const row = page
      .getByRole('region', { name: 'Invite waves' })
      .getByRole('row')
      .filter({ hasText: admin.email })
      .filter({ hasText: 'The next 3' });
    await row.waitFor({ timeout: 20_000 });
    expect(await row.getByRole('progressbar').getAttribute('value')).toBe('2');
    expect(await row.textContent()).toContain('2 of 3');
    expect(await seriousViolations(page)).toEqual([]);

    await waveDoc().update({ state: 'done', invited: 3, finishedAt: Date.now() });
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('Done: 3 invited');

    await page.getByRole('button', { name: 'Invite everyone in this view' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Invite everyone in this filtered view?' });
    await dialog.getByText('1 person would be invited.').waitFor({ timeout: 20_000 });
    expect(await dialog.getByRole('listitem').allTextContents()).toEqual([WAITING]);
    expect(await dialog.getByRole('button', { name: 'Invite 1' }).isEnabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    // Confirmed: inviteWave starts the wave; it shows in the list and runs to its end, read live.
    await dialog.getByRole('button', { name: 'Invite 1' }).click();
    await dialog.getByRole('button', { name: 'Close' }).waitFor({ timeout: 20_000 });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    const started = page
      .getByRole('region', { name: 'Invite waves' })
      .getByRole('row')
      .filter({ hasText: 'A filtered view' });
    await expect.poll(() => started.first().textContent(), { timeout: 30_000 }).toContain('Done: 1 invited');
    await expect
      .poll(async () => (await signupDoc(WAITING).get()).get('inviteStatus'), { timeout: 15_000 })
      .toBe('invited');
  });

  it("filters by invite status from the URL; a row's details turn joined live with the history; the funnel counts the wave; axe-clean", async () => {
    const page = await suite.openSignedIn(admin, `/admin?q=${DOMAIN}&invite=invited`);
    await page.getByRole('table', { name: 'Waitlist signups' }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('combobox', { name: 'Invitation' }).inputValue()).toBe('invited');
    const details = page.getByRole('button', { name: `Details of ${INVITED[1]}` });
    await details.waitFor({ timeout: 30_000 });
    expect(await page.getByRole('button', { name: `Details of ${EXPIRED}` }).count()).toBe(0);

    await details.click();
    const dialog = page.getByRole('dialog', { name: INVITED[1] });
    await dialog.waitFor();
    const status = dialog
      .locator('dt', { hasText: /^Invitation$/ })
      .locator('xpath=following-sibling::dd[1]');
    expect(await status.textContent()).toBe('Invited');
    const history = dialog.getByRole('list', { name: 'Invitation history' });
    await history.waitFor({ timeout: 15_000 });
    expect(await history.getByRole('listitem').allTextContents()).toEqual([
      expect.stringMatching(
        new RegExp(`^Invited by ${admin.email.replace(/[.]/g, '\\.')}, .* \\(wave ${WAVE}\\)$`),
      ),
    ]);
    expect(await seriousViolations(page)).toEqual([]);

    // The invitation is redeemed (as the redeem function writes it): the open details follow.
    const joinedAt = Date.now();
    await signupDoc(INVITED[1]!).update({
      inviteStatus: 'joined',
      joinedAt,
      updatedAt: FieldValue.serverTimestamp(),
    });
    await addHistory({ email: INVITED[1], status: 'joined', at: joinedAt, by: 'invitee', waveId: WAVE });
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe('Joined');
    await expect.poll(() => history.getByRole('listitem').count(), { timeout: 15_000 }).toBe(2);
    expect(await history.getByRole('listitem').nth(1).textContent()).toMatch(/^Joined by invitee, /);
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'Insights' }).click();
    const funnel = page.getByRole('figure', { name: 'Invitation funnel' });
    await funnel.waitFor({ timeout: 20_000 });
    expect(await seriousViolations(page)).toEqual([]);
    await funnel.getByText('Show data table').click();
    const waveRow = funnel.getByRole('row').filter({ hasText: `(${WAVE})` });
    expect(await waveRow.locator('th, td').allTextContents()).toEqual([
      expect.stringContaining(`(${WAVE})`),
      '3',
      '1',
      '0',
      '0',
      expect.stringMatching(/ h$/),
    ]);
  });

  it('shows a Staff member no invite control, and inviteWave refuses them (403); axe-clean', async () => {
    const page = await suite.openSignedIn(staff, `/admin/invitations?q=${DOMAIN}&invite=waiting`);
    await page.getByRole('heading', { level: 2, name: 'Invitations' }).waitFor({ timeout: 20_000 });
    await page
      .getByRole('region', { name: 'Invite waves' })
      .getByRole('row')
      .filter({ hasText: admin.email })
      .first()
      .waitFor({ timeout: 20_000 });
    expect(
      await page
        .getByRole('button')
        .filter({ hasText: /Invite|Preview|drip/ })
        .count(),
    ).toBe(0);
    expect(await page.getByRole('spinbutton').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`${suite.stack.adminUrl}/admin?q=${DOMAIN}&invite=expired`);
    await page.getByRole('button', { name: `Details of ${EXPIRED}` }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('button', { name: 'Invite this view' }).count()).toBe(0);

    const token = await idToken(staff);
    const refused = await fetch(`${suite.stack.adminUrl}/api/invites/wave`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({
        target: { kind: 'next', count: 1 },
        preview: true,
        requestId: `e2e-${suffix}-staff`,
      }),
    });
    expect(refused.status).toBe(403);
  });
});
