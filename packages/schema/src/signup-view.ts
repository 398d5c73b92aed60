// The Waitlist Signups tab's view — sort, search and filters — as one value, shared by the admin panel
// (which keeps it in the URL) and the filtered export (which applies it to every page it reads). Pure and
// zod-free, so the panel's bundle stays without zod; the request schema lives in api.ts.
import { FEEDBACK_FIELDS, NOT_AVAILABLE } from './constants';
import type { FeedbackField } from './entities';
import { displayValue, formatLocation, SIGNUP_COLUMNS, toDate, wallClockDate, type SignupColumnKey } from './formatters';

export type SortDirection = 'asc' | 'desc';
export interface SignupSort {
  key: SignupColumnKey;
  direction: SortDirection;
}

export const CONFIRMED_FILTERS = ['all', 'confirmed', 'unconfirmed'] as const;
export type ConfirmedFilter = (typeof CONFIRMED_FILTERS)[number];

export interface SignupView {
  /** null: the list's own order, newest first. */
  sort: SignupSort | null;
  /** Typed text, kept as typed; matched trimmed and case-insensitively. */
  search: string;
  /** Per feedback question, the one answer a row must have (its displayed value: 'N/A' when blank). */
  answers: Partial<Record<FeedbackField, string>>;
  /** Signup date range, inclusive, calendar days YYYY-MM-DD in `timeZone`; null: open. */
  from: string | null;
  to: string | null;
  /** The IANA time zone the days are read in (the panel's, where the table shows its dates). */
  timeZone: string;
  /** Countries a row may be from (any of them); empty: every country. */
  countries: string[];
  confirmed: ConfirmedFilter;
}

/** Newest first, nothing filtered. */
export const DEFAULT_SIGNUP_VIEW: SignupView = {
  sort: null,
  search: '',
  answers: {},
  from: null,
  to: null,
  timeZone: 'UTC',
  countries: [],
  confirmed: 'all',
};

/** The default order, newest first, as a sort: what the table's "Signup Date" header shows without one. */
export const NEWEST_FIRST: SignupSort = { key: 'timestamp', direction: 'desc' };

/** A signup as the panel or the export holds it: its fields are read by name. */
type Row = object;
const fields = (row: Row) => row as Record<string, unknown>;

const COLUMN_KEYS: ReadonlySet<string> = new Set(SIGNUP_COLUMNS.map((column) => column.key));
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Longest text the view carries in one value (search, an answer, a country). */
export const MAX_VIEW_TEXT = 2000;
export const MAX_VIEW_COUNTRIES = 300;

export function isSignupColumnKey(value: unknown): value is SignupColumnKey {
  return typeof value === 'string' && COLUMN_KEYS.has(value);
}

