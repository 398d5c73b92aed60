// The spreadsheet writer without Firestore: headers, values, date cells, N/A, and no formula can get in.
import { FULL_ATTRIBUTION } from '@silk/schema/attribution-cases';
import { NOT_AVAILABLE } from '@silk/schema/constants';
import { formatSignupDate, SIGNUP_COLUMNS } from '@silk/schema/formatters';
import { LISBON } from '@silk/schema/locations-cases';
import ExcelJS from 'exceljs';
import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readWorkbook } from '../../test-support/xlsx-reader';
import {
  DATE_FORMAT,
  ALL_WAVES,
  ATTRIBUTION_COLUMNS,
  ATTRIBUTION_SHEET_NAME,
  ExportAborted,
  INVITATION_COLUMNS,
  INVITATIONS_SHEET_NAME,
  MAX_CELL_TEXT,
  REFERRAL_COLUMNS,
  REFERRALS_SHEET_NAME,
  REWARD_COLUMNS,
  REWARDS_SHEET_NAME,
  safeText,
  SHEET_NAME,
  signupRow,
  writeSignupsWorkbook,
  zonedDates,
  type SignupRecord,
} from './xlsx';

/** The workbook written from `pages`, read back, once its signup sheet has `rows` rows under the header. */
async function readBackBook(pages: SignupRecord[][], rows: number) {
  const written = await workbookOf(pages);
  expect(written.rows).toBe(rows);
  const book = await readWorkbook(written.buffer);
  expect(book.header).toEqual(SIGNUP_COLUMNS.map((column) => column.header));
  return book;
}

async function workbookOf(
  pages: SignupRecord[][],
  timeZone?: string,
  referrals?: { pages: SignupRecord[][]; onlyExportedRows: boolean },
  rewards?: SignupRecord[][],
): Promise<{ buffer: Buffer; rows: number }> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => stream.on('end', resolve));
  async function* source() {
    yield* pages;
  }
  async function* referralSource() {
    yield* referrals?.pages ?? [];
  }
  async function* rewardSource() {
    yield* rewards ?? [];
  }
  const rows = await writeSignupsWorkbook(
    stream,
    source(),
    timeZone,
    referrals && { pages: referralSource(), onlyExportedRows: referrals.onlyExportedRows },
    rewardSource(),
  );
  await ended;
  return { buffer: Buffer.concat(chunks), rows };
}

// OWASP CSV-injection payloads (and a few of their variants).
const PAYLOADS = [
  '=1+1',
  "+cmd|' /C calc'!A0",
  '-2+3',
  '@SUM(A1)',
  '\t=1+1',
  '\r=1+1',
  '\n=1+1',
  '   =HYPERLINK("http://evil")',
  '＝1+1',
];

describe('safeText', () => {
  it.each(PAYLOADS)('neutralises %j with a leading quote', (payload) => {
    expect(safeText(payload)).toBe(`'${payload}`);
  });

  it.each(['Lisbon', 'N/A', 'ana@example.com', '2-3 times a year', ' a=b', 'x-1'])(
    'leaves %j as it is',
    (text) => {
      expect(safeText(text)).toBe(text);
    },
  );

  it('removes characters XML cannot carry, then neutralises what they hid', () => {
    expect(safeText('ok\u0000\u0007 text')).toBe('ok text');
    expect(safeText('\u0001=1+1')).toBe("'=1+1");
    expect(safeText('broken \uD800 surrogate')).toBe('broken  surrogate');
    expect(safeText('emoji 🧳 kept')).toBe('emoji 🧳 kept');
  });

  it("cuts text at Excel's cell limit", () => {
    expect(safeText('a'.repeat(MAX_CELL_TEXT + 10))).toHaveLength(MAX_CELL_TEXT);
  });
});

