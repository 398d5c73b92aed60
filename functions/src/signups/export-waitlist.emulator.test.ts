// exportWaitlist over HTTP against the Functions emulator (and, for 0 rows and a failing read, the
// same handler served locally with injected signups): statuses, the file, its values, dates, order,
// CSV-injection payloads, 10,000 rows, the audit entry.
import { COLLECTIONS, NOT_AVAILABLE } from '@silk/schema/constants';
import {
  filteredSpreadsheetFileName,
  formatSignupDate,
  spreadsheetFileName,
  SIGNUP_COLUMNS,
} from '@silk/schema/formatters';
import type { ReferralRecord } from '@silk/schema/referrals';
import { DEFAULT_SIGNUP_VIEW } from '@silk/schema/signup-view';
import {
  AUTH_REQUIRED,
  ID_TOKEN_MISSING,
  INTERNAL_ERROR,
  INVALID_SIGNUP_VIEW,
  RATE_LIMITED,
  STAFF_REQUIRED,
} from '@silk/schema/messages';
import { withoutBackgroundTriggers } from '@silk/stack/stack';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { readServerConfig } from '../shared/config';
import { createHash } from 'node:crypto';
import { auditAddressHash } from '../subscribers/erasure';
import { EMULATOR_MAIL_TOKEN_SECRET } from '../../test-support/mail';
import { auditedView } from './audited-view';
import { makeExportWaitlistHandler, XLSX_CONTENT_TYPE } from './export-waitlist';
import { adminServices } from '../shared/admin';
import { consumeRateLimit } from '../http/rate-limit';
import { serveHandler } from '../../test-support/serve-handler';
import { readWorkbook } from '../../test-support/xlsx-reader';
import {
  ALL_WAVES,
  ATTRIBUTION_COLUMNS,
  ATTRIBUTION_SHEET_NAME,
  REWARDS_SHEET_NAME,
  INVITATION_COLUMNS,
  INVITATIONS_SHEET_NAME,
  REFERRAL_COLUMNS,
  REFERRALS_SHEET_NAME,
} from './xlsx';
import { createStaff, functionUrl, post, signUpOutsider, unique } from '../../test-support/emulator';
import { expectRefusal, type Refusal } from '../../test-support/refusals';

let url: string;
const { db } = adminServices();
const signups = db.collection(COLLECTIONS.waitlistSignups);
const HEADERS = SIGNUP_COLUMNS.map((column) => column.header);
const col = (header: string) => HEADERS.indexOf(header);

/**
 * Writes a signup dated in 2030 and removes it after this file: the trigger stamps its `updatedAt`, so
 * in the shared emulator it would otherwise head every panel opened by a later suite (newest first).
 */
const futureSignups = new Set<string>();
async function writeFutureSignup(record: Record<string, unknown> & { email: string }) {
  futureSignups.add(record.email);
  await signups.doc(record.email).set(record);
}
afterAll(async () => {
  await Promise.all([...futureSignups].map((email) => signups.doc(email).delete()));
});

/** Future signups at `domain`, each a local part, the day it signed up (at 09:00 UTC) and its other fields. */
async function writeFutureSignupsAt(
  domain: string,
  rows: ReadonlyArray<readonly [string, string, Record<string, unknown>]>,
): Promise<void> {
  for (const [local, day, fields] of rows) {
    const timestamp = Timestamp.fromDate(new Date(`${day}T09:00:00Z`));
    await writeFutureSignup({ email: `${local}@${domain}`, timestamp, ...fields });
  }
}

/** Referral records as the referral functions write them (referrals/{referred}), removed after this file. */
const referrals = db.collection(COLLECTIONS.referrals);
const writtenReferrals = new Set<string>();
async function writeReferral(record: ReferralRecord) {
  writtenReferrals.add(record.referred);
  await referrals.doc(record.referred).set(record);
}
afterAll(async () => {
  await Promise.all([...writtenReferrals].map((email) => referrals.doc(email).delete()));
});

beforeAll(async () => {
  url = await functionUrl('exportWaitlist');
});