/** A real calendar day written YYYY-MM-DD. */
export function isDay(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** An IANA time zone this runtime knows. */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value === '' || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

// --- URL ------------------------------------------------------------------------------------------

/** The query parameters of a view: one per setting, one per feedback question, `country` repeated. */
export const VIEW_PARAMS = {
  sort: 'sort',
  direction: 'dir',
  search: 'q',
  from: 'from',
  to: 'to',
  timeZone: 'tz',
  country: 'country',
  confirmed: 'status',
} as const;

/** Every query parameter a view may use (the panel leaves the others in the URL alone). */
export const SIGNUP_VIEW_PARAM_NAMES: readonly string[] = [...Object.values(VIEW_PARAMS), ...FEEDBACK_FIELDS];

const text = (value: string | null): string | null =>
  value !== null && value.length <= MAX_VIEW_TEXT ? value : null;

/** The view a URL's query describes; anything unknown or malformed is left out (never throws). */
export function parseSignupView(params: URLSearchParams): SignupView {
  const view: SignupView = { ...DEFAULT_SIGNUP_VIEW, answers: {}, countries: [] };
  const sortKey = params.get(VIEW_PARAMS.sort);
  if (isSignupColumnKey(sortKey)) {
    const direction = params.get(VIEW_PARAMS.direction) === 'desc' ? 'desc' : 'asc';
    view.sort = normalizeSort({ key: sortKey, direction });
  }
  view.search = text(params.get(VIEW_PARAMS.search)) ?? '';
  for (const field of FEEDBACK_FIELDS) {
    const answer = text(params.get(field));
    if (answer) view.answers[field] = answer;
  }
  const from = params.get(VIEW_PARAMS.from);
  const to = params.get(VIEW_PARAMS.to);
  if (isDay(from)) view.from = from;
  if (isDay(to)) view.to = to;
  const timeZone = params.get(VIEW_PARAMS.timeZone);
  if (isTimeZone(timeZone)) view.timeZone = timeZone;
  const countries = params.getAll(VIEW_PARAMS.country).filter((country) => country !== '' && text(country));
  view.countries = [...new Set(countries)].slice(0, MAX_VIEW_COUNTRIES);
  const confirmed = params.get(VIEW_PARAMS.confirmed);
  if (confirmed === 'confirmed' || confirmed === 'unconfirmed') view.confirmed = confirmed;
  return view;
}

/** The query parameters of a view; defaults are left out, so the plain table has a plain URL. */
export function signupViewToSearchParams(view: SignupView): URLSearchParams {
  const params = new URLSearchParams();
  const sort = normalizeSort(view.sort);
  if (sort) {
    params.set(VIEW_PARAMS.sort, sort.key);
    params.set(VIEW_PARAMS.direction, sort.direction);
  }
  if (view.search !== '') params.set(VIEW_PARAMS.search, view.search);
  for (const field of FEEDBACK_FIELDS) {
    const answer = view.answers[field];
    if (answer) params.set(field, answer);
  }
  if (view.from) params.set(VIEW_PARAMS.from, view.from);
  if (view.to) params.set(VIEW_PARAMS.to, view.to);
  if ((view.from || view.to) && view.timeZone !== DEFAULT_SIGNUP_VIEW.timeZone) {
    params.set(VIEW_PARAMS.timeZone, view.timeZone);
  }
  for (const country of view.countries) params.append(VIEW_PARAMS.country, country);
  if (view.confirmed !== 'all') params.set(VIEW_PARAMS.confirmed, view.confirmed);
  return params;
}

/** Newest first is the list's own order: written as no sort. */
export function normalizeSort(sort: SignupSort | null): SignupSort | null {
  if (!sort || (sort.key === NEWEST_FIRST.key && sort.direction === NEWEST_FIRST.direction)) return null;
  return sort;
}

/** The sort after a click on a column's header: the sorted column flips, another starts ascending. */
export function nextSort(current: SignupSort | null, key: SignupColumnKey): SignupSort | null {
  const shown = current ?? NEWEST_FIRST;
  if (shown.key === key) return normalizeSort({ key, direction: shown.direction === 'asc' ? 'desc' : 'asc' });
  return { key, direction: 'asc' };
}

/** Whether the view leaves rows out (a sort alone does not). */
export function isFilteredView(view: SignupView): boolean {
  return (
    view.search.trim() !== '' ||
    Object.values(view.answers).some(Boolean) ||
    view.from !== null ||
    view.to !== null ||
    view.countries.length > 0 ||
    view.confirmed !== 'all'
  );
}

// --- What a row is made of ------------------------------------------------------------------------

/** The answers search looks through: the feedback questions and the AI tool, all shown in the table. */
const SEARCHED_ANSWERS: readonly string[] = [...FEEDBACK_FIELDS, 'aiTool'];

const isNumber = (text: string) => text !== '' && Number.isFinite(Number(text));

/**
 * A location's country: an object's country_name (older records, where `country` is a code), else its
 * country; text's last comma-separated part that is not a number ("Lisbon, Portugal, 38.7, -9.1" →
 * Portugal). 'N/A' when unknown.
 */
export function countryOf(location: unknown): string {
  if (typeof location === 'string') {
    const parts = location.split(',').map((part) => part.trim());
    const country = parts.findLast((part) => part !== '' && part !== NOT_AVAILABLE && !isNumber(part));
    return country ?? NOT_AVAILABLE;
  }
  if (!location || typeof location !== 'object' || Array.isArray(location)) return NOT_AVAILABLE;
  const { country_name: name, country } = location as Record<string, unknown>;
  for (const candidate of [name, country]) {
    const value = displayValue(candidate).trim();
    if (value !== NOT_AVAILABLE && value !== '') return value;
  }
  return NOT_AVAILABLE;
}

/** The displayed answer of one feedback question ('N/A' when blank). */
export function answerOf(row: Row, field: FeedbackField): string {
  return displayValue(fields(row)[field]);
}

/** Confirmed: the server recorded `confirmedAt` when the "Confirm my spot" link was followed. */
export function isConfirmedSignup(row: Row): boolean {
  const { confirmedAt } = fields(row);
  return confirmedAt !== undefined && confirmedAt !== null;
}

// What matching and sorting read of a row, each worked out at its first use and kept per row object:
// rows are replaced (new objects) when their document changes, so the cache stays right.
interface RowFacts {
  /** Lowercase e-mail, location text and every answer, one per line. */
  haystack?: string;
  country?: string;
  /** Signup time in epoch ms; NaN without one. */
  time?: number;
}

const factsCache = new WeakMap<object, RowFacts>();

function factsOf(row: Row): RowFacts {
  let facts = factsCache.get(row);
  if (!facts) {
    facts = {};
    factsCache.set(row, facts);
  }
  return facts;
}

function haystackOf(row: Row): string {
  const facts = factsOf(row);
  if (facts.haystack === undefined) {
    const record = fields(row);
    let text = `${displayValue(record.email)}\n${formatLocation(record.location)}`;
    for (const field of SEARCHED_ANSWERS) text += `\n${displayValue(record[field])}`;
    facts.haystack = text.toLowerCase();
  }
  return facts.haystack;
}

/** Works out the search text of rows[start, end) ahead of the first search (the panel does it when idle). */
export function prepareSignupSearch(rows: readonly Row[], start = 0, end = rows.length): void {
  for (const row of rows.slice(start, end)) haystackOf(row);
}

function rowCountry(row: Row): string {
  const facts = factsOf(row);
  facts.country ??= countryOf(fields(row).location);
  return facts.country;
}

function rowTime(row: Row): number {
  const facts = factsOf(row);
  facts.time ??= toDate(fields(row).timestamp)?.getTime() ?? Number.NaN;
  return facts.time;
}

/** The answers given to each question among `rows` with how often, most frequent first. */
export function answerOptions(rows: readonly Row[]): Record<FeedbackField, Array<{ value: string; count: number }>> {
  const counts = Object.fromEntries(FEEDBACK_FIELDS.map((field) => [field, new Map<string, number>()])) as Record<
    FeedbackField,
    Map<string, number>
  >;
  for (const row of rows) {
    for (const field of FEEDBACK_FIELDS) {
      const value = answerOf(row, field);
      const map = counts[field];
      map.set(value, (map.get(value) ?? 0) + 1);
    }
  }
  return Object.fromEntries(
    FEEDBACK_FIELDS.map((field) => [field, ranked(counts[field])]),
  ) as Record<FeedbackField, Array<{ value: string; count: number }>>;
}

/** The countries among `rows` with how many signups each, alphabetical ('N/A' last). */
export function countryOptions(rows: readonly Row[]): Array<{ value: string; count: number }> {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const country = rowCountry(row);
    counts.set(country, (counts.get(country) ?? 0) + 1);
  }
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => naLast(a.value, b.value) || compareText(a.value.toLowerCase(), b.value.toLowerCase()));
}

