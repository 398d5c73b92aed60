// Formatting of PRODUCT.md#data (admin view) shared by the admin table and the spreadsheet export.
import { DATE_LOCALE, NOT_AVAILABLE } from './constants';
import { SIGNUP_COLUMN_SPECS, type SignupColumnKey } from './signup-fields';

export type { SignupColumnKey };

/** The admin table's 12 columns in order, key and header (the registry, signup-fields.ts); the export uses the same. */
export const SIGNUP_COLUMNS: ReadonlyArray<{ key: SignupColumnKey; header: string }> =
  SIGNUP_COLUMN_SPECS.map(({ key, header }) => ({ key, header }));

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** A plain display value: 'N/A' when missing, arrays joined by commas, objects never shown raw. */
export function displayValue(value: unknown): string {
  if (isBlank(value)) return NOT_AVAILABLE;
  if (Array.isArray(value)) {
    const parts = value.filter((item) => !isBlank(item)).map(String);
    return parts.length > 0 ? parts.join(', ') : NOT_AVAILABLE;
  }
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return NOT_AVAILABLE;
}

/** Converts a Date, a Firestore Timestamp (client or admin), epoch millis or an ISO string to a Date. */
export function toDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'number') return toDate(new Date(value));
  if (typeof value === 'string' && value.trim() !== '') return toDate(new Date(value));
  if (value && typeof value === 'object') {
    const candidate = value as { toDate?: unknown; seconds?: unknown; nanoseconds?: unknown };
    if (typeof candidate.toDate === 'function') return toDate((candidate.toDate as () => Date).call(value));
    if (typeof candidate.seconds === 'number') {
      const nanos = typeof candidate.nanoseconds === 'number' ? candidate.nanoseconds : 0;
      return toDate(candidate.seconds * 1000 + Math.floor(nanos / 1e6));
    }
  }
  return null;
}

/**
 * One Intl.DateTimeFormat per options key, made on first use. `Date#toLocaleString` with options
 * builds a new ICU formatter at every call (~30x the cost of formatting), and each one is a native
 * object the garbage collector must finalise: a table scrolled through thousands of rows set off
 * collections that took whole frames.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(DATE_LOCALE, options);
    dateFormats.set(key, format);
  }
  return format;
}

/** en-US short month, day, year, hour and minute ("Nov 21, 2026, 11:20 PM"); 'N/A' if missing. */
export function formatSignupDate(value: unknown, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return NOT_AVAILABLE;
  return dateFormat(`signup ${timeZone ?? ''}`, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}

/**
 * The moment as `timeZone`'s wall clock, held in a Date's UTC fields — how a spreadsheet's date cell,
 * which has no zone, shows it: formatSignupDate(wallClockDate(v, zone), 'UTC') equals
 * formatSignupDate(v, zone). null if missing.
 */
export function wallClockDate(value: unknown, timeZone: string): Date | null {
  const date = toDate(value);
  if (!date) return null;
  const format = dateFormat(`wall clock ${timeZone}`, {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const part = { year: 0, month: 1, day: 1, hour: 0, minute: 0, second: 0 };
  for (const { type, value: text } of format.formatToParts(date)) {
    if (type in part) part[type as keyof typeof part] = Number(text);
  }
  const wall = Date.UTC(part.year, part.month - 1, part.day, part.hour, part.minute, part.second);
  return new Date(wall + date.getUTCMilliseconds());
}

const LOCATION_PARTS = ['city', 'region', 'country_name', 'country', 'latitude', 'longitude'] as const;

/**
 * Location as text, or an object's city, region, country_name, country, latitude and longitude joined
 * by commas. Unknown parts ('N/A', empty) are left out; nothing known gives 'N/A'.
 */
export function formatLocation(value: unknown): string {
  if (typeof value === 'string') return isBlank(value) ? NOT_AVAILABLE : value;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return NOT_AVAILABLE;
  const record = value as Record<string, unknown>;
  const parts = LOCATION_PARTS.map((key) => record[key])
    .filter((part): part is string | number => typeof part === 'string' || typeof part === 'number')
    .map(String)
    .filter((part) => part.trim() !== '' && part !== NOT_AVAILABLE);
  return parts.length > 0 ? parts.join(', ') : NOT_AVAILABLE;
}

/** Text of one admin-table cell. */
export function formatSignupCell(key: SignupColumnKey, record: Record<string, unknown>): string {
  if (key === 'timestamp') return formatSignupDate(record.timestamp);
  if (key === 'location') return formatLocation(record.location);
  return displayValue(record[key]);
}

/** waitlist_signups_YYYY-MM-DD.xlsx for the given moment (ISO date, UTC). */
export function spreadsheetFileName(date: Date = new Date()): string {
  return `waitlist_signups_${date.toISOString().slice(0, 10)}.xlsx`;
}

/** waitlist_signups_YYYY-MM-DD_filtered.xlsx: the export of the table's current view (same date rule). */
export function filteredSpreadsheetFileName(date: Date = new Date()): string {
  return spreadsheetFileName(date).replace(/\.xlsx$/, '_filtered.xlsx');
}