describe('signupRow', () => {
  it('gives the 12 columns in order: text, N/A for missing, location joined, the date as a Date', () => {
    const timestamp = new Date('2026-03-04T05:06:00Z');
    const row = signupRow({
      email: 'ana@example.com',
      travelFrequency: '2-3 times a year',
      ip: '10.1.2.3',
      location: LISBON,
      timestamp: { toDate: () => timestamp },
    });
    expect(row).toHaveLength(SIGNUP_COLUMNS.length);
    expect(row).toEqual([
      'ana@example.com',
      NOT_AVAILABLE,
      '2-3 times a year',
      NOT_AVAILABLE,
      NOT_AVAILABLE,
      NOT_AVAILABLE,
      NOT_AVAILABLE,
      NOT_AVAILABLE,
      NOT_AVAILABLE,
      '10.1.2.3',
      'Lisbon, Lisbon, Portugal, 38.7223, -9.1393',
      timestamp,
    ]);
  });

  it('never passes an object to exceljs: a location or field trying {formula} becomes plain text', () => {
    const row = signupRow({
      email: 'x@example.com',
      location: { formula: 'HYPERLINK("http://evil","x")', result: 1 },
      aiTool: { formula: '1+1' },
      socialMedia: ['=1+1', '@x'],
    });
    for (const cell of row)
      expect(['string', 'number'].includes(typeof cell) || cell instanceof Date).toBe(true);
    expect(row[10]).toBe(NOT_AVAILABLE);
    expect(row[5]).toBe(NOT_AVAILABLE);
    expect(row[8]).toBe("'=1+1, @x");
  });
});

describe('zonedDates', () => {
  it('gives the moment on the zone’s wall clock, across a DST change, and null without a date', () => {
    const berlin = zonedDates('Europe/Berlin');
    // 29 Mar 2026: Berlin moves from UTC+1 to UTC+2 at 01:00 UTC.
    expect(berlin(new Date('2026-03-29T00:59:30Z'))?.toISOString()).toBe('2026-03-29T01:59:30.000Z');
    expect(berlin(new Date('2026-03-29T01:00:00Z'))?.toISOString()).toBe('2026-03-29T03:00:00.000Z');
    expect(berlin({ toDate: () => new Date('2026-11-21T23:05:00Z') })?.toISOString()).toBe(
      '2026-11-22T00:05:00.000Z',
    );
    expect(berlin(undefined)).toBeNull();
    expect(zonedDates('Asia/Kathmandu')(new Date('2026-01-01T00:00:00Z'))?.toISOString()).toBe(
      '2026-01-01T05:45:00.000Z',
    );
  });

  it('reads as the admin table formats the moment in that zone, for every minute of a DST day', () => {
    const zone = 'America/New_York';
    const dates = zonedDates(zone);
    // 1 Nov 2026: New York falls back from UTC-4 to UTC-5 at 06:00 UTC.
    for (let minute = 0; minute < 24 * 60; minute += 7) {
      const moment = new Date(Date.UTC(2026, 10, 1, 0, minute, 13));
      expect(formatSignupDate(dates(moment), 'UTC')).toBe(formatSignupDate(moment, zone));
    }
  });
});

