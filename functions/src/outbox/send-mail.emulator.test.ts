// The mail queue against the emulators and MailDev: the Firestore trigger delivers over SMTP and writes
// the extension's delivery states back; with SMTP down the mail stays queued (attempts and error
// recorded, the signup unaffected) and the redrive delivers it once SMTP is back.
import { COLLECTIONS } from '@silk/schema/constants';
import { mailDevUrl, startMailDev, stopMailDev, waitForMailTo } from '@silk/stack/maildev';
import { Timestamp, type DocumentData } from 'firebase-admin/firestore';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { adminServices } from '../shared/admin';
import { redriveMail } from './mail-redrive';
import { uniqueEmail } from '../../test-support/emulator';
import { deliveryState, queuedMailTo, signUpOnSite, waitForDoc } from '../../test-support/mail';

const { db } = adminServices();
const MESSAGE = { subject: 'Queue test', text: 'Plain part.', html: '<p>HTML part.</p>' };
const settled = (data: DocumentData | undefined) =>
  ['SUCCESS', 'ERROR'].includes(deliveryState(data) as string);

afterAll(async () => {
  // Whatever happened above, the stack's MailDev runs again for the layers after this file.
  const running = await fetch(`${mailDevUrl()}/healthz`).then(
    (response) => response.ok,
    () => false,
  );
  if (!running) await startMailDev(undefined, { keepMail: true });
});

describe('sendMail', () => {
  it('delivers a queued mail: PENDING → PROCESSING → SUCCESS, one attempt, headers kept', async () => {
    const to = uniqueEmail('queue');
    const ref = db.collection(COLLECTIONS.mail).doc();
    const states: unknown[] = [];
    const stop = ref.onSnapshot((snapshot) => states.push(deliveryState(snapshot.data())));
    await ref.set({ to, message: MESSAGE, headers: { 'X-Silk-Test': 'queue' } });
    const data = await waitForDoc(ref, settled);
    stop();
    expect(data?.delivery).toMatchObject({ state: 'SUCCESS', attempts: 1, error: null });
    expect(data?.delivery.startTime).toBeInstanceOf(Timestamp);
    expect(data?.delivery.endTime).toBeInstanceOf(Timestamp);
    expect(data?.delivery.leaseExpireTime).toBeUndefined();
    expect(data?.delivery.info).toMatchObject({ accepted: [to], rejected: [] });
    // Snapshots may skip a state, never reorder them.
    const positions = states
      .filter((state) => state !== undefined)
      .map((state) => ['PENDING', 'PROCESSING', 'SUCCESS'].indexOf(state as string));
    expect(positions.at(-1)).toBe(2);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));

    const [caught] = await waitForMailTo(to);
    expect(caught?.subject).toBe(MESSAGE.subject);
    expect(caught?.text?.trim()).toBe(MESSAGE.text);
    expect(caught?.html).toContain('<p>HTML part.</p>');
    expect(caught?.headers['x-silk-test']).toBe('queue');
    expect(caught?.from[0]?.address).toBe('hello@silk.travel');
  });

  it('marks a mail it cannot send as ERROR for good (no retry planned)', async () => {
    const ref = db.collection(COLLECTIONS.mail).doc();
    await ref.set({ message: MESSAGE }); // no recipient
    const data = await waitForDoc(ref, settled);
    expect(data?.delivery).toMatchObject({ state: 'ERROR', attempts: 0 });
    expect(data?.delivery.error).toMatch(/no recipient/);
    expect(data?.delivery.nextAttemptAt).toBeUndefined();
  });

  it('keeps the mail queued while SMTP is down, the signup unaffected, and delivers it when SMTP is back', async () => {
    const email = uniqueEmail('smtp-down');
    await stopMailDev();
    let failed: DocumentData | undefined;
    try {
      await signUpOnSite(email); // 200: the signup does not wait for mail
      const ref = await queuedMailTo(email);
      failed = await waitForDoc(ref, settled);
      expect(failed?.delivery).toMatchObject({ state: 'ERROR', attempts: 2 }); // MAIL_SEND_TRIES=2 in the emulator
      expect(failed?.delivery.error).toMatch(/ECONNREFUSED|connect/i);
      expect(failed?.delivery.nextAttemptAt).toBeInstanceOf(Timestamp);
      expect((await db.collection(COLLECTIONS.waitlistSignups).doc(email).get()).exists).toBe(true);
      expect((await db.collection(COLLECTIONS.subscribers).doc(email).get()).exists).toBe(true);

      // Still down when the redrive comes: another run, more attempts, still queued.
      await sleep(Math.max(0, (failed?.delivery.nextAttemptAt as Timestamp).toMillis() - Date.now()) + 50);
      expect(await redriveMail(db)).toBeGreaterThanOrEqual(1);
      const again = await waitForDoc(ref, (data) => settled(data) && data?.delivery.attempts === 4);
      expect(again?.delivery).toMatchObject({ state: 'ERROR', attempts: 4 });
      failed = again;
    } finally {
      await startMailDev(undefined, { keepMail: true });
    }
    const ref = await queuedMailTo(email);
    await sleep(Math.max(0, (failed?.delivery.nextAttemptAt as Timestamp).toMillis() - Date.now()) + 50);
    expect(await redriveMail(db)).toBeGreaterThanOrEqual(1);
    const delivered = await waitForDoc(ref, (data) => deliveryState(data) === 'SUCCESS');
    expect(delivered?.delivery).toMatchObject({ state: 'SUCCESS', attempts: 5, error: null });
    expect(delivered?.delivery.nextAttemptAt).toBeUndefined();
    const [caught] = await waitForMailTo(email);
    expect(caught?.subject).toBe('Confirm your spot on the Silk waitlist');
  });

  it('takes up a run that never finished once its lease has passed', async () => {
    const to = uniqueEmail('lease');
    const ref = db.collection(COLLECTIONS.mail).doc();
    await ref.set({
      to,
      message: MESSAGE,
      headers: {},
      delivery: {
        state: 'PROCESSING',
        attempts: 1,
        leaseExpireTime: Timestamp.fromMillis(Date.now() - 1000),
      },
    });
    expect(await redriveMail(db)).toBeGreaterThanOrEqual(1);
    const data = await waitForDoc(ref, (value) => deliveryState(value) === 'SUCCESS');
    expect(data?.delivery.attempts).toBe(2);
    await waitForMailTo(to);
  });
});