/** POST {token} as the SPEC's client does (no Authorization header); the file as a Buffer. */
async function download(idToken: string, target = url, extra: Record<string, unknown> = {}) {
  const response = await fetch(target, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token: idToken, ...extra }),
  });
  return { response, buffer: Buffer.from(await response.arrayBuffer()) };
}

/** Downloads the export, expecting 200, and reads the workbook back. */
async function downloadedBook(idToken: string, target = url, extra: Record<string, unknown> = {}) {
  const { response, buffer } = await download(idToken, target, extra);
  expect(response.status).toBe(200);
  return readWorkbook(buffer);
}

async function signupCount(): Promise<number> {
  return (await signups.count().get()).data().count;
}

async function auditFor(actor: string) {
  const entries = await db.collection(COLLECTIONS.auditLog).where('actor', '==', actor).get();
  return entries.docs.map((doc) => doc.data()).filter((entry) => entry.action === 'export');
}

/** A download asking with `body` is refused as `refusal` says, and no export is audited for `actor`. */
async function expectRefusedUnaudited(body: Record<string, unknown>, refusal: Refusal, actor: string) {
  expectRefusal(await post(url, body), refusal);
  expect(await auditFor(actor)).toEqual([]);
}

describe('exportWaitlist: who may download', () => {
  it('answers 401 without a token', async () => {
    expectRefusal(await post(url, {}), [401, ID_TOKEN_MISSING]);
  });

  it('answers 401 for a token that does not verify', async () => {
    expectRefusal(await post(url, { token: 'not-a-jwt' }), [401, AUTH_REQUIRED]);
  });

  it('refuses a signed-in user who is not staff with 403 and audits nothing', async () => {
    const outsider = await signUpOutsider();
    await expectRefusedUnaudited({ token: outsider.idToken }, [403, STAFF_REQUIRED], outsider.email);
  });

  it("refuses an account someone registered for a removed member's address (unverified) with 403", async () => {
    const member = await createStaff(['Admin']);
    const { auth } = adminServices();
    await auth.deleteUser((await auth.getUserByEmail(member.email)).uid);
    const impostor = await signUpOutsider(member.email);
    await expectRefusedUnaudited({ token: impostor.idToken }, [403, STAFF_REQUIRED], member.email);
  });

  it('accepts the token in an Authorization header too', async () => {
    const staff = await createStaff(['Staff']);
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${staff.idToken}` },
      body: '{}',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(XLSX_CONTENT_TYPE);
    await response.arrayBuffer();
  });

  it('answers 429 when the caller has used up the window (20 a minute in the emulator), without exporting', async () => {
    const staff = await createStaff(['Staff']);
    const limit = 20;
    const check = { scope: 'exportWaitlist:caller', key: staff.email, limit, windowMs: 60_000 };
    for (let used = 0; used < limit; used += 1) expect(await consumeRateLimit(db, check)).toBe(true);
    await expectRefusedUnaudited({ token: staff.idToken }, [429, RATE_LIMITED], staff.email);
  });
});

describe('exportWaitlist: the file', () => {
  it('streams every signup newest first with the 12 columns, real dates, N/A and neutralised formulas', async () => {
    const domain = `${unique('owasp')}.test`;
    const newest = new Date(Date.UTC(2030, 0, 2, 3, 4, 5)); // after anything else in the emulator
    const at = (minutesBefore: number) => Timestamp.fromMillis(newest.getTime() - minutesBefore * 60_000);
    const seeded: Array<Record<string, unknown>> = [
      {
        email: `ana@${domain}`,
        workEmail: `ana@work.${domain}`,
        travelFrequency: '2-3 times a year',
        biggestFrustration: '=1+1',
        contentCreator: "+cmd|' /C calc'!A0",
        aiTool: '-2+3',
        excitedFeatures: '@SUM(A1)',
        suggestionsFeedback: '\t=1+1',
        socialMedia: '\r=1+1',
        ip: '203.0.113.9',
        location: {
          city: 'Lisbon',
          region: 'Lisbon',
          country: 'Portugal',
          country_code: 'PT',
          latitude: 38.72,
          longitude: -9.14,
        },
        timestamp: at(0),
      },
      {
        email: `bo@${domain}`,
        location: { formula: 'HYPERLINK("http://evil.example","click")', result: 'x' },
        ip: 'N/A',
        timestamp: at(5),
      },
      {
        email: `cy@${domain}`,
        location: { city: '=cmd', country: 'X' },
        suggestionsFeedback: '\n=2*3',
        timestamp: at(10),
      },
      { email: `dee@${domain}`, biggestFrustration: '   =HYPERLINK("x")' }, // no timestamp
    ];
    for (const record of seeded)
      await writeFutureSignup(record as Record<string, unknown> & { email: string });
    const staff = await createStaff(['Staff']);

    const before = await signupCount();
    const { response, buffer } = await download(staff.idToken);
    const after = await signupCount();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(XLSX_CONTENT_TYPE);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="${spreadsheetFileName(new Date())}"`,
    );

    const book = await readWorkbook(buffer);
    expect(book.header).toEqual(HEADERS);
    expect(book.rows.length).toBeGreaterThanOrEqual(before);
    expect(book.rows.length).toBeLessThanOrEqual(after);
    const byEmail = new Map(book.rows.map((row) => [row[0] as string, row]));

    const ana = byEmail.get(`ana@${domain}`)!;
    expect(ana).toEqual([
      `ana@${domain}`,
      `ana@work.${domain}`,
      '2-3 times a year',
      "'=1+1",
      "'+cmd|' /C calc'!A0",
      "'-2+3",
      "'@SUM(A1)",
      "'\t=1+1",
      "'\n=1+1", // a raw CR reads back as LF in XML
      '203.0.113.9',
      'Lisbon, Lisbon, Portugal, 38.72, -9.14',
      newest,
    ]);
    expect((ana[col('Signup Date')] as Date).getTime()).toBe(newest.getTime());
    const bo = byEmail.get(`bo@${domain}`)!;
    expect(bo[col('Approximate Location')]).toBe(NOT_AVAILABLE);
    expect(bo[col('Work Email')]).toBe(NOT_AVAILABLE);
    expect(byEmail.get(`cy@${domain}`)![col('Approximate Location')]).toBe("'=cmd, X");
    const dee = byEmail.get(`dee@${domain}`)!;
    expect(dee[col('Biggest Frustration')]).toBe('\'   =HYPERLINK("x")');
    expect(dee[col('Signup Date')]).toBe(NOT_AVAILABLE);

    // Newest first; the rows without a date come last.
    const dates = book.rows.map((row) => row[col('Signup Date')]);
    const firstUndated = dates.findIndex((value) => !(value instanceof Date));
    expect(firstUndated).toBeGreaterThan(0);
    expect(dates.slice(firstUndated).every((value) => !(value instanceof Date))).toBe(true);
    const times = (dates.slice(0, firstUndated) as Date[]).map((date) => date.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(book.rows.findIndex((row) => row[0] === `ana@${domain}`)).toBe(0);

    // No formula anywhere in the sheet, no shared strings.
    expect(book.sheetXml).not.toMatch(/<f[\s>]/);
    expect(book.files).not.toContain('xl/sharedStrings.xml');

    const audit = await auditFor(staff.email);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      target: COLLECTIONS.waitlistSignups,
      details: { rows: book.rows.length },
    });
    expect(audit[0]!.at).toBeInstanceOf(Timestamp);
  });

  it("writes the Signup Date in the downloader's time zone as the table shows it, the zone in the header's note", async () => {
    const email = `tz@${unique('zone')}.test`;
    // 02:30 UTC on 1 July 2030: still 30 June, 10:30 PM in New York (UTC-4 in summer).
    const moment = new Date(Date.UTC(2030, 6, 1, 2, 30));
    await writeFutureSignup({ email, timestamp: Timestamp.fromDate(moment) });
    const staff = await createStaff(['Staff']);

    const book = await downloadedBook(staff.idToken, url, { timeZone: 'America/New_York' });
    expect(book.header).toEqual(HEADERS);
    expect(book.headerNotes).toEqual({ 'Signup Date': 'Times in America/New_York' });
    const cell = book.rows.find((row) => row[0] === email)![col('Signup Date')] as Date;
    // A date cell has no zone: it holds New York's wall clock, which reads as the table's text there.
    expect(cell.toISOString()).toBe('2030-06-30T22:30:00.000Z');
    expect(formatSignupDate(cell, 'UTC')).toBe(formatSignupDate(moment, 'America/New_York'));
    expect(formatSignupDate(cell, 'UTC')).toBe('Jun 30, 2030, 10:30 PM');

    // A zone this server does not know: the export still works, in UTC, and says so.
    const utc = await downloadedBook(staff.idToken, url, { timeZone: 'Mars/Olympus_Mons' });
    expect(utc.headerNotes).toEqual({ 'Signup Date': 'Times in UTC' });
    expect((utc.rows.find((row) => row[0] === email)![col('Signup Date')] as Date).getTime()).toBe(
      moment.getTime(),
    );
  });

  it('exports 10,000 signups (read in pages) with every row once', { timeout: 240_000 }, async () => {
    const domain = `${unique('bulk')}.test`;
    const start = Date.UTC(2029, 5, 1);
    // Written and removed with the triggers paused (no signup feeds for them): later suites (and the
    // admin e2e's live table) share this project and its Functions emulator.
    await withoutBackgroundTriggers(async () => {
      const writer = db.bulkWriter();
      for (let i = 0; i < 10_000; i += 1) {
        const email = `s${i}@${domain}`;
        void writer.set(signups.doc(email), {
          email,
          source: 'Homepage Hero',
          ip: `10.0.${i % 250}.${i % 200}`,
          location: {
            city: 'Austin',
            region: 'Texas',
            country: 'United States',
            country_code: 'US',
            latitude: 30.27,
            longitude: -97.74,
          },
          timestamp: Timestamp.fromMillis(start + i * 1000),
        });
      }
      await writer.close();
    });
    onTestFinished(() =>
      withoutBackgroundTriggers(async () => {
        const remover = db.bulkWriter();
        for (let i = 0; i < 10_000; i += 1) void remover.delete(signups.doc(`s${i}@${domain}`));
        await remover.close();
      }),
    );
    const staff = await createStaff(['Staff']);
    const before = await signupCount();
    const book = await downloadedBook(staff.idToken);
    expect(book.rows.length).toBeGreaterThanOrEqual(before);
    const mine = book.rows.filter((row) => String(row[0]).endsWith(`@${domain}`));
    expect(mine).toHaveLength(10_000);
    expect(new Set(mine.map((row) => row[0])).size).toBe(10_000);
    // Seeded one second apart: s9999 is the newest of them, s0 the oldest.
    expect(mine[0]![0]).toBe(`s9999@${domain}`);
    expect(mine.at(-1)![0]).toBe(`s0@${domain}`);
    expect((mine[0]![col('Signup Date')] as Date).getTime()).toBe(start + 9999 * 1000);
    expect(mine[1234]![col('Approximate Location')]).toBe('Austin, Texas, United States, 30.27, -97.74');
    expect((await auditFor(staff.email))[0]!.details.rows).toBe(book.rows.length);
  });
});

