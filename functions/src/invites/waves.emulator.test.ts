// Waves against the Firestore emulator, in a project of their own (no function is triggered there, so
// each step runs only when the test runs it): a wave interrupted halfway through its batch and run again
// invites each person exactly once, and so do two runs of one chunk at the same time; the same request id
// starts one wave; the drip starts its wave on schedule (an injected clock), once a day; expiry.
import { COLLECTIONS, INVITE_SETTINGS_DOC } from '@silk/schema/constants';
import { setWaitingSubscriber } from '@silk/stack/waiting-line';
import { initializeApp } from 'firebase-admin/app';
import { FieldValue, getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { readMailConfig } from '../outbox/mail-config';
import { unique } from '../../test-support/emulator';
import { runDrip } from './drip';
import { expireInvitations } from './expiry';
import { readInvitation, redeemInvitation } from './invitation-store';
import { processWaveChunk, runWave, startWave, waveRef, type StoredWave, type WaveOptions } from './waves';

let db: Firestore;
const context = () => ({ config: readMailConfig(), secret: 'waves-test-secret' });
const options: WaveOptions = { context, ratePerSecond: 50 };

beforeAll(() => {
  db = getFirestore(initializeApp({ projectId: 'demo-silk-invites' }, 'invites-test'));
});

/** `count` waiting, confirmed subscribers whose addresses carry `tag`, signed up in that order from `since`. */
async function waiting(tag: string, count: number, since = Date.UTC(2024, 0, 1)): Promise<string[]> {
  const emails = Array.from(
    { length: count },
    (_, index) => `${tag}-${String(index).padStart(4, '0')}@invites.test`,
  );
  const batch = db.batch();
  for (const [index, email] of emails.entries())
    setWaitingSubscriber(db, batch, email, Timestamp.fromMillis(since + index * 1000), {
      subscriber: { subscriberId: `sub-${tag}-${index}`, referralCode: 'abcd2345' },
    });
  await batch.commit();
  return emails;
}

const viewOf = (tag: string) => ({
  kind: 'view' as const,
  query: new URLSearchParams({ q: tag }).toString(),
});

/** An Admin's request for a wave to the people whose addresses carry `tag` (a request id of its own). */
const requestFor = (tag: string, includeUnconfirmed = false): Parameters<typeof startWave>[1] => ({
  target: viewOf(tag),
  includeUnconfirmed,
  requestId: unique('req'),
  by: 'admin@silk.test',
  origin: 'admin',
});

/** How many of each thing a person has: invitations, queued mails, markers, 'invited' history entries. */
async function tally(waveId: string, emails: string[]) {
  const [invitations, mails, history, markers] = await Promise.all([
    db.collection(COLLECTIONS.invitations).where('waveId', '==', waveId).get(),
    db.collection(COLLECTIONS.mail).get(),
    db.collection(COLLECTIONS.inviteHistory).where('waveId', '==', waveId).get(),
    waveRef(db, waveId).collection('invited').get(),
  ]);
  const count = (values: unknown[]) => {
    const counts = new Map<string, number>();
    for (const value of values) counts.set(String(value), (counts.get(String(value)) ?? 0) + 1);
    return emails.map((email) => counts.get(email) ?? 0);
  };
  return {
    invitations: count(invitations.docs.map((doc) => doc.get('email'))),
    mails: count(mails.docs.map((doc) => doc.get('to'))),
    history: count(
      history.docs.filter((doc) => doc.get('status') === 'invited').map((doc) => doc.get('email')),
    ),
    markers: count(markers.docs.map((doc) => doc.id)),
  };
}

const wave = async (waveId: string) => (await waveRef(db, waveId).get()).data() as StoredWave;

describe('a wave', () => {
  it('interrupted after half its batch and run again invites each person exactly once', async () => {
    const tag = unique('half');
    const emails = await waiting(tag, 100);
    const { waveId, total } = await startWave(db, requestFor(tag));
    expect(total).toBe(100);

    const crash = async (index: number) => {
      if (index > 0) throw new Error('crash after the first batch');
    };
    await expect(processWaveChunk(db, waveId, { ...options, beforeCommit: crash })).rejects.toThrow('crash');
    const halfway = await tally(waveId, emails);
    expect(halfway.markers.filter((n) => n === 1)).toHaveLength(50);
    expect(halfway.mails.filter((n) => n === 1)).toHaveLength(50);
    expect((await wave(waveId)).cursor).toBe(0);

    await runWave(db, waveId, options);
    const after = await tally(waveId, emails);
    for (const counts of Object.values(after)) expect(counts).toEqual(emails.map(() => 1));
    expect(await wave(waveId)).toMatchObject({ state: 'done', total: 100, invited: 100 });
    const signup = (
      await db
        .collection(COLLECTIONS.waitlistSignups)
        .doc(emails[0] as string)
        .get()
    ).data();
    expect(signup).toMatchObject({ inviteStatus: 'invited', inviteWave: waveId });
  });

  it('run twice at the same time invites each person exactly once', async () => {
    const tag = unique('twice');
    const emails = await waiting(tag, 120);
    const { waveId } = await startWave(db, requestFor(tag));
    await Promise.all([runWave(db, waveId, options), runWave(db, waveId, options)]);
    const after = await tally(waveId, emails);
    for (const counts of Object.values(after)) expect(counts).toEqual(emails.map(() => 1));
    expect(await wave(waveId)).toMatchObject({ state: 'done', invited: 120 });
  });

  it('is one wave for one request id, however often it is sent', async () => {
    const tag = unique('double');
    await waiting(tag, 3);
    const request = requestFor(tag);
    const [first, second] = await Promise.all([startWave(db, request), startWave(db, request)]);
    expect(first.waveId).toBe(second.waveId);
    expect([first.created, second.created].sort()).toEqual([false, true]);
    const again = await startWave(db, request);
    expect(again).toMatchObject({ waveId: first.waveId, total: 3, created: false });
  });

  it('queues mails 1/rate apart with the /invite link and the unsubscribe headers; the code redeems once', async () => {
    const tag = unique('mail');
    const emails = await waiting(tag, 5);
    const { waveId } = await startWave(db, requestFor(tag));
    await runWave(db, waveId, { ...options, ratePerSecond: 4 });
    const mails = (await db.collection(COLLECTIONS.mail).get()).docs
      .map((doc) => doc.data())
      .filter((mail) => emails.includes(mail.to as string));
    expect(mails).toHaveLength(5);
    const slots = mails.map((mail) => mail.sendAt as number).sort((a, b) => a - b);
    for (let index = 1; index < slots.length; index += 1)
      expect((slots[index] as number) - (slots[index - 1] as number)).toBeGreaterThanOrEqual(250);
    const mail = mails[0] as { headers: Record<string, string>; message: { text: string } };
    expect(mail.headers['List-Unsubscribe']).toMatch(/^<https?:\/\/.+\/api\/unsubscribe\?token=.+>$/);
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const code = /\/invite\?code=([A-Za-z0-9_-]{32})/.exec(mail.message.text)?.[1];
    expect(code).toBeDefined();
    expect(mail.message.text).toContain(`/invite?code=${code}#not-now`);
    expect((await readInvitation(db, code)).kind).toBe('valid');
    expect((await redeemInvitation(db, code)).kind).toBe('redeemed');
    expect((await redeemInvitation(db, code)).kind).toBe('redeemed-before');
  });

  it('leaves out the unconfirmed (unless asked), the unsubscribed and the already invited', async () => {
    const tag = unique('skip');
    const [confirmed, unconfirmed, unsubscribed, invited] = await waiting(tag, 4);
    await db
      .collection(COLLECTIONS.waitlistSignups)
      .doc(unconfirmed as string)
      .update({ confirmedAt: FieldValue.delete() });
    await db
      .collection(COLLECTIONS.subscribers)
      .doc(unsubscribed as string)
      .update({ unsubscribedAt: Timestamp.now() });
    await db
      .collection(COLLECTIONS.waitlistSignups)
      .doc(invited as string)
      .update({ inviteStatus: 'invited' });
    const start = (includeUnconfirmed: boolean) => startWave(db, requestFor(tag, includeUnconfirmed));
    const strict = await start(false);
    const members = async (waveId: string) =>
      (await waveRef(db, waveId).collection('members').get()).docs.flatMap(
        (doc) => doc.get('emails') as string[],
      );
    expect(await members(strict.waveId)).toEqual([confirmed]);
    const loose = await start(true);
    expect((await members(loose.waveId)).sort()).toEqual([confirmed, unconfirmed].sort());
  });
});

describe('the drip', () => {
  it('starts the next perDay at its hour (injected clock), once a day, not while paused', async () => {
    await waiting(unique('drip'), 3, Date.UTC(2000, 0, 1));
    await db
      .collection(COLLECTIONS.settings)
      .doc(INVITE_SETTINGS_DOC)
      .set({ enabled: true, perDay: 2, hourUtc: 9 });
    const at = (day: number, hour: number) => Date.UTC(2030, 0, day, hour, 5);
    expect(await runDrip(db, at(1, 8))).toBeNull();
    const first = await runDrip(db, at(1, 9));
    expect(first).not.toBeNull();
    expect(await wave(first as string)).toMatchObject({
      origin: 'drip',
      createdBy: 'drip',
      target: { kind: 'next', count: 2 },
      total: 2,
    });
    expect(await runDrip(db, at(1, 15))).toBeNull();
    const second = await runDrip(db, at(2, 10));
    expect(second).not.toBeNull();
    expect(second).not.toBe(first);
    await db.collection(COLLECTIONS.settings).doc(INVITE_SETTINGS_DOC).update({ enabled: false });
    expect(await runDrip(db, at(3, 10))).toBeNull();
  });
});

describe('expiry', () => {
  it('marks invitations past their expiry, and their signups, expired; a code past expiry reads expired', async () => {
    const tag = unique('expire');
    const [email] = await waiting(tag, 1);
    const { waveId } = await startWave(db, requestFor(tag));
    await runWave(db, waveId, options);
    const invitation = (await db.collection(COLLECTIONS.invitations).where('waveId', '==', waveId).get())
      .docs[0];
    const later = (invitation?.get('expiresAt') as number) + 1;
    expect(await expireInvitations(db, later)).toBeGreaterThanOrEqual(1);
    expect((await invitation?.ref.get())?.get('state')).toBe('expired');
    expect(
      (
        await db
          .collection(COLLECTIONS.waitlistSignups)
          .doc(email as string)
          .get()
      ).get('inviteStatus'),
    ).toBe('expired');
  });
});
