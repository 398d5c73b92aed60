// importStart, importChunk and importList over HTTP against the Functions emulator: anyone but an Admin
// is refused and nothing is written; an import is started once (one audit entry) and resumed with the same
// file only; a chunk sent twice is written once; an address already on the waitlist is merged into its
// one record (the earlier signup time and first signup time kept, only missing answers filled); new rows
// keep their original signup time, which is also their first; no mail is queued unless the import asks
// for confirmation mails (then for new addresses only); an import interrupted and resumed leaves no
// duplicate; a mailbox erased on request is skipped and reported, and its owner can still sign up again
// on the site.
import { COLLECTIONS } from '@silk/schema/constants';
import { IMPORT_CHUNK_ROWS, type ImportRow } from '@silk/schema/imports';
import {
  ID_TOKEN_MISSING,
  IMPORT_FILE_CHANGED,
  IMPORT_NOT_FOUND,
  IMPORT_REQUEST_INVALID,
  IMPORTS_ADMIN_REQUIRED,
} from '@silk/schema/messages';
import { Timestamp } from 'firebase-admin/firestore';
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { signLinkToken } from '../http/link-token';
import { adminServices } from '../shared/admin';
import { createStaff, functionUrl, post, unique, type TestStaff } from '../../test-support/emulator';
import { EMULATOR_MAIL_TOKEN_SECRET, signUpOnSite } from '../../test-support/mail';

const { db } = adminServices();
let urls: Record<'start' | 'chunk' | 'list', string>;
let admin: TestStaff;
let staff: TestStaff;

beforeAll(async () => {
  const [start, chunk, list] = await Promise.all([
    functionUrl('importStart'),
    functionUrl('importChunk'),
    functionUrl('importList'),
  ]);
  urls = { start, chunk, list };
  [admin, staff] = await Promise.all([createStaff(['Admin']), createStaff(['Staff'])]);
});

const as = (caller: TestStaff | null, url: string, body: unknown) =>
  post(url, body, caller ? { headers: { Authorization: `Bearer ${caller.idToken}` } } : {});
const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const MAPPING = {
  Email: 'email',
  Joined: 'timestamp',
  Source: 'source',
  'Travel Frequency': 'travelFrequency',
  'Social Media': 'socialMedia',
};
const importId = () => unique('imp').replace(/[^A-Za-z0-9_-]/g, '');
const at = (iso: string) => Date.parse(iso);

function startBody(id: string, rows: number, extra: Record<string, unknown> = {}) {
  return { importId: id, fileName: 'other-tool.csv', fileSha256: sha(id), mapping: MAPPING, rows, ...extra };
}

const signup = async (email: string) =>
  (await db.collection(COLLECTIONS.waitlistSignups).doc(email).get()).data();
const millis = (value: unknown) => (value as Timestamp).toMillis();
async function mailsTo(emails: string[]): Promise<number> {
  let total = 0;
  for (const email of emails) {
    const [queued, waiting] = await Promise.all([
      db.collection(COLLECTIONS.mail).where('to', '==', email).count().get(),
      db.collection(COLLECTIONS.mailWaiting).where('to', '==', email).count().get(),
    ]);
    total += queued.data().count + waiting.data().count;
  }
  return total;
}

