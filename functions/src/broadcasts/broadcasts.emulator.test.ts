// Broadcasts against the emulators and MailDev: Staff are refused (403) and nothing is sent; bad bodies
// are refused (400); an Admin's test reaches only that Admin; a broadcast reaches the confirmed people of
// the chosen view and nobody suppressed, unsubscribed or erased, every mail with the one-click
// unsubscribe headers and no script or javascript: link; a chunk's run killed midway and resumed sends
// nobody a second mail.
import { COLLECTIONS } from '@silk/schema/constants';
import { mailboxKey } from '@silk/schema/mailbox';
import {
  BROADCAST_REQUEST_INVALID,
  BROADCAST_TEST_SENT,
  BROADCASTS_ADMIN_REQUIRED,
  broadcastQueued,
} from '@silk/schema/messages';
import { readMailDevMessages, waitForMailTo, type CaughtMail } from '@silk/stack/maildev';
import { Timestamp } from 'firebase-admin/firestore';
import type { SendMailOptions } from 'nodemailer';
import { request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { readMailConfig } from '../outbox/mail-config';
import { adminServices } from '../shared/admin';
import { eraseAddress } from '../subscribers/erasure';
import { unsubscribeSubscriber } from '../subscribers/subscription';
import { suppress } from '../suppression/suppression-list';
import { createStaff, functionUrls, post, unique, type TestStaff } from '../../test-support/emulator';
import { EMULATOR_MAIL_TOKEN_SECRET } from '../../test-support/mail';
import { broadcastRef, chunkRef, createBroadcast, type StoredBroadcast } from './broadcast-store';
import { runBroadcastSchedule } from './broadcast-schedule';
import { resumeChunks, sendChunk } from './delivery';

const { db } = adminServices();
const urls = functionUrls({
  list: 'broadcastList',
  reach: 'broadcastReach',
  test: 'broadcastTest',
  send: 'broadcastSend',
});
let admin: TestStaff;
let staff: TestStaff;

const as = (caller: TestStaff, url: string, body: unknown) =>
  post(url, body, { headers: { Authorization: `Bearer ${caller.idToken}` } });

/** A Markdown body with a script, an inline handler and a javascript: link, next to a fine link. */
const HOSTILE_MARKDOWN = [
  '# We are live',
  '',
  'Hello **everyone**. <script>alert(1)</script><img src=x onerror="alert(2)">',
  '',
  '[Click me](javascript:alert(3)) and [our site](https://silk.travel/news).',
].join('\n');

beforeAll(async () => {
  [admin, staff] = await Promise.all([createStaff(['Admin']), createStaff(['Staff'])]);
});

/** Confirmed subscribers (signup + mailing-list entry) whose addresses carry `tag`. */
async function confirmed(tag: string, count: number): Promise<string[]> {
  const emails = Array.from({ length: count }, (_, index) => `${tag}-${index}@broadcasts.test`);
  for (const [index, email] of emails.entries()) {
    const at = Timestamp.fromMillis(Date.UTC(2024, 0, 1) + index * 1000);
    await db
      .collection(COLLECTIONS.subscribers)
      .doc(email)
      .set({ email, subscriberId: `sub-${tag}-${index}`, referralCode: 'abcd2345', confirmedAt: at });
    await db
      .collection(COLLECTIONS.waitlistSignups)
      .doc(email)
      .set({ email, timestamp: at, confirmedAt: at });
  }
  return emails;
}

const viewOf = (tag: string) => ({
  kind: 'view' as const,
  query: new URLSearchParams({ q: tag }).toString(),
});

async function mailTo(email: string): Promise<CaughtMail[]> {
  return (await readMailDevMessages()).filter((mail) => mail.to.some((to) => to.address === email));
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 40_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(250);
  }
}

