// The spreadsheet of waitlist signups: the admin table's 12 columns (headers and widths from the signup
// fields registry), written with exceljs' streaming WorkbookWriter (no shared strings) so memory stays
// flat whatever the row count.
// Only plain strings, numbers and Dates ever reach exceljs (an object with a `formula` key would become
// a formula cell), and text that a spreadsheet would read as a formula is neutralised (OWASP CSV
// injection): a leading `'` before = + - @ tab CR LF (after leading spaces).
// Signup dates are date cells on the downloader's wall clock (a cell has no zone), formatted like the
// admin table's text; the header's note names the zone.
// A second worksheet, "Referrals", lists the referral records (referrer, referred, status, reason and
// their dates); a third, "Invitations", the invitation funnel of the exported rows (all waves, then
// each wave); a fourth, "Attribution", each exported signup's attribution (its UTM parameters,
// referring host and landing path); a fifth, "Rewards", the reward fulfilment queue (who reached which
// tier, its state, who fulfilled or revoked it and when); the first keeps its 12 columns.
import { ATTRIBUTION_LABELS } from '@silk/schema/attribution';
import { NOT_AVAILABLE } from '@silk/schema/constants';
import { displayValue, formatLocation, SIGNUP_COLUMNS, toDate, wallClockDate } from '@silk/schema/formatters';
import { inviteFunnelCounter, type InviteFunnels } from '@silk/schema/invite-funnel';
import type { InviteFunnel } from '@silk/schema/invites';
import { spreadsheetTimesNote } from '@silk/schema/messages';
import { ATTRIBUTION_SIGNUP_FIELDS, SIGNUP_COLUMN_SPECS } from '@silk/schema/signup-fields';
import type { stream, Style, Worksheet } from 'exceljs';
import type { Writable } from 'node:stream';

export type CellValue = string | number | Date;
export type SignupRecord = Record<string, unknown>;

export const SHEET_NAME = 'Waitlist Signups';
export const REFERRALS_SHEET_NAME = 'Referrals';

/** The Referrals worksheet's columns: a referral record's fields (ReferralRecord), dates as date cells. */
export const REFERRAL_COLUMNS = [
  { key: 'referrer', header: 'Referrer', width: 32 },
  { key: 'referred', header: 'Referred', width: 32 },
  { key: 'status', header: 'Status', width: 12 },
  { key: 'reason', header: 'Reason', width: 20 },
  { key: 'createdAt', header: 'Referred At', width: 22, date: true },
  { key: 'confirmedAt', header: 'Confirmed At', width: 22, date: true },
  { key: 'decidedAt', header: 'Decided At', width: 22, date: true },
  { key: 'decidedBy', header: 'Decided By', width: 32 },
] as const;
export const INVITATIONS_SHEET_NAME = 'Invitations';
/** The first Invitations row: every wave together. */
export const ALL_WAVES = 'All waves';

/** The Invitations worksheet's columns: one funnel per row. */
export const INVITATION_COLUMNS = [
  { key: 'wave', header: 'Wave', width: 28 },
  { key: 'firstInvitedAt', header: 'First Invited At', width: 22, date: true },
  { key: 'invited', header: 'Invited', width: 10 },
  { key: 'joined', header: 'Joined', width: 10 },
  { key: 'expired', header: 'Expired', width: 10 },
  { key: 'declined', header: 'Declined', width: 10 },
  { key: 'medianHoursToJoin', header: 'Median Hours to Join', width: 20 },
] as const;

export const ATTRIBUTION_SHEET_NAME = 'Attribution';
export const REWARDS_SHEET_NAME = 'Rewards';

/** The Rewards worksheet's columns: a queue entry's fields (RewardEntry), dates as date cells. */
export const REWARD_COLUMNS = [
  { key: 'email', header: 'Email', width: 32 },
  { key: 'tierName', header: 'Reward', width: 24 },
  { key: 'referrals', header: 'Referrals Needed', width: 16 },
  { key: 'status', header: 'Status', width: 12 },
  { key: 'reachedAt', header: 'Reached At', width: 22, date: true },
  { key: 'fulfilledAt', header: 'Fulfilled At', width: 22, date: true },
  { key: 'fulfilledBy', header: 'Fulfilled By', width: 32 },
  { key: 'revokedAt', header: 'Revoked At', width: 22, date: true },
  { key: 'revokedBy', header: 'Revoked By', width: 32 },
] as const;

