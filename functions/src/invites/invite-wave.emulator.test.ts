// inviteWave and inviteDrip over HTTP against the Functions emulator: Staff (not Admin) are refused (403)
// and nothing is written; an Admin's preview invites nobody; the same request sent twice at once starts
// one wave (one audit entry), which the trigger processes to the end: each person invited once, with an
// invitation e-mail in the queue; the drip settings are saved and audited.
import { COLLECTIONS, INVITE_SETTINGS_DOC } from '@silk/schema/constants';
import {
  ID_TOKEN_MISSING,
  INVITES_ADMIN_REQUIRED,
  inviteDripSaved,
  inviteWaveStarted,
} from '@silk/schema/messages';
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminServices } from '../shared/admin';
import { createStaff, functionUrl, post, unique, type TestStaff } from '../../test-support/emulator';

const { db } = adminServices();
let waveUrl: string;
let dripUrl: string;
let admin: TestStaff;
let staff: TestStaff;

const as = (caller: TestStaff, url: string, body: unknown) =>
  post(url, body, { headers: { Authorization: `Bearer ${caller.idToken}` } });

beforeAll(async () => {
  [waveUrl, dripUrl] = await Promise.all([functionUrl('inviteWave'), functionUrl('inviteDrip')]);
  [admin, staff] = await Promise.all([createStaff(['Admin']), createStaff(['Staff'])]);
});

async function waiting(tag: string, count: number): Promise<string[]> {
  const emails = Array.from({ length: count }, (_, index) => `${tag}-${index}@invites.test`);
  for (const [index, email] of emails.entries()) {
    const at = Timestamp.fromMillis(Date.UTC(2024, 0, 1) + index * 1000);
    await db
      .collection(COLLECTIONS.subscribers)
      .doc(email)
      .set({ email, subscriberId: `sub-${tag}-${index}`, referralCode: 'abcd2345' });
    await db
      .collection(COLLECTIONS.waitlistSignups)
      .doc(email)
      .set({ email, timestamp: at, confirmedAt: at });
  }
  return emails;
}

const viewOf = (tag: string) => ({ kind: 'view', query: new URLSearchParams({ q: tag }).toString() });
const statuses = async (emails: string[]) =>
  Promise.all(
    emails.map(
      async (email) =>
        (await db.collection(COLLECTIONS.waitlistSignups).doc(email).get()).get('inviteStatus') as unknown,
    ),
  );

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('inviteWave', () => {
  it('refuses anyone but an Admin (Staff: 403), inviting nobody', async () => {
    const tag = unique('refused');
    const emails = await waiting(tag, 2);
    const body = { target: viewOf(tag), requestId: unique('req') };
    expect(await post(waveUrl, body)).toMatchObject({ status: 401, body: { error: ID_TOKEN_MISSING } });
    expect(await as(staff, waveUrl, body)).toMatchObject({
      status: 403,
      body: { error: INVITES_ADMIN_REQUIRED },
    });
    expect(await as(staff, dripUrl, { enabled: true, perDay: 5, hourUtc: 9 })).toMatchObject({
      status: 403,
      body: { error: INVITES_ADMIN_REQUIRED },
    });
    expect(await statuses(emails)).toEqual([undefined, undefined]);
  });

  it('previews without inviting: the count, the first addresses, fewer than asked', async () => {
    const tag = unique('preview');
    const emails = await waiting(tag, 3);
    const answer = await as(admin, waveUrl, { target: viewOf(tag), preview: true, requestId: unique('req') });
    expect(answer).toMatchObject({
      status: 200,
      body: { ok: true, preview: { count: 3, fewerThanAsked: false } },
    });
    expect([...(answer.body.preview as { first: string[] }).first].sort()).toEqual(emails);
    expect(await statuses(emails)).toEqual([undefined, undefined, undefined]);
  });

  it('starts one wave for a request sent twice; each person is invited once, with an e-mail', async () => {
    const tag = unique('double');
    const emails = await waiting(tag, 3);
    const body = { target: viewOf(tag), requestId: unique('req') };
    const [first, second] = await Promise.all([as(admin, waveUrl, body), as(admin, waveUrl, body)]);
    expect(first).toMatchObject({ status: 200, body: { ok: true, total: 3, message: inviteWaveStarted(3) } });
    expect(second.body.waveId).toBe(first.body.waveId);
    const waveId = first.body.waveId as string;
    const wave = await until(
      async () => (await db.collection(COLLECTIONS.inviteWaves).doc(waveId).get()).data(),
      (data) => data?.state === 'done',
    );
    expect(wave).toMatchObject({
      state: 'done',
      total: 3,
      invited: 3,
      origin: 'admin',
      createdBy: admin.email,
    });
    expect(await statuses(emails)).toEqual(['invited', 'invited', 'invited']);
    const invitations = await db.collection(COLLECTIONS.invitations).where('waveId', '==', waveId).get();
    expect(invitations.docs.map((doc) => doc.get('email')).sort()).toEqual(emails);
    for (const email of emails) {
      const mails = await db.collection(COLLECTIONS.mail).where('to', '==', email).get();
      expect(mails.size).toBe(1);
    }
    const audit = await db
      .collection(COLLECTIONS.auditLog)
      .where('target', '==', `invite_waves/${waveId}`)
      .get();
    expect(audit.docs.map((doc) => doc.get('action'))).toEqual(['invites.wave']);
  });
});

describe('inviteDrip', () => {
  it('saves the drip settings for an Admin, audited', async () => {
    const answer = await as(admin, dripUrl, { enabled: false, perDay: 25, hourUtc: 7 });
    expect(answer).toMatchObject({ status: 200, body: { ok: true, message: inviteDripSaved(false, 25, 7) } });
    expect((await db.collection(COLLECTIONS.settings).doc(INVITE_SETTINGS_DOC).get()).data()).toMatchObject({
      enabled: false,
      perDay: 25,
      hourUtc: 7,
    });
    const audit = await db.collection(COLLECTIONS.auditLog).where('action', '==', 'invites.drip').get();
    expect(
      audit.docs.some(
        (doc) => doc.get('actor') === admin.email || JSON.stringify(doc.data()).includes(admin.email),
      ),
    ).toBe(true);
  });
});