describe('exportWaitlist: the filtered view', () => {
  /** Signups of this test's own domain (the search keeps out everyone else's in the shared emulator). */
  async function seedView() {
    const domain = `${unique('view')}.test`;
    const at = (iso: string) => Timestamp.fromDate(new Date(iso));
    const records = [
      {
        email: `eve@${domain}`,
        travelFrequency: 'Monthly or more',
        location: { city: 'Tokyo', country: 'Japan' },
        timestamp: at('2030-03-12T09:00:00Z'),
      },
      {
        email: `dan@${domain}`,
        travelFrequency: 'Monthly or more',
        biggestFrustration: '=HYPERLINK("x")',
        location: { city: 'Lisbon', country: 'Portugal' },
        timestamp: at('2030-03-11T23:59:00Z'),
        confirmedAt: at('2030-03-12T08:00:00Z'),
      },
      {
        email: `cat@${domain}`,
        travelFrequency: 'Once a year',
        location: 'Austin, Texas, United States',
        timestamp: at('2030-03-11T10:00:00Z'),
      },
      {
        email: `bea@${domain}`,
        travelFrequency: 'Monthly or more',
        location: { city: 'Porto', country_name: 'Portugal', country: 'PT' },
        timestamp: at('2030-03-10T00:00:00Z'),
      },
      { email: `abe@${domain}`, travelFrequency: 'Monthly or more', timestamp: at('2030-03-09T12:00:00Z') },
    ];
    for (const record of records) await writeFutureSignup(record);
    const view = { ...DEFAULT_SIGNUP_VIEW, search: domain };
    return { domain, view };
  }

  it('exports exactly the rows of an answer and a date range, newest first, as waitlist_signups_{date}_filtered.xlsx', async () => {
    const { domain, view } = await seedView();
    const staff = await createStaff(['Staff']);
    const filtered = {
      ...view,
      answers: { travelFrequency: 'Monthly or more' },
      from: '2030-03-10',
      to: '2030-03-11',
    };
    const { response, buffer } = await download(staff.idToken, url, { view: filtered });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="${filteredSpreadsheetFileName(new Date())}"`,
    );
    const book = await readWorkbook(buffer);
    expect(book.header).toEqual(HEADERS);
    expect(book.rows.map((row) => row[0])).toEqual([`dan@${domain}`, `bea@${domain}`]);
    // The same columns and formula safety as the full export.
    expect(book.rows[0]![col('Biggest Frustration')]).toBe('\'=HYPERLINK("x")');
    expect(book.rows[1]![col('Approximate Location')]).toBe('Porto, Portugal, PT');
    expect(book.sheetXml).not.toMatch(/<f[\s>]/);

    const audit = await auditFor(staff.email);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toEqual({
      rows: 2,
      filtered: true,
      fileName: filteredSpreadsheetFileName(new Date()),
      view: auditedView(EMULATOR_MAIL_TOKEN_SECRET, filtered),
    });
  });

  it('audits the view without any address or search text: the search and a work e-mail filter only as keyed hashes', async () => {
    const { domain, view } = await seedView();
    const staff = await createStaff(['Staff']);
    const address = `Dan@${domain}`;
    const workEmail = `boss@work-${domain}`;
    const filtered = {
      ...view,
      search: ` ${address} `,
      answers: { workEmail, travelFrequency: 'Monthly or more' },
    };
    const { response } = await download(staff.idToken, url, { view: filtered });
    expect(response.status).toBe(200);

    const entries = await auditFor(staff.email);
    expect(entries).toHaveLength(1);
    const details = entries[0]?.details as Record<string, unknown>;
    const stored = JSON.stringify(details);
    expect(stored).not.toMatch(/@/);
    for (const text of [domain, 'Dan', 'dan', 'boss']) expect(stored).not.toContain(text);
    for (const text of [address.toLowerCase(), workEmail]) {
      expect(stored).not.toContain(createHash('sha256').update(text).digest('hex'));
    }
    expect(details.view).toMatchObject({
      searchHash: auditAddressHash(EMULATOR_MAIL_TOKEN_SECRET, address.toLowerCase()),
      answers: { travelFrequency: 'Monthly or more' },
      answerHashes: { workEmail: auditAddressHash(EMULATOR_MAIL_TOKEN_SECRET, workEmail) },
      countries: [],
      confirmed: 'all',
    });
    expect(details.view).not.toHaveProperty('search');
  });

  it('applies the view the table shows: country, confirmation, time zone of the days and its sort', async () => {
    const { domain, view } = await seedView();
    const staff = await createStaff(['Staff']);
    const emails = async (change: Record<string, unknown>) => {
      return (await downloadedBook(staff.idToken, url, { view: { ...view, ...change } })).rows.map(
        (row) => String(row[0]).split('@')[0],
      );
    };
    expect(await emails({ countries: ['Portugal'] })).toEqual(['dan', 'bea']);
    expect(await emails({ countries: ['United States', 'Japan'] })).toEqual(['eve', 'cat']);
    expect(await emails({ confirmed: 'confirmed' })).toEqual(['dan']);
    // 23:59 UTC on the 11th is the 12th in Tokyo.
    expect(await emails({ from: '2030-03-12', to: '2030-03-12', timeZone: 'Asia/Tokyo' })).toEqual([
      'eve',
      'dan',
    ]);
    expect(await emails({ sort: { key: 'email', direction: 'asc' } })).toEqual([
      'abe',
      'bea',
      'cat',
      'dan',
      'eve',
    ]);
    // Location descending, N/A last; the search narrows to eve@ and abe@.
    expect(await emails({ sort: { key: 'location', direction: 'desc' }, search: `e@${domain}` })).toEqual([
      'eve',
      'abe',
    ]);
    expect(await emails({ search: 'nobody-has-this' })).toEqual([]);
  });

  it.each([
    ['not an object', 'all'],
    ['an unknown column', { sort: { key: 'password', direction: 'asc' } }],
    ['an impossible day', { from: '2030-02-30' }],
    ['an unknown setting', { limit: 1 }],
  ])('answers 400 {error} for a view with %s, exporting nothing', async (_, bad) => {
    const { view } = await seedView();
    const staff = await createStaff(['Staff']);
    const body = typeof bad === 'string' ? bad : { ...view, ...bad };
    await expectRefusedUnaudited(
      { token: staff.idToken, view: body },
      [400, INVALID_SIGNUP_VIEW],
      staff.email,
    );
  });
});

describe('exportWaitlist: the Referrals worksheet', () => {
  it('lists the referral records on a second worksheet; a filtered view keeps those of its rows; the first keeps its 12 columns', async () => {
    const domain = `${unique('refs')}.test`;
    await writeFutureSignupsAt(domain, [
      ['ana', '2030-04-01', { confirmedReferrals: 1 }],
      ['bo', '2030-04-02', { referredBy: `ana@${domain}` }],
      ['cy', '2030-04-03', { referredBy: `ana@${domain}` }],
      ['dee', '2030-04-04', {}],
    ]);
    const createdAt = Date.parse('2030-04-02T09:00:00Z');
    await writeReferral({
      referred: `bo@${domain}`,
      referrer: `ana@${domain}`,
      code: 'abcd2345',
      status: 'credited',
      createdAt,
      confirmedAt: createdAt + 1000,
    });
    await writeReferral({
      referred: `cy@${domain}`,
      referrer: `ana@${domain}`,
      code: 'abcd2345',
      status: 'withheld',
      reason: 'same-person',
      createdAt: createdAt + 86_400_000,
      confirmedAt: createdAt + 86_400_000,
    });
    const staff = await createStaff(['Staff']);
    const ours = (rows: unknown[][]) => rows.filter((row) => String(row[1]).endsWith(`@${domain}`));

    const book = await downloadedBook(staff.idToken);
    expect(book.header).toEqual(HEADERS);
    expect(book.header).toHaveLength(12);
    expect(book.sheetNames).toEqual([
      'Waitlist Signups',
      REFERRALS_SHEET_NAME,
      INVITATIONS_SHEET_NAME,
      ATTRIBUTION_SHEET_NAME,
      REWARDS_SHEET_NAME,
    ]);
    const sheet = book.sheets[REFERRALS_SHEET_NAME]!;
    expect(sheet.header).toEqual(REFERRAL_COLUMNS.map((column) => column.header));
    // Newest first.
    expect(ours(sheet.rows)).toEqual([
      [
        `ana@${domain}`,
        `cy@${domain}`,
        'withheld',
        'same-person',
        new Date(createdAt + 86_400_000),
        new Date(createdAt + 86_400_000),
        NOT_AVAILABLE,
        NOT_AVAILABLE,
      ],
      [
        `ana@${domain}`,
        `bo@${domain}`,
        'credited',
        NOT_AVAILABLE,
        new Date(createdAt),
        new Date(createdAt + 1000),
        NOT_AVAILABLE,
        NOT_AVAILABLE,
      ],
    ]);

    // The filtered export honours the referral filters, and its Referrals worksheet follows its rows.
    const view = { ...DEFAULT_SIGNUP_VIEW, search: domain };
    const emailsOf = async (change: Record<string, unknown>) => {
      const read = await downloadedBook(staff.idToken, url, { view: { ...view, ...change } });
      return {
        rows: read.rows.map((row) => String(row[0]).split('@')[0]),
        referred: read.sheets[REFERRALS_SHEET_NAME]!.rows.map((row) => String(row[1]).split('@')[0]),
      };
    };
    expect(await emailsOf({ referred: 'referred' })).toEqual({ rows: ['cy', 'bo'], referred: ['cy', 'bo'] });
    expect(await emailsOf({ referred: 'not-referred' })).toEqual({
      rows: ['dee', 'ana'],
      referred: ['cy', 'bo'],
    });
    expect(await emailsOf({ hasReferrals: true })).toEqual({ rows: ['ana'], referred: ['cy', 'bo'] });
    expect(await emailsOf({ search: `dee@${domain}` })).toEqual({ rows: ['dee'], referred: [] });
  });
});

describe('exportWaitlist: the invite status filter and the Invitations worksheet', () => {
  it('a filtered view keeps the rows of one invite status (none recorded: waiting); the Invitations worksheet counts the exported rows', async () => {
    const domain = `${unique('invites')}.test`;
    const invitedAt = Date.parse('2030-05-01T09:00:00Z');
    const hour = 3_600_000;
    // The fields the invitation functions write on a signup.
    await writeFutureSignupsAt(domain, [
      [
        'ana',
        '2030-04-01',
        { inviteStatus: 'joined', inviteWave: 'wave-1', invitedAt, joinedAt: invitedAt + 2 * hour },
      ],
      ['bo', '2030-04-02', { inviteStatus: 'invited', inviteWave: 'wave-1', invitedAt }],
      ['cy', '2030-04-03', { inviteStatus: 'expired', inviteWave: 'wave-2', invitedAt: invitedAt + hour }],
      ['dee', '2030-04-04', {}],
    ]);
    const staff = await createStaff(['Staff']);
    const view = { ...DEFAULT_SIGNUP_VIEW, search: domain };
    const exported = async (change: Record<string, unknown>) => {
      const read = await downloadedBook(staff.idToken, url, { view: { ...view, ...change } });
      expect(read.header).toHaveLength(12);
      return {
        rows: read.rows.map((row) => String(row[0]).split('@')[0]),
        invitations: read.sheets[INVITATIONS_SHEET_NAME]!,
      };
    };
    expect((await exported({ invite: 'waiting' })).rows).toEqual(['dee']);
    expect((await exported({ invite: 'expired' })).rows).toEqual(['cy']);
    expect((await exported({ invite: 'declined' })).rows).toEqual([]);

    const all = await exported({});
    expect(all.rows).toEqual(['dee', 'cy', 'bo', 'ana']);
    expect(all.invitations.header).toEqual(INVITATION_COLUMNS.map((column) => column.header));
    expect(all.invitations.rows).toEqual([
      [ALL_WAVES, new Date(invitedAt), 3, 1, 1, 0, 2],
      ['wave-1', new Date(invitedAt), 2, 1, 0, 0, 2],
      ['wave-2', new Date(invitedAt + hour), 1, 0, 1, 0, NOT_AVAILABLE],
    ]);
    const joined = await exported({ invite: 'joined' });
    expect(joined.invitations.rows).toEqual([
      [ALL_WAVES, new Date(invitedAt), 1, 1, 0, 0, 2],
      ['wave-1', new Date(invitedAt), 1, 1, 0, 0, 2],
    ]);

    const other = await createStaff(['Staff']);
    await expectRefusedUnaudited(
      { token: other.idToken, view: { ...view, invite: 'sent' } },
      [400, INVALID_SIGNUP_VIEW],
      other.email,
    );
  });
});

describe('exportWaitlist: the source and campaign filters and the Attribution worksheet', () => {
  it(
    'keeps the rows of a source and a campaign (empty: none); the Attribution worksheet lists each exported row',
    { timeout: 120_000 },
    async () => {
      const domain = `${unique('utm')}.test`;
      // The attribution fields as a signup's first write stores them.
      await writeFutureSignupsAt(domain, [
        [
          'ana',
          '2030-06-01',
          {
            utmSource: 'newsletter',
            utmCampaign: 'launch',
            referrerHost: 'news.example.com',
            landingPath: '/',
          },
        ],
        ['bo', '2030-06-02', { utmSource: 'newsletter', utmMedium: 'email', landingPath: '/' }],
        ['cy', '2030-06-03', { utmSource: 'podcast', utmCampaign: 'launch', landingPath: '/faq' }],
        ['dee', '2030-06-04', {}],
      ]);
      const staff = await createStaff(['Staff']);
      const view = { ...DEFAULT_SIGNUP_VIEW, search: domain };
      const exported = async (change: Record<string, unknown>) => {
        const read = await downloadedBook(staff.idToken, url, { view: { ...view, ...change } });
        expect(read.header).toEqual(HEADERS);
        const sheet = read.sheets[ATTRIBUTION_SHEET_NAME]!;
        expect(sheet.header).toEqual(ATTRIBUTION_COLUMNS.map((column) => column.header));
        // One Attribution row per exported row, in the same order.
        expect(sheet.rows.map((row) => row[0])).toEqual(read.rows.map((row) => row[0]));
        return sheet.rows.map((row) => [String(row[0]).split('@')[0], ...row.slice(1)]);
      };
      const none = NOT_AVAILABLE;
      expect(await exported({ source: 'newsletter' })).toEqual([
        ['bo', 'newsletter', 'email', none, none, none, none, '/'],
        ['ana', 'newsletter', none, 'launch', none, none, 'news.example.com', '/'],
      ]);
      expect((await exported({ campaign: 'launch' })).map((row) => row[0])).toEqual(['cy', 'ana']);
      expect((await exported({ source: 'newsletter', campaign: 'launch' })).map((row) => row[0])).toEqual([
        'ana',
      ]);
      expect(await exported({ source: '' })).toEqual([['dee', none, none, none, none, none, none, none]]);
      expect((await exported({ campaign: '' })).map((row) => row[0])).toEqual(['dee', 'bo']);

      const other = await createStaff(['Staff']);
      for (const refused of [{ source: 42 }, { campaign: 'x'.repeat(2001) }, { source: undefined }]) {
        await expectRefusedUnaudited(
          { token: other.idToken, view: { ...view, ...refused } },
          [400, INVALID_SIGNUP_VIEW],
          other.email,
        );
      }
    },
  );
});

describe('exportWaitlist handler with injected signups', () => {
  it('writes just the header row when there are no signups', async () => {
    const staff = await createStaff(['Staff']);
    const audited: unknown[] = [];
    const served = await serveHandler(
      makeExportWaitlistHandler({
        config: () => readServerConfig({}),
        pages: async function* () {},
        audit: async (entry) => void audited.push(entry),
      }),
    );
    try {
      const book = await downloadedBook(staff.idToken, served.url);
      expect(book.header).toEqual(HEADERS);
      expect(book.rows).toEqual([]);
      expect(audited).toEqual([
        expect.objectContaining({ actor: staff.email, details: expect.objectContaining({ rows: 0 }) }),
      ]);
    } finally {
      await served.close();
    }
  });

  it('answers 500 {error} (not a broken file) when the first read fails', async () => {
    const staff = await createStaff(['Staff']);
    const served = await serveHandler(
      makeExportWaitlistHandler({
        config: () => readServerConfig({}),
        pages: async function* () {
          yield* [];
          throw new Error('injected read failure');
        },
      }),
    );
    try {
      expectRefusal(await post(served.url, { token: staff.idToken }), [500, INTERNAL_ERROR]);
    } finally {
      await served.close();
    }
  });
});