/** The Attribution worksheet's columns: the signup's address, then its attribution fields in registry order. */
export const ATTRIBUTION_COLUMNS: ReadonlyArray<{ key: string; header: string; width: number }> = [
  { key: 'email', header: 'Email', width: 32 },
  ...ATTRIBUTION_SIGNUP_FIELDS.map(({ key }) => ({
    key,
    header: ATTRIBUTION_LABELS[key],
    width: key === 'referrerHost' || key === 'landingPath' ? 28 : 20,
  })),
];

/** Reads as formatSignupDate writes: "Nov 21, 2026, 11:20 PM". */
export const DATE_FORMAT = 'mmm d, yyyy, h:mm AM/PM';
export const DEFAULT_TIME_ZONE = 'UTC';
/** Excel's limit for the text of one cell. */
export const MAX_CELL_TEXT = 32_767;

// Characters XML 1.0 cannot carry (they would corrupt the sheet), and lone surrogates.
const INVALID_XML =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// = + - @ (and their full-width forms), tab, CR, LF, after any leading spaces.
const FORMULA_START = /^ *[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;

/** Text as it may enter a cell: valid XML, within Excel's limit, never read as a formula. */
export function safeText(value: string): string {
  let text = value.replace(INVALID_XML, '');
  if (FORMULA_START.test(text)) text = `'${text}`;
  return text.length > MAX_CELL_TEXT ? text.slice(0, MAX_CELL_TEXT) : text;
}

const QUARTER_HOUR_MS = 15 * 60 * 1000;

/**
 * The signup date cells of one export: the moment on `timeZone`'s wall clock (wallClockDate). A zone's
 * offset and its changes are whole quarter hours (in every zone of today's tz database), so it is
 * looked up once per quarter hour: Intl per row would cost ~0.6 s per 100,000 rows.
 */
export function zonedDates(timeZone: string): (value: unknown) => Date | null {
  if (timeZone === DEFAULT_TIME_ZONE) return toDate;
  const offsets = new Map<number, number>();
  return (value) => {
    const date = toDate(value);
    if (!date) return null;
    const quarter = Math.floor(date.getTime() / QUARTER_HOUR_MS);
    let offset = offsets.get(quarter);
    if (offset === undefined) {
      const start = new Date(quarter * QUARTER_HOUR_MS);
      offset = (wallClockDate(start, timeZone) ?? start).getTime() - start.getTime();
      offsets.set(quarter, offset);
    }
    return new Date(date.getTime() + offset);
  };
}

/** One spreadsheet row: text cells (N/A when missing) and the signup date as a real date cell. */
export function signupRow(
  record: SignupRecord,
  dates: (value: unknown) => Date | null = toDate,
): CellValue[] {
  return SIGNUP_COLUMNS.map(({ key }) => {
    if (key === 'timestamp') return dates(record.timestamp) ?? NOT_AVAILABLE;
    if (key === 'location') return safeText(formatLocation(record.location));
    return safeText(displayValue(record[key]));
  });
}

/** One row of a record's columns: text cells (N/A when missing), the dates as date cells. */
function recordRow(
  columns: ReadonlyArray<{ key: string; date?: boolean }>,
  record: SignupRecord,
  dates: (value: unknown) => Date | null,
): CellValue[] {
  return columns.map((column) =>
    column.date ? (dates(record[column.key]) ?? NOT_AVAILABLE) : safeText(displayValue(record[column.key])),
  );
}

/** One Referrals row: text cells (N/A when missing), the dates as date cells. */
export function referralRow(
  record: SignupRecord,
  dates: (value: unknown) => Date | null = toDate,
): CellValue[] {
  return recordRow(REFERRAL_COLUMNS, record, dates);
}

/** One Rewards row: text cells (N/A when missing), the dates as date cells. */
export function rewardRow(
  record: SignupRecord,
  dates: (value: unknown) => Date | null = toDate,
): CellValue[] {
  return recordRow(REWARD_COLUMNS, record, dates);
}

/**
 * One Attribution row: the address and each attribution field (N/A when missing). A signup without any
 * is kept as its address alone (rows are held until the worksheet's turn: a string per signup is small).
 */
export function attributionRow(record: SignupRecord): CellValue[] | string {
  const email = safeText(displayValue(record.email));
  if (!ATTRIBUTION_SIGNUP_FIELDS.some(({ key }) => typeof record[key] === 'string')) return email;
  return [email, ...ATTRIBUTION_SIGNUP_FIELDS.map(({ key }) => safeText(displayValue(record[key])))];
}

const attributionCells = (row: CellValue[] | string): CellValue[] =>
  typeof row === 'string' ? [row, ...ATTRIBUTION_SIGNUP_FIELDS.map(() => NOT_AVAILABLE)] : row;

const HOUR_MS = 3_600_000;

/** The Invitations rows: all waves first, then each wave, oldest first; counts and hours as numbers. */
export function invitationRows(
  { overall, waves }: InviteFunnels,
  dates: (value: unknown) => Date | null = toDate,
): CellValue[][] {
  const row = (wave: string, firstInvitedAt: number | null, funnel: InviteFunnel): CellValue[] => [
    safeText(wave),
    (firstInvitedAt === null ? null : dates(firstInvitedAt)) ?? NOT_AVAILABLE,
    funnel.invited,
    funnel.joined,
    funnel.expired,
    funnel.declined,
    funnel.medianTimeToJoinMs === null
      ? NOT_AVAILABLE
      : Math.round((funnel.medianTimeToJoinMs / HOUR_MS) * 10) / 10,
  ];
  const first = waves.reduce<number | null>(
    (earliest, { firstInvitedAt }) =>
      firstInvitedAt !== null && (earliest === null || firstInvitedAt < earliest) ? firstInvitedAt : earliest,
    null,
  );
  return [
    row(ALL_WAVES, first, overall),
    ...waves.map((wave) => row(wave.waveId, wave.firstInvitedAt, wave)),
  ];
}

const TEXT_STYLE: Partial<Style> = {};
const DATE_STYLE: Partial<Style> = { numFmt: DATE_FORMAT };

const MAX_PENDING_SHEET_BYTES = 1024 * 1024;
/** Rows written between two waits for the stream, where the rows come from memory. */
const EXPORT_PAGE_ROWS = 1000;

/** The stream the workbook goes to was destroyed (the client went away): stop reading and writing. */
export class ExportAborted extends Error {
  constructor() {
    super('the export stream was closed before the workbook was complete');
    this.name = 'ExportAborted';
  }
}

/** Resolves on 'drain', or on 'close' (a destroyed stream never drains). */
function waitFor(stream: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

/**
 * exceljs writes each row's XML into the zip's deflate stream without heeding backpressure, so when
 * XML is produced faster than it is compressed (deflate runs on the thread pool, sharing the CPU) the
 * uncompressed XML piles up — tens of MB for 100,000 rows. Between pages, wait until the sheet's
 * consumers have taken it. (`stream.pipes` is exceljs' StreamBuf internals: if it is absent, this only
 * stops limiting memory.)
 */
async function drained(sheet: Worksheet): Promise<void> {
  const pipes = (sheet as unknown as { stream?: { pipes?: unknown } }).stream?.pipes;
  if (!Array.isArray(pipes)) return;
  // archiver's streams come from readable-stream 2, which has no `writableLength`.
  const pending = (pipe: Writable) =>
    pipe.writableLength ??
    (pipe as unknown as { _writableState?: { length?: number } })._writableState?.length ??
    0;
  for (const pipe of pipes as Writable[]) {
    while (pending(pipe) > MAX_PENDING_SHEET_BYTES && !pipe.destroyed) await waitFor(pipe);
  }
}

/** A worksheet's column: its key, header and width, and whether its cells are dates. */
interface SheetColumn {
  key: string;
  header: string;
  width: number;
  date?: boolean;
}

/**
 * A worksheet as every one of ours starts: the header row frozen and bold, its dates column noting the
 * time zone, and a row writer giving each cell its column's shared style (exceljs caches a style by
 * object identity, whereas a fresh object per cell costs it an XML serialisation per cell: 2.5x slower
 * for 100,000 rows).
 */
function addSheet(
  workbook: stream.xlsx.WorkbookWriter,
  name: string,
  columns: readonly SheetColumn[],
  times?: { column: string; timeZone: string },
): { sheet: Worksheet; addRow: (cells: CellValue[]) => void } {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map(({ key, header, width }) => ({ header, key, width }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  if (times) {
    header.getCell(columns.findIndex(({ key }) => key === times.column) + 1).note = spreadsheetTimesNote(
      times.timeZone,
    );
  }
  header.commit();
  const styles = columns.map((column) => (column.date ? DATE_STYLE : TEXT_STYLE));
  return {
    sheet,
    addRow: (cells) => {
      const row = sheet.addRow(cells);
      styles.forEach((style, index) => {
        row.getCell(index + 1).style = style;
      });
      row.commit();
    },
  };
}

/** Where the Referrals worksheet's rows come from. */
export interface ReferralsSource {
  pages: AsyncIterable<readonly SignupRecord[]>;
  /** Only the referrals whose referrer or referred person is a row of the first worksheet (a filtered view). */
  onlyExportedRows: boolean;
}

async function waitForSheet(stream: Writable, sheet: Worksheet): Promise<void> {
  await drained(sheet);
  if (stream.writableNeedDrain) await waitFor(stream);
  if (stream.destroyed) throw new ExportAborted();
}

/**
 * Streams the workbook into `stream` (ended when done) page by page; waits for the stream to drain
 * between pages so a slow client never makes the rows pile up in memory. Signup dates are in
 * `timeZone` (an IANA zone Intl accepts). The Referrals worksheet follows (just its header without
 * `referrals`), then the Invitations worksheet (the funnel of the signup rows written), then the
 * Attribution worksheet (one row per signup row written, in the same order), then the Rewards worksheet
 * (the queue entries of `rewards`; with a filtered view, those of its rows). Returns the signup row
 * count.
 */
export async function writeSignupsWorkbook(
  stream: Writable,
  pages: AsyncIterable<readonly SignupRecord[]>,
  timeZone = DEFAULT_TIME_ZONE,
  referrals?: ReferralsSource,
  rewards?: AsyncIterable<readonly SignupRecord[]>,
): Promise<number> {
  // exceljs is loaded here, at the first export, not with the bundle that every function loads.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useSharedStrings: false,
    useStyles: true, // needed for the date cells' number format
    // Fastest deflate: ~20% less CPU than the default for a ~25% larger file (9 MB per 100,000 rows).
    zip: { zlib: { level: 1 } },
  });
  const timesIn = (column: string) => ({ column, timeZone });
  const signups = addSheet(
    workbook,
    SHEET_NAME,
    SIGNUP_COLUMN_SPECS.map(({ key, header, sheetWidth }) => ({
      key,
      header,
      width: sheetWidth,
      date: key === 'timestamp',
    })),
    timesIn('timestamp'),
  );
  const dates = zonedDates(timeZone);
  let rows = 0;
  const exported = referrals?.onlyExportedRows ? new Set<string>() : null;
  const funnel = inviteFunnelCounter();
  // The Attribution rows wait for their worksheet: exceljs writes one worksheet after the other.
  const attribution: Array<CellValue[] | string> = [];
  for await (const page of pages) {
    for (const record of page) {
      funnel.add(record);
      attribution.push(attributionRow(record));
      signups.addRow(signupRow(record, dates));
      rows += 1;
      if (exported && typeof record.email === 'string') exported.add(record.email);
    }
    await waitForSheet(stream, signups.sheet);
  }
  signups.sheet.commit();

  const referralSheet = addSheet(workbook, REFERRALS_SHEET_NAME, REFERRAL_COLUMNS, timesIn('createdAt'));
  const kept = (record: SignupRecord) =>
    !exported || exported.has(String(record.referrer)) || exported.has(String(record.referred));
  for await (const page of referrals?.pages ?? []) {
    for (const record of page) {
      if (kept(record)) referralSheet.addRow(referralRow(record, dates));
    }
    await waitForSheet(stream, referralSheet.sheet);
  }
  referralSheet.sheet.commit();

  const invitationSheet = addSheet(
    workbook,
    INVITATIONS_SHEET_NAME,
    INVITATION_COLUMNS,
    timesIn('firstInvitedAt'),
  );
  for (const cells of invitationRows(funnel.result(), dates)) invitationSheet.addRow(cells);
  invitationSheet.sheet.commit();

  const attributionSheet = addSheet(workbook, ATTRIBUTION_SHEET_NAME, ATTRIBUTION_COLUMNS);
  for (const [index, cells] of attribution.entries()) {
    attributionSheet.addRow(attributionCells(cells));
    if (index % EXPORT_PAGE_ROWS === EXPORT_PAGE_ROWS - 1) await waitForSheet(stream, attributionSheet.sheet);
  }
  attributionSheet.sheet.commit();

  const rewardSheet = addSheet(workbook, REWARDS_SHEET_NAME, REWARD_COLUMNS, timesIn('reachedAt'));
  for await (const page of rewards ?? []) {
    for (const record of page) {
      if (!exported || exported.has(String(record.email))) rewardSheet.addRow(rewardRow(record, dates));
    }
    await waitForSheet(stream, rewardSheet.sheet);
  }
  rewardSheet.sheet.commit();
  await workbook.commit();
  return rows;
}