function ranked(counts: Map<string, number>): Array<{ value: string; count: number }> {
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || compareText(a.value.toLowerCase(), b.value.toLowerCase()));
}

// --- Matching -------------------------------------------------------------------------------------

/** Epoch ms of 00:00 on `day` in `timeZone`. */
export function dayStart(day: string, timeZone: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(year, month - 1, date);
  if (timeZone === 'UTC') return utcMidnight;
  // The zone's offset at that moment, then again at the corrected moment (a DST change in between).
  let guess = utcMidnight - zoneOffset(utcMidnight, timeZone);
  guess = utcMidnight - zoneOffset(guess, timeZone);
  return guess;
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in ms. */
function zoneOffset(instant: number, timeZone: string): number {
  return (wallClockDate(instant, timeZone)?.getTime() ?? instant) - instant;
}

/** The day after a YYYY-MM-DD day. */
function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

/** A test of one row against the view's search and filters (its sort aside); build once per view. */
export function signupMatcher(view: SignupView): (row: Row) => boolean {
  const needle = view.search.trim().toLowerCase();
  const answers = FEEDBACK_FIELDS.flatMap((field) => {
    const value = view.answers[field];
    return value ? [[field, value] as const] : [];
  });
  const countries = view.countries.length > 0 ? new Set(view.countries) : null;
  const timeZone = isTimeZone(view.timeZone) ? view.timeZone : 'UTC';
  const start = view.from ? dayStart(view.from, timeZone) : null;
  const end = view.to ? dayStart(nextDay(view.to), timeZone) : null;
  const { confirmed } = view;

  return (row) => {
    if (confirmed !== 'all' && isConfirmedSignup(row) !== (confirmed === 'confirmed')) return false;
    for (const [field, value] of answers) if (answerOf(row, field) !== value) return false;
    if (start !== null && !(rowTime(row) >= start)) return false;
    if (end !== null && !(rowTime(row) < end)) return false;
    if (countries !== null && !countries.has(rowCountry(row))) return false;
    return needle === '' || haystackOf(row).includes(needle);
  };
}

/**
 * Whether every row `next` leaves is also one `previous` leaves, so that `next` may filter the previous
 * result instead of every row: the same filters, and a search that contains the previous one (typing on).
 */
export function narrowsView(previous: SignupView, next: SignupView): boolean {
  const { search: previousSearch, sort: _previousSort, ...previousFilters } = previous;
  const { search: nextSearch, sort: _nextSort, ...nextFilters } = next;
  return (
    JSON.stringify(previousFilters) === JSON.stringify(nextFilters) &&
    nextSearch.trim().toLowerCase().includes(previousSearch.trim().toLowerCase())
  );
}

// --- Sorting --------------------------------------------------------------------------------------

function naLast(a: string, b: string): number {
  return Number(a === NOT_AVAILABLE) - Number(b === NOT_AVAILABLE);
}

/**
 * What a column sorts by: the time for the signup date (NaN without one), else the cell's text in
 * lowercase, compared by character code (Intl.Collator took ~3x as long at 100,000 rows).
 */
function sortValue(row: Row, key: SignupColumnKey): string | number {
  if (key === 'timestamp') return rowTime(row);
  const text = key === 'location' ? formatLocation(fields(row).location) : displayValue(fields(row)[key]);
  return text === NOT_AVAILABLE ? text : text.toLowerCase();
}

function compareText(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

function compareValues(a: string | number, b: string | number, direction: SortDirection): number {
  // Rows without a value ('N/A', no date) come last whichever the direction.
  if (typeof a === 'number' && typeof b === 'number') {
    const missing = Number(Number.isNaN(a)) - Number(Number.isNaN(b));
    if (missing !== 0 || Number.isNaN(a)) return missing;
    return direction === 'asc' ? a - b : b - a;
  }
  const missing = naLast(String(a), String(b));
  if (missing !== 0) return missing;
  const order = compareText(String(a), String(b));
  return direction === 'asc' ? order : -order;
}

/** Orders two rows by the sort (0 for ties: a stable sort keeps the list's newest-first order). */
export function signupComparator(sort: SignupSort): (a: Row, b: Row) => number {
  return (a, b) => compareValues(sortValue(a, sort.key), sortValue(b, sort.key), sort.direction);
}

/**
 * The rows in the sort's order (a new array); ties keep their order in `rows`. No sort: `rows` itself.
 * Each row's value is read once, not at every comparison.
 */
export function sortSignups<T extends Row>(rows: T[], sort: SignupSort | null): T[] {
  const order = normalizeSort(sort);
  if (!order) return rows;
  const keyed = rows.map((row, index) => ({ row, index, value: sortValue(row, order.key) }));
  keyed.sort((a, b) => compareValues(a.value, b.value, order.direction) || a.index - b.index);
  return keyed.map((item) => item.row);
}