/** A mail provider's one-click unsubscribe (node:http: fetch refuses some ports a shifted stack uses). */
function postOneClick(url: string): Promise<{ status: number }> {
  const body = 'List-Unsubscribe=One-Click';
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': body.length },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A broadcast to `emails` as one chunk whose run's lease ran out: only an explicit sendChunk takes it (no trigger). */
async function preparedByHand(tag: string, emails: string[]): Promise<string> {
  const { broadcastId } = await createBroadcast(db, {
    subject: `By hand ${tag}`,
    markdown: 'Hi',
    segment: { kind: 'view', query: new URLSearchParams({ q: tag }).toString() },
    requestId: unique('req'),
    by: admin.email,
    // Scheduled far ahead: neither the creation's trigger nor a schedule prepares it.
    sendAt: Date.now() + 3_600_000,
  });
  await chunkRef(db, broadcastId, 0).set({ emails, state: 'running', leaseUntil: 0 });
  await broadcastRef(db, broadcastId).update({ state: 'sending', total: emails.length, chunks: 1 });
  return broadcastId;
}

/** Delivery that records who each mail went to instead of using SMTP. */
function recordingDeps(sent: Map<string, number>) {
  return {
    context: () => ({ config: readMailConfig(), secret: EMULATOR_MAIL_TOKEN_SECRET }),
    transport: () => ({
      sendMail: async (options: SendMailOptions) => {
        for (const { address } of options.to as Array<{ address: string }>) {
          sent.set(address, (sent.get(address) ?? 0) + 1);
        }
        return {};
      },
    }),
    ratePerSecond: 1000,
    leaseMs: 60_000,
  };
}

function expectOneClickAndClean(mail: CaughtMail): void {
  expect(mail.headers['list-unsubscribe']).toMatch(/^<http.*\/api\/unsubscribe\?token=.+>$/);
  expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  for (const part of [mail.html ?? '', mail.text ?? '']) {
    expect(part).not.toMatch(/<script|javascript:|onerror/i);
  }
  expect(mail.html).toContain('<a href="https://silk.travel/news">our site</a>');
  expect(mail.html).toContain('<strong>everyone</strong>');
  expect(mail.text).toContain('our site (https://silk.travel/news)');
}

describe('who may do what', () => {
  it('refuses Staff the reach, the test and the send (403), sending and writing nothing; Staff see the list', async () => {
    const tag = unique('staff-refused');
    const [email] = await confirmed(tag, 1);
    const message = { subject: 'Not from Staff', markdown: 'Hello' };
    const send = { ...message, segment: viewOf(tag), requestId: unique('req') };
    for (const [url, body] of [
      [urls.reach, { segment: viewOf(tag) }],
      [urls.test, message],
      [urls.send, send],
    ] as const) {
      expect(await as(staff, url, body)).toMatchObject({
        status: 403,
        body: { error: BROADCASTS_ADMIN_REQUIRED },
      });
    }
    const made = await db.collection(COLLECTIONS.broadcasts).where('createdBy', '==', staff.email).get();
    expect(made.size).toBe(0);
    expect((await db.collection(COLLECTIONS.mail).where('to', '==', staff.email).get()).size).toBe(0);
    await sleep(1000);
    expect(await mailTo(email as string)).toEqual([]);
    expect(await as(staff, urls.list, {})).toMatchObject({
      status: 200,
      body: { broadcasts: expect.any(Array) },
    });
  });

  it('refuses bad bodies (400) with a clear message', async () => {
    for (const body of [
      { subject: '', markdown: 'x', segment: { kind: 'confirmed' }, requestId: unique('req') },
      { subject: 'x', markdown: '   ', segment: { kind: 'confirmed' }, requestId: unique('req') },
      { subject: 'x', markdown: 'x', segment: { kind: 'everyone' }, requestId: unique('req') },
      { subject: 'x', markdown: 'x', segment: { kind: 'confirmed' }, requestId: 'no' },
      {
        subject: 'x',
        markdown: 'x',
        segment: { kind: 'confirmed' },
        requestId: unique('req'),
        sendAt: 'soon',
      },
    ]) {
      expect(await as(admin, urls.send, body)).toMatchObject({
        status: 400,
        body: { error: BROADCAST_REQUEST_INVALID },
      });
    }
    expect(await as(admin, urls.test, { subject: 'x' })).toMatchObject({
      status: 400,
      body: { error: BROADCAST_REQUEST_INVALID },
    });
  });
});

describe('a test send', () => {
  it('reaches the calling Admin only, sanitised, with the one-click headers; audited', async () => {
    const tag = unique('test-send');
    const [subscriber] = await confirmed(tag, 1);
    const subject = unique('Launch test');
    const answer = await as(admin, urls.test, { subject, markdown: HOSTILE_MARKDOWN });
    expect(answer).toMatchObject({ status: 200, body: { ok: true, message: BROADCAST_TEST_SENT } });
    // Through the mail queue, behind whatever the run's earlier files left to its triggers.
    const [mail] = await waitForMailTo(admin.email, { timeoutMs: 60_000 });
    expect(mail?.subject).toBe(`[Test] ${subject}`);
    expect(mail?.to.map((to) => to.address)).toEqual([admin.email]);
    expectOneClickAndClean(mail as CaughtMail);
    const caught = (await readMailDevMessages()).filter((each) => each.subject === `[Test] ${subject}`);
    expect(caught).toHaveLength(1);
    expect(await mailTo(subscriber as string)).toEqual([]);
    const audit = await db.collection(COLLECTIONS.auditLog).where('actor', '==', admin.email).get();
    expect(audit.docs.map((doc) => doc.get('action'))).toContain('broadcast.tested');
  });
});

describe('a broadcast', () => {
  it('reaches the view’s reachable people once each, never a suppressed, unsubscribed or erased address', async () => {
    const tag = unique('send');
    const [ok1, ok2, suppressed, unsubscribed, erased] = (await confirmed(tag, 5)) as string[];
    await suppress(db, [suppressed as string], { reason: 'bounce', detail: 'test', source: 'mail-event' });
    await unsubscribeSubscriber(db, `sub-${tag}-3`);
    await eraseAddress(db, erased as string, EMULATOR_MAIL_TOKEN_SECRET);
    expect(await as(admin, urls.reach, { segment: viewOf(tag) })).toMatchObject({
      status: 200,
      body: { ok: true, count: 2 },
    });
    const subject = unique('We are live');
    const body = { subject, markdown: HOSTILE_MARKDOWN, segment: viewOf(tag), requestId: unique('req') };
    const [first, second] = await Promise.all([as(admin, urls.send, body), as(admin, urls.send, body)]);
    expect(first).toMatchObject({ status: 200, body: { ok: true, message: broadcastQueued(null) } });
    expect(second.body.broadcastId).toBe(first.body.broadcastId);
    const id = first.body.broadcastId as string;
    const stored = await until(
      async () => (await broadcastRef(db, id).get()).data() as StoredBroadcast | undefined,
      (data) => data?.state === 'done',
    );
    expect(stored).toMatchObject({ state: 'done', total: 2, sent: 2, failed: 0, createdBy: admin.email });
    for (const email of [ok1, ok2] as string[]) {
      const [mail] = await waitForMailTo(email);
      expect(mail?.subject).toBe(subject);
      expectOneClickAndClean(mail as CaughtMail);
    }
    await sleep(1000);
    for (const email of [ok1, ok2] as string[]) expect(await mailTo(email)).toHaveLength(1);
    for (const email of [suppressed, unsubscribed, erased] as string[])
      expect(await mailTo(email)).toEqual([]);
    const audit = await db.collection(COLLECTIONS.auditLog).where('target', '==', `broadcasts/${id}`).get();
    expect(audit.docs.map((doc) => doc.get('action')).sort()).toEqual([
      'broadcast.created',
      'broadcast.sent',
    ]);
    const listed = await as(admin, urls.list, {});
    const view = (listed.body.broadcasts as Array<Record<string, unknown>>).find((each) => each.id === id);
    expect(view).toMatchObject({ subject, total: 2, sent: 2, failed: 0, bounced: 0, unsubscribed: 0 });
  });

  it("counts a one-click unsubscribe from its mail's header in its figures", async () => {
    const tag = unique('figures');
    const [email] = (await confirmed(tag, 1)) as string[];
    const body = { subject: 'Figures', markdown: 'Hi', segment: viewOf(tag), requestId: unique('req') };
    const id = (await as(admin, urls.send, body)).body.broadcastId as string;
    const [mail] = await waitForMailTo(email as string);
    const url = /^<(.+)>$/.exec(mail?.headers['list-unsubscribe'] ?? '')?.[1] ?? '';
    expect(await postOneClick(url)).toMatchObject({ status: 200 });
    const listed = await as(staff, urls.list, {});
    const view = (listed.body.broadcasts as Array<Record<string, unknown>>).find((each) => each.id === id);
    expect(view).toMatchObject({ sent: 1, unsubscribed: 1, bounced: 0 });
  });

  it('skips a person erased after it was prepared', async () => {
    const tag = unique('erased-late');
    const [kept, gone] = (await confirmed(tag, 2)) as string[];
    const broadcastId = await preparedByHand(tag, [kept as string, gone as string]);
    await eraseAddress(db, gone as string, EMULATOR_MAIL_TOKEN_SECRET);
    const sent = new Map<string, number>();
    expect(await sendChunk(db, broadcastId, 0, recordingDeps(sent))).toBe(true);
    const marker = await broadcastRef(db, broadcastId)
      .collection('recipients')
      .doc(mailboxKey(gone as string))
      .get();
    expect(marker.get('state')).toBe('skipped');
    expect([...sent.keys()]).toEqual([kept]);
    expect((await broadcastRef(db, broadcastId).get()).data()).toMatchObject({
      state: 'done',
      sent: 1,
      skipped: 1,
    });
  });
});

describe('an interrupted chunk', () => {
  it('resumes after its lease (the trigger sends the rest) and sends nobody a second mail', async () => {
    const tag = unique('resume');
    const emails = await confirmed(tag, 30);
    const broadcastId = await preparedByHand(tag, emails);
    const sends = new Map<string, number>();
    let now = Date.now();
    let killAfter = 12;
    const deps = {
      ...recordingDeps(sends),
      now: () => now,
      sleep: async () => {
        killAfter -= 1;
        // The process dies between two sends.
        if (killAfter === 0) throw new Error('killed');
      },
    };
    await expect(sendChunk(db, broadcastId, 0, deps)).rejects.toThrow('killed');
    // Not another run's while the killed run's lease holds.
    expect(await sendChunk(db, broadcastId, 0, deps)).toBe(false);
    const halfway = sends.size;
    expect(halfway).toBeGreaterThan(0);
    expect(halfway).toBeLessThan(30);
    now += 120_000;
    expect(await resumeChunks(db, broadcastId, now)).toBe(1);
    await until(
      async () => (await chunkRef(db, broadcastId, 0).get()).get('state') as unknown,
      (state) => state === 'done',
    );
    const markers = await broadcastRef(db, broadcastId).collection('recipients').get();
    expect(markers.size).toBe(30);
    const viaMailDev = (await Promise.all(emails.map(mailTo))).map((mails) => mails.length);
    let reached = 0;
    for (const [index, email] of emails.entries()) {
      const times = (sends.get(email) ?? 0) + (viaMailDev[index] ?? 0);
      expect(times, email).toBeLessThanOrEqual(1);
      reached += times;
    }
    const states = markers.docs.map((doc) => doc.get('state') as string);
    // The killed run's group stays `sending` (sent or not, its outcome unknown): never sent again.
    const unknown = states.filter((state) => state === 'sending').length;
    const resumed = viaMailDev.reduce((sum, count) => sum + count, 0);
    expect(unknown).toBeLessThanOrEqual(20);
    expect(halfway).toBeLessThanOrEqual(unknown);
    expect(states.filter((state) => state === 'sent')).toHaveLength(resumed);
    expect(resumed + unknown).toBe(30);
    expect(reached).toBe(halfway + resumed);
    expect(resumed).toBeGreaterThan(0);
    // The panel shows those whose outcome nobody heard, once the broadcast is done.
    await until(
      async () => (await broadcastRef(db, broadcastId).get()).get('state') as unknown,
      (state) => state === 'done',
    );
    const listed = await as(staff, urls.list, {});
    const view = (listed.body.broadcasts as Array<Record<string, unknown>>).find(
      (each) => each.id === broadcastId,
    );
    expect(view).toMatchObject({ sent: resumed, unknown });
  });
});

describe('a scheduled broadcast', () => {
  it('waits for its time, then is prepared once by the schedule (two runs at once) and sent', async () => {
    const tag = unique('scheduled');
    const emails = await confirmed(tag, 3);
    const sendAt = Date.now() + 5 * 60_000;
    const { broadcastId, scheduled } = await createBroadcast(db, {
      subject: `Scheduled ${tag}`,
      markdown: 'On time',
      segment: viewOf(tag),
      requestId: unique('req'),
      by: admin.email,
      sendAt,
    });
    expect(scheduled).toBe(true);
    const state = async () => ((await broadcastRef(db, broadcastId).get()).data() as StoredBroadcast).state;

    await runBroadcastSchedule(db, sendAt - 60_000);
    expect(await state()).toBe('scheduled');

    await Promise.all([runBroadcastSchedule(db, sendAt + 60_000), runBroadcastSchedule(db, sendAt + 60_000)]);
    const broadcast = await until(
      async () => (await broadcastRef(db, broadcastId).get()).data() as StoredBroadcast,
      (stored) => stored.state === 'done',
    );
    expect(broadcast).toMatchObject({ state: 'done', total: 3, sent: 3, chunks: 1 });
    for (const email of emails) {
      expect(await waitForMailTo(email)).toBeDefined();
      expect(await mailTo(email)).toHaveLength(1);
    }
  });
});