describe('refusals', () => {
  it('refuses callers without a token (401) and Staff (403), writing nothing', async () => {
    const id = importId();
    expect(await as(null, urls.start, startBody(id, 1))).toMatchObject({
      status: 401,
      body: { error: ID_TOKEN_MISSING },
    });
    expect(await as(staff, urls.start, startBody(id, 1))).toMatchObject({
      status: 403,
      body: { error: IMPORTS_ADMIN_REQUIRED },
    });
    const rows = [{ line: 2, email: `${id}@import.test` }];
    expect(await as(staff, urls.chunk, { importId: id, index: 0, rows })).toMatchObject({
      status: 403,
      body: { error: IMPORTS_ADMIN_REQUIRED },
    });
    expect(await as(staff, urls.list, {})).toMatchObject({
      status: 403,
      body: { error: IMPORTS_ADMIN_REQUIRED },
    });
    expect((await db.collection(COLLECTIONS.imports).doc(id).get()).exists).toBe(false);
    expect(await signup(`${id}@import.test`)).toBeUndefined();
  });

  it('refuses a malformed start (400): no address column, a field an import does not write, a bad hash', async () => {
    const id = importId();
    for (const body of [
      startBody(id, 1, { mapping: { Joined: 'timestamp' } }),
      startBody(id, 1, { mapping: { Email: 'email', Other: 'email' } }),
      startBody(id, 1, { mapping: { Email: 'email', Confirmed: 'confirmedAt' } }),
      startBody(id, 1, { fileSha256: 'abc' }),
      startBody(id, 0),
    ]) {
      expect(await as(admin, urls.start, body)).toMatchObject({
        status: 400,
        body: { error: IMPORT_REQUEST_INVALID },
      });
    }
    expect((await db.collection(COLLECTIONS.imports).doc(id).get()).exists).toBe(false);
  });

  it('refuses a chunk of an unknown import (404) and one that is not the chunk asked for (400)', async () => {
    const missing = importId();
    const row = { line: 2, email: `${missing}@import.test` };
    expect(await as(admin, urls.chunk, { importId: missing, index: 0, rows: [row] })).toMatchObject({
      status: 404,
      body: { error: IMPORT_NOT_FOUND },
    });
    const id = importId();
    expect((await as(admin, urls.start, startBody(id, 2))).status).toBe(200);
    const rows = [{ line: 2, email: `a-${id}@import.test` }];
    for (const body of [
      { importId: id, index: 0, rows }, // one row where the chunk has two
      { importId: id, index: 1, rows: [...rows, { line: 3, email: `b-${id}@import.test` }] }, // no chunk 1
      {
        importId: id,
        index: 0,
        rows: [
          { ...rows[0], answers: { confirmedAt: 'x' } },
          { line: 3, email: `b-${id}@import.test` },
        ],
      },
    ]) {
      expect(await as(admin, urls.chunk, body)).toMatchObject({
        status: 400,
        body: { error: IMPORT_REQUEST_INVALID },
      });
    }
    expect(await signup(`a-${id}@import.test`)).toBeUndefined();
    expect((await db.collection(COLLECTIONS.imports).doc(id).get()).data()).toMatchObject({
      doneChunks: [],
      imported: 0,
    });
  });
});

describe('importStart', () => {
  it('starts an import once (one audit entry), resumes it with the same file, refuses another file (409)', async () => {
    const id = importId();
    const first = await as(admin, urls.start, startBody(id, 3));
    expect(first).toMatchObject({
      status: 200,
      body: {
        import: {
          id,
          rows: 3,
          chunks: 1,
          doneChunks: [],
          status: 'running',
          startedBy: admin.email,
          sendConfirmation: false,
        },
      },
    });
    const again = await as(
      admin,
      urls.start,
      startBody(id, 3, { sendConfirmation: true, mapping: { Email: 'email' } }),
    );
    expect(again.body).toEqual(first.body);
    expect(
      await as(admin, urls.start, { ...startBody(id, 3), fileSha256: sha('another file') }),
    ).toMatchObject({
      status: 409,
      body: { error: IMPORT_FILE_CHANGED },
    });
    expect(await as(admin, urls.start, startBody(id, 4))).toMatchObject({
      status: 409,
      body: { error: IMPORT_FILE_CHANGED },
    });
    const stored = (await db.collection(COLLECTIONS.imports).doc(id).get()).data();
    expect(stored).toMatchObject({ rows: 3, fileSha256: sha(id), mapping: MAPPING, sendConfirmation: false });
    const audit = await db.collection(COLLECTIONS.auditLog).where('target', '==', `imports/${id}`).get();
    expect(audit.docs.map((doc) => [doc.get('action'), doc.get('actor')])).toEqual([
      ['import.started', admin.email],
    ]);
    const list = await as(admin, urls.list, {});
    expect((list.body.imports as Array<{ id: string }>).some((entry) => entry.id === id)).toBe(true);
  });
});