describe('writeSignupsWorkbook', () => {
  // 5,000 rows through a consumer that pauses on every chunk: seconds on a busy machine.
  it('waits for a slow consumer and still writes every row', { timeout: 30_000 }, async () => {
    let received = 0;
    const chunks: Buffer[] = [];
    const slow = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        received += chunk.length;
        setTimeout(callback, 1);
      },
    });
    const finished = new Promise((resolve) => slow.on('finish', resolve));
    async function* pages() {
      for (let page = 0; page < 5; page += 1) {
        yield Array.from({ length: 1000 }, (_, i) => ({
          email: `r${page}-${i}@example.com`,
          biggestFrustration: 'x'.repeat(200),
        }));
      }
    }
    expect(await writeSignupsWorkbook(slow, pages())).toBe(5000);
    await finished;
    expect(received).toBeGreaterThan(0);
    const book = await readWorkbook(Buffer.concat(chunks));
    expect(book.rows).toHaveLength(5000);
    expect(book.rows.at(-1)![0]).toBe('r4-999@example.com');
  });

  it('stops with ExportAborted when the destination is destroyed midway, without reading every page', async () => {
    const destination = new Writable({
      highWaterMark: 1024,
      write(_chunk, _encoding, callback) {
        destination.destroy();
        callback();
      },
    });
    let pagesRead = 0;
    async function* pages() {
      for (let page = 0; page < 1000; page += 1) {
        pagesRead += 1;
        yield Array.from({ length: 500 }, (_, i) => ({ email: `r${page}-${i}@example.com` }));
      }
    }
    await expect(writeSignupsWorkbook(destination, pages())).rejects.toBeInstanceOf(ExportAborted);
    expect(pagesRead).toBeLessThan(1000);
  });

  it('writes only the header rows for no signups and no referrals', async () => {
    const book = await readBackBook([], 0);
    expect(book.sheetName).toBe(SHEET_NAME);
    expect(book.sheetNames).toEqual([
      SHEET_NAME,
      REFERRALS_SHEET_NAME,
      INVITATIONS_SHEET_NAME,
      ATTRIBUTION_SHEET_NAME,
      REWARDS_SHEET_NAME,
    ]);
    expect(book.rows).toEqual([]);
    expect(book.sheets[REWARDS_SHEET_NAME]).toEqual({
      header: REWARD_COLUMNS.map((column) => column.header),
      rows: [],
    });
    expect(book.sheets[REFERRALS_SHEET_NAME]).toEqual({
      header: REFERRAL_COLUMNS.map((column) => column.header),
      rows: [],
    });
    expect(book.sheets[INVITATIONS_SHEET_NAME]).toEqual({
      header: INVITATION_COLUMNS.map((column) => column.header),
      rows: [[ALL_WAVES, NOT_AVAILABLE, 0, 0, 0, 0, NOT_AVAILABLE]],
    });
    expect(book.sheets[ATTRIBUTION_SHEET_NAME]).toEqual({
      header: ATTRIBUTION_COLUMNS.map((column) => column.header),
      rows: [],
    });
  });

  it('writes the Attribution worksheet: one row per exported signup in order, N/A for what it lacks, no formula', async () => {
    const signups: SignupRecord[][] = [
      [{ email: 'a@example.com', ...FULL_ATTRIBUTION }, { email: 'b@example.com' }],
      [{ email: 'c@example.com', utmSource: '-2+3', utmCampaign: { formula: 'SUM(A1)' } }],
    ];
    const book = await readBackBook(signups, 3);
    expect(book.sheetNames.at(-2)).toBe(ATTRIBUTION_SHEET_NAME);
    const sheet = book.sheets[ATTRIBUTION_SHEET_NAME]!;
    expect(sheet.header).toEqual([
      'Email',
      'Source',
      'Medium',
      'Campaign',
      'Term',
      'Content',
      'Referrer',
      'Landing page',
    ]);
    const missing = (count: number) => Array.from({ length: count }, () => NOT_AVAILABLE);
    expect(sheet.rows).toEqual([
      ['a@example.com', 'newsletter', 'email', 'launch', 'ai travel', 'hero', 'news.example.com', '/'],
      ['b@example.com', ...missing(7)],
      ['c@example.com', "'-2+3", ...missing(1), expect.not.stringMatching(/^=/), ...missing(4)],
    ]);
  });

  it('writes the Invitations worksheet: the funnel of the exported rows, all waves then each wave, the first sheet unchanged', async () => {
    const invitedAt = Date.parse('2026-11-20T10:00:00Z');
    const hour = 3_600_000;
    const signups: SignupRecord[][] = [
      [
        {
          email: 'a@example.com',
          inviteStatus: 'joined',
          inviteWave: 'wave-b',
          invitedAt: invitedAt + hour,
          joinedAt: invitedAt + 3 * hour,
        },
        {
          email: 'b@example.com',
          inviteStatus: 'invited',
          inviteWave: 'wave-b',
          invitedAt: invitedAt + hour,
        },
      ],
      [
        { email: 'c@example.com', inviteStatus: 'expired', inviteWave: 'wave-a', invitedAt },
        {
          email: 'd@example.com',
          inviteStatus: 'declined',
          inviteWave: '=cmd',
          invitedAt: invitedAt + 2 * hour,
        },
        { email: 'e@example.com' },
      ],
    ];
    const book = await readBackBook(signups, 5);
    expect(book.rows).toHaveLength(5);
    const sheet = book.sheets[INVITATIONS_SHEET_NAME]!;
    expect(sheet.header).toEqual([
      'Wave',
      'First Invited At',
      'Invited',
      'Joined',
      'Expired',
      'Declined',
      'Median Hours to Join',
    ]);
    expect(sheet.rows).toEqual([
      [ALL_WAVES, new Date(invitedAt), 4, 1, 1, 1, 2],
      ['wave-a', new Date(invitedAt), 1, 0, 1, 0, NOT_AVAILABLE],
      ['wave-b', new Date(invitedAt + hour), 2, 1, 0, 0, 2],
      ["'=cmd", new Date(invitedAt + 2 * hour), 1, 0, 0, 1, NOT_AVAILABLE],
    ]);
  });

  it("writes the Referrals worksheet: every record, date cells, N/A, no formula; a filtered view keeps its rows' referrals", async () => {
    const createdAt = Date.parse('2026-11-20T10:00:00Z');
    const records: SignupRecord[] = [
      {
        referrer: 'ana@example.com',
        referred: 'bo@example.com',
        code: 'abcd2345',
        status: 'withheld',
        reason: 'network-burst',
        createdAt,
        confirmedAt: createdAt + 60_000,
      },
      { referrer: 'ana@example.com', referred: '=cmd@example.com', status: 'pending', createdAt },
      {
        referrer: 'cy@example.com',
        referred: 'dee@example.com',
        status: 'credited',
        createdAt,
        confirmedAt: createdAt,
        decidedAt: createdAt + 120_000,
        decidedBy: 'admin@silk.travel',
      },
    ];
    const signups = [[{ email: 'bo@example.com' }, { email: 'cy@example.com' }]];
    const all = await readWorkbook(
      (
        await workbookOf(signups, undefined, {
          pages: [records.slice(0, 2), records.slice(2)],
          onlyExportedRows: false,
        })
      ).buffer,
    );
    expect(all.rows).toHaveLength(2); // the first worksheet is unchanged
    const sheet = all.sheets[REFERRALS_SHEET_NAME]!;
    expect(sheet.header).toEqual([
      'Referrer',
      'Referred',
      'Status',
      'Reason',
      'Referred At',
      'Confirmed At',
      'Decided At',
      'Decided By',
    ]);
    expect(sheet.rows).toEqual([
      [
        'ana@example.com',
        'bo@example.com',
        'withheld',
        'network-burst',
        new Date(createdAt),
        new Date(createdAt + 60_000),
        NOT_AVAILABLE,
        NOT_AVAILABLE,
      ],
      [
        'ana@example.com',
        "'=cmd@example.com",
        'pending',
        NOT_AVAILABLE,
        new Date(createdAt),
        NOT_AVAILABLE,
        NOT_AVAILABLE,
        NOT_AVAILABLE,
      ],
      [
        'cy@example.com',
        'dee@example.com',
        'credited',
        NOT_AVAILABLE,
        new Date(createdAt),
        new Date(createdAt),
        new Date(createdAt + 120_000),
        'admin@silk.travel',
      ],
    ]);

    // bo@ is referred in the first, cy@ refers in the third; nobody of the second is in the sheet.
    const filtered = await readWorkbook(
      (await workbookOf(signups, undefined, { pages: [records], onlyExportedRows: true })).buffer,
    );
    expect(filtered.sheets[REFERRALS_SHEET_NAME]!.rows.map((row) => row[1])).toEqual([
      'bo@example.com',
      'dee@example.com',
    ]);
  });

  it("writes the Rewards worksheet: each queue entry, date cells, N/A, no formula; a filtered view keeps its rows' entries", async () => {
    const reachedAt = Date.parse('2026-11-21T09:00:00Z');
    const entries: SignupRecord[] = [
      {
        email: 'ana@example.com',
        tierId: 'early',
        tierName: 'Early beta',
        referrals: 3,
        status: 'fulfilled',
        reachedAt,
        fulfilledAt: reachedAt + 60_000,
        fulfilledBy: 'admin@silk.travel',
      },
      {
        email: 'bo@example.com',
        tierId: 'merch',
        tierName: '=Merch',
        referrals: 10,
        status: 'revoked',
        reachedAt,
        revokedAt: reachedAt,
        revokedBy: 'admin@silk.travel',
      },
    ];
    const signups = [[{ email: 'ana@example.com' }]];
    const all = await readWorkbook((await workbookOf(signups, undefined, undefined, [entries])).buffer);
    const sheet = all.sheets[REWARDS_SHEET_NAME]!;
    expect(sheet.header).toEqual([
      'Email',
      'Reward',
      'Referrals Needed',
      'Status',
      'Reached At',
      'Fulfilled At',
      'Fulfilled By',
      'Revoked At',
      'Revoked By',
    ]);
    expect(sheet.rows).toEqual([
      [
        'ana@example.com',
        'Early beta',
        '3',
        'fulfilled',
        new Date(reachedAt),
        new Date(reachedAt + 60_000),
        'admin@silk.travel',
        NOT_AVAILABLE,
        NOT_AVAILABLE,
      ],
      [
        'bo@example.com',
        "'=Merch",
        '10',
        'revoked',
        new Date(reachedAt),
        NOT_AVAILABLE,
        NOT_AVAILABLE,
        new Date(reachedAt),
        'admin@silk.travel',
      ],
    ]);
    const filtered = await readWorkbook(
      (await workbookOf(signups, undefined, { pages: [], onlyExportedRows: true }, [entries])).buffer,
    );
    expect(filtered.sheets[REWARDS_SHEET_NAME]!.rows.map((row) => row[0])).toEqual(['ana@example.com']);
  });

  it('writes every page, real date cells, no shared strings and no formula for the OWASP payloads', async () => {
    const timestamp = new Date('2026-01-02T03:04:05Z');
    const records: SignupRecord[] = PAYLOADS.map((payload, index) => ({
      email: `p${index}@example.com`,
      biggestFrustration: payload,
      location: { city: payload, country: 'X' },
      timestamp,
    }));
    const { buffer, rows } = await workbookOf([
      records.slice(0, 4),
      records.slice(4),
      [{ email: 'no-date@example.com' }],
    ]);
    expect(rows).toBe(PAYLOADS.length + 1);
    const book = await readWorkbook(buffer);
    expect(book.rows).toHaveLength(PAYLOADS.length + 1);
    PAYLOADS.forEach((payload, index) => {
      const row = book.rows[index]!;
      expect(row[0]).toBe(`p${index}@example.com`);
      // (an XML parser reads a raw CR as LF; the leading quote is what matters)
      expect(row[3]).toBe(`'${payload}`.replace(/\r/g, '\n'));
      expect(String(row[10]).startsWith("'")).toBe(true);
      expect(row[11]).toBeInstanceOf(Date);
      expect((row[11] as Date).getTime()).toBe(timestamp.getTime());
    });
    expect(book.rows.at(-1)![11]).toBe(NOT_AVAILABLE);
    expect(book.sheetXml).not.toMatch(/<f[\s>]/);
    expect(book.files).not.toContain('xl/sharedStrings.xml');
  });

  it('writes the dates in the given zone as the table shows them, and names the zone in the header note', async () => {
    const timestamp = new Date('2026-11-21T23:05:00Z');
    const { buffer } = await workbookOf([[{ email: 'ana@example.com', timestamp }]], 'Europe/Berlin');
    const book = await readWorkbook(buffer);
    expect(book.header).toEqual(SIGNUP_COLUMNS.map((column) => column.header));
    expect(book.headerNotes).toEqual({ 'Signup Date': 'Times in Europe/Berlin' });
    const cell = book.rows[0]![11] as Date;
    expect(cell.toISOString()).toBe('2026-11-22T00:05:00.000Z');
    // A date cell has no zone: Excel shows its fields with DATE_FORMAT, the table's text.
    expect(formatSignupDate(cell, 'UTC')).toBe(formatSignupDate(timestamp, 'Europe/Berlin'));
    expect(formatSignupDate(cell, 'UTC')).toBe('Nov 22, 2026, 12:05 AM');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.getCell('L2').numFmt).toBe(DATE_FORMAT);
  });

  it('uses UTC, and says so, when no zone is given', async () => {
    const timestamp = new Date('2026-11-21T23:05:00Z');
    const book = await readWorkbook((await workbookOf([[{ email: 'ana@example.com', timestamp }]])).buffer);
    expect(book.headerNotes).toEqual({ 'Signup Date': 'Times in UTC' });
    expect((book.rows[0]![11] as Date).getTime()).toBe(timestamp.getTime());
  });
});

describe('DATE_FORMAT', () => {
  it('is the table’s en-US short format: month, day, year, then hour:minute AM/PM', () => {
    expect(DATE_FORMAT).toBe('mmm d, yyyy, h:mm AM/PM');
  });
});