describe('importChunk', () => {
  it('writes new rows with their original time, marked, with no mail; a chunk sent twice is written once', async () => {
    const id = importId();
    const rows: ImportRow[] = [
      {
        line: 2,
        email: `old-${id}@import.test`,
        timestamp: '2023-04-05T06:07:08Z',
        source: 'newsletter',
        answers: { travelFrequency: 'Monthly or more' },
      },
      { line: 3, email: `secs-${id}@import.test`, timestamp: String(at('2022-01-01T00:00:00Z') / 1000) },
      { line: 4, email: `bad-${id}`, timestamp: '2022-01-01' },
    ];
    expect((await as(admin, urls.start, startBody(id, 3))).status).toBe(200);
    const first = await as(admin, urls.chunk, { importId: id, index: 0, rows });
    expect(first).toMatchObject({
      status: 200,
      body: {
        alreadyDone: false,
        imported: 2,
        merged: 0,
        rejected: [{ line: 4, email: `bad-${id}`, problems: ['email-invalid'] }],
      },
    });
    expect(first.body.import).toMatchObject({
      status: 'done',
      doneChunks: [0],
      imported: 2,
      merged: 0,
      rejected: 1,
    });
    const old = await signup(`old-${id}@import.test`);
    expect(old).toMatchObject({
      email: `old-${id}@import.test`,
      importId: id,
      utmSource: 'newsletter',
      travelFrequency: 'Monthly or more',
    });
    expect(millis(old?.timestamp)).toBe(at('2023-04-05T06:07:08Z'));
    expect(millis(old?.firstSignupAt)).toBe(at('2023-04-05T06:07:08Z'));
    expect(old?.updatedAt).toBeInstanceOf(Timestamp);
    expect(millis((await signup(`secs-${id}@import.test`))?.timestamp)).toBe(at('2022-01-01T00:00:00Z'));
    expect(await signup(`bad-${id}`)).toBeUndefined();

    const again = await as(admin, urls.chunk, { importId: id, index: 0, rows });
    expect(again).toMatchObject({ status: 200, body: { alreadyDone: true, rejected: [] } });
    expect(again.body.import).toMatchObject({ imported: 2, merged: 0, rejected: 1, doneChunks: [0] });
    expect(millis((await signup(`old-${id}@import.test`))?.updatedAt)).toBe(millis(old?.updatedAt));
    const subscribers = await db
      .collection(COLLECTIONS.subscribers)
      .where('email', 'in', [`old-${id}@import.test`, `secs-${id}@import.test`])
      .get();
    expect(subscribers.size).toBe(0);
    expect(await mailsTo([`old-${id}@import.test`, `secs-${id}@import.test`])).toBe(0);
  });

  it('merges an address already on the waitlist into its one record: the earlier time, only missing answers', async () => {
    const id = importId();
    const later = `later-${id}@import.test`;
    const earlier = `earlier-${id}@import.test`;
    await signUpOnSite(later, { travelFrequency: 'Once a year or less' });
    await db
      .collection(COLLECTIONS.waitlistSignups)
      .doc(earlier)
      .set({ email: earlier, timestamp: Timestamp.fromMillis(at('2020-01-01T00:00:00Z')), utmSource: 'ads' });
    const mailsBefore = await mailsTo([later, earlier]);
    const rows: ImportRow[] = [
      {
        line: 2,
        email: later.toUpperCase(),
        timestamp: '2021-06-01T00:00:00Z',
        source: 'newsletter',
        answers: { travelFrequency: 'Monthly or more', socialMedia: '@later' },
      },
      { line: 3, email: earlier, timestamp: '2021-06-01T00:00:00Z', source: 'newsletter' },
    ];
    expect((await as(admin, urls.start, startBody(id, 2, { sendConfirmation: true }))).status).toBe(200);
    const answer = await as(admin, urls.chunk, { importId: id, index: 0, rows });
    expect(answer).toMatchObject({ status: 200, body: { imported: 0, merged: 2, rejected: [] } });
    const merged = await signup(later);
    expect(millis(merged?.timestamp)).toBe(at('2021-06-01T00:00:00Z'));
    expect(millis(merged?.firstSignupAt)).toBe(at('2021-06-01T00:00:00Z'));
    expect(merged).toMatchObject({
      travelFrequency: 'Once a year or less',
      socialMedia: '@later',
      utmSource: 'newsletter',
      ip: '203.0.113.9',
    });
    expect(merged?.importId).toBeUndefined();
    const kept = await signup(earlier);
    expect(millis(kept?.timestamp)).toBe(at('2020-01-01T00:00:00Z'));
    expect(millis(kept?.firstSignupAt)).toBe(at('2020-01-01T00:00:00Z'));
    expect(kept?.utmSource).toBe('ads');
    const records = await db
      .collection(COLLECTIONS.waitlistSignups)
      .where('email', 'in', [later, earlier])
      .get();
    expect(records.size).toBe(2);
    // Merged addresses are not new: no confirmation mail, even though the import sends them.
    expect(await mailsTo([later, earlier])).toBe(mailsBefore);
  });

  it("skips and reports the mailboxes erased on request (the e-mail's link, an Admin's delete), however spelt", async () => {
    const id = importId();
    const selfErased = `${id}@gmail.com`;
    const deleted = `deleted-${id}@import.test`;
    const fresh = `fresh-${id}@import.test`;
    await signUpOnSite(selfErased);
    await signUpOnSite(deleted);
    const subscriberId = String(
      (await db.collection(COLLECTIONS.subscribers).doc(selfErased).get()).get('subscriberId'),
    );
    const eraseToken = signLinkToken(EMULATOR_MAIL_TOKEN_SECRET, 'erase', subscriberId);
    expect((await post(await functionUrl('eraseSubscriber'), { token: eraseToken })).status).toBe(200);
    expect((await as(admin, await functionUrl('deleteSignup'), { email: deleted })).status).toBe(200);
    // Remembered without the address.
    const remembered = await db.collection(COLLECTIONS.erasedMailboxes).get();
    expect(JSON.stringify(remembered.docs.map((doc) => [doc.id, doc.data()]))).not.toContain(id);

    const rows: ImportRow[] = [
      { line: 2, email: `${id.toUpperCase()}+old@googlemail.com`, timestamp: '2021-06-01T00:00:00Z' },
      { line: 3, email: deleted, timestamp: '2021-06-01T00:00:00Z' },
      { line: 4, email: fresh, timestamp: '2021-06-01T00:00:00Z' },
    ];
    expect((await as(admin, urls.start, startBody(id, 3))).status).toBe(200);
    const answer = await as(admin, urls.chunk, { importId: id, index: 0, rows });
    expect(answer).toMatchObject({ status: 200, body: { imported: 1, merged: 0, erased: 2, rejected: [] } });
    expect(answer.body.import).toMatchObject({ imported: 1, erased: 2, status: 'done' });
    const listed = await as(admin, urls.list, {});
    expect(
      (listed.body.imports as { id: string; erased: number }[]).find((entry) => entry.id === id)?.erased,
    ).toBe(2);
    for (const email of [selfErased, `${id}+old@googlemail.com`, deleted])
      expect(await signup(email)).toBeUndefined();
    expect(await signup(fresh)).toBeDefined();

    // The owner signing up again on the site is a new consent: not blocked.
    await signUpOnSite(selfErased);
    expect(await signup(selfErased)).toBeDefined();
  });

  it('queues the confirmation mail of each new address when the import asks for it', async () => {
    const id = importId();
    const emails = [`one-${id}@import.test`, `two-${id}@import.test`];
    expect((await as(admin, urls.start, startBody(id, 2, { sendConfirmation: true }))).status).toBe(200);
    const rows = emails.map((email, index) => ({ line: index + 2, email, timestamp: '2024-01-01' }));
    expect(await as(admin, urls.chunk, { importId: id, index: 0, rows })).toMatchObject({
      status: 200,
      body: { imported: 2 },
    });
    expect(await mailsTo(emails)).toBe(2);
    for (const email of emails) {
      expect((await db.collection(COLLECTIONS.subscribers).doc(email).get()).exists).toBe(true);
      expect((await signup(email))?.consent).toMatchObject({ form: 'import' });
    }
    // Sent again: nothing written, no second mail.
    expect(await as(admin, urls.chunk, { importId: id, index: 0, rows })).toMatchObject({
      status: 200,
      body: { alreadyDone: true },
    });
    expect(await mailsTo(emails)).toBe(2);
  });

  it('resumes an interrupted import without duplicates: chunks already written answer alreadyDone', async () => {
    const id = importId();
    const total = IMPORT_CHUNK_ROWS * 2 + 3;
    const rows: ImportRow[] = Array.from({ length: total }, (_, index) => ({
      line: index + 2,
      email: `r${index}-${id}@import.test`,
      timestamp: new Date(at('2024-01-01T00:00:00Z') + index * 1000).toISOString(),
    }));
    const chunk = (index: number) => ({
      importId: id,
      index,
      rows: rows.slice(index * IMPORT_CHUNK_ROWS, (index + 1) * IMPORT_CHUNK_ROWS),
    });
    expect((await as(admin, urls.start, startBody(id, total))).body).toMatchObject({ import: { chunks: 3 } });
    expect((await as(admin, urls.chunk, chunk(0))).status).toBe(200);
    expect((await as(admin, urls.chunk, chunk(2))).body).toMatchObject({
      import: { status: 'running', doneChunks: [0, 2] },
    });
    // The panel closed; later the Admin resumes with the same file and every chunk is sent again.
    const resumed = await as(admin, urls.start, startBody(id, total));
    expect(resumed.body).toMatchObject({
      import: { status: 'running', doneChunks: [0, 2], imported: IMPORT_CHUNK_ROWS + 3 },
    });
    const answers = await Promise.all([0, 1, 2].map((index) => as(admin, urls.chunk, chunk(index))));
    expect(answers.map((answer) => answer.body.alreadyDone)).toEqual([true, false, true]);
    const done = await as(admin, urls.list, {});
    const view = (done.body.imports as Array<{ id: string }>).find((entry) => entry.id === id);
    expect(view).toMatchObject({
      status: 'done',
      imported: total,
      merged: 0,
      rejected: 0,
      doneChunks: [0, 1, 2],
    });
    expect(typeof (view as { finishedAt?: unknown }).finishedAt).toBe('number');
    const stored = await db.collection(COLLECTIONS.waitlistSignups).where('importId', '==', id).get();
    expect(stored.size).toBe(total);
    expect(new Set(stored.docs.map((doc) => doc.id)).size).toBe(total);
    for (const doc of stored.docs) {
      const index = Number(doc.id.slice(1, doc.id.indexOf('-')));
      expect(millis(doc.get('timestamp'))).toBe(at('2024-01-01T00:00:00Z') + index * 1000);
    }
  });
});
