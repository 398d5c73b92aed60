// A CSV file exported from another waitlist tool, read as the import reads it: its header and records
// (d3-dsv: quoted fields, commas and line breaks inside quotes; a byte-order mark dropped), a suggested
// mapping of its columns, its records mapped to ImportRows, and `importRowProblems`, the one check the
// panel's preview, the importChunk function and the bench apply to each row. Pure and zod-free.
import { csvParseRows } from 'd3-dsv';
import { FEEDBACK_FIELDS, signupField, UTM_VALUE_PATTERN, type FeedbackField } from './signup-fields';
import { isValidSignupEmail, normalizeEmail } from './validators';
import type { ImportColumnTarget, ImportMapping, ImportProblem, ImportRow, ImportRowReport } from './imports';

/** A file's header and records; record `i` is at line `i + 2` (the header is line 1). */
export interface ParsedCsv {
  headers: string[];
  records: string[][];
}

/**
 * The file's header (each name trimmed; an empty one becomes "Column N", a repeated one "Name (2)", so
 * that a mapping names each column once) and its records.
 */
export function parseCsv(text: string): ParsedCsv {
  const [head = [], ...records] = csvParseRows(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  const taken = new Set<string>();
  const headers = head.map((raw, index) => {
    const base = raw.trim() || `Column ${index + 1}`;
    let name = base;
    for (let n = 2; taken.has(name); n += 1) name = `${base} (${n})`;
    taken.add(name);
    return name;
  });
  return { headers, records };
}

const squash = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Header names other tools give each column (lower case, letters and digits only). */
const KNOWN_HEADERS: ReadonlyArray<[ImportColumnTarget, readonly string[]]> = [
  ['email', ['email', 'emailaddress', 'mail', 'subscriberemail', 'useremail']],
  [
    'timestamp',
    [
      'createdat',
      'created',
      'signupdate',
      'signuptime',
      'signedupat',
      'signedup',
      'joined',
      'joinedat',
      'joindate',
      'subscribedat',
      'timestamp',
      'date',
    ],
  ],
  ['source', ['source', 'utmsource', 'referrer', 'referer', 'referralsource', 'channel']],
  // A feedback answer by its column's header in the table and spreadsheet, or its key.
  ...FEEDBACK_FIELDS.map((key): [ImportColumnTarget, string[]] => [
    key,
    [squash(signupField(key).column?.header ?? key), squash(key)],
  ]),
];

/** Each header mapped to what it most likely holds (each target at most once: the first column wins). */
export function suggestMapping(headers: readonly string[]): ImportMapping {
  const used = new Set<ImportColumnTarget>();
  return Object.fromEntries(
    headers.map((header) => {
      const known = KNOWN_HEADERS.find(
        ([target, names]) => !used.has(target) && names.includes(squash(header)),
      );
      if (known) used.add(known[0]);
      return [header, known?.[0] ?? 'ignore'];
    }),
  );
}

/** The records as ImportRows under a mapping: values trimmed, the address normalised, empty values left out; blank records skipped. */
export function importRows({ headers, records }: ParsedCsv, mapping: ImportMapping): ImportRow[] {
  const columns = headers.flatMap((header, index) =>
    mapping[header] && mapping[header] !== 'ignore' ? [{ index, target: mapping[header] }] : [],
  );
  const rows: ImportRow[] = [];
  for (const [at, record] of records.entries()) {
    if (record.every((cell) => cell.trim() === '')) continue;
    const row: ImportRow = { line: at + 2, email: '' };
    for (const { index, target } of columns) {
      const value = (record[index] ?? '').trim();
      if (target === 'email') row.email = normalizeEmail(value);
      else if (value === '') continue;
      else if (target === 'timestamp' || target === 'source') row[target] = value;
      else row.answers = { ...row.answers, [target]: value };
    }
    rows.push(row);
  }
  return rows;
}

const ISO_8601 =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;
/** Seconds below this, milliseconds from it (1e11 s is the year 5138; 1e11 ms is 1973). */
const MILLIS_FROM = 1e11;

/**
 * A signup time as the file gives it, in milliseconds since 1970: ISO 8601 (a date, or a date and time;
 * without an offset, UTC) or a number of seconds or milliseconds since 1970. NaN when it is neither.
 */
export function importTime(value: string): number {
  if (/^\d{1,16}(\.\d+)?$/.test(value)) {
    const number = Number(value);
    return Math.round(number < MILLIS_FROM ? number * 1000 : number);
  }
  const match = ISO_8601.exec(value);
  if (!match) return NaN;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const fraction = Number(`0.${match[7] ?? 0}`);
  const zone = match[8]?.toUpperCase();
  const time = Date.UTC(year, month - 1, day, hour, minute, second);
  const date = new Date(time);
  // Date.UTC rolls 31 February over into March: such a date is refused rather than moved.
  if (
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  )
    return NaN;
  let offset = 0;
  if (zone && zone !== 'Z') {
    const digits = zone.replace(':', '');
    offset =
      (digits[0] === '-' ? -1 : 1) *
      (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5) || 0)) *
      60_000;
  }
  return time + Math.round(fraction * 1000) - offset;
}

const UTM_VALUE = new RegExp(UTM_VALUE_PATTERN);

/** A feedback answer's key (an import writes no other field from a column). */
export function isImportAnswer(key: string): key is FeedbackField {
  return (FEEDBACK_FIELDS as readonly string[]).includes(key);
}

/** What a column may be mapped to. */
export function isImportTarget(value: string): value is ImportColumnTarget {
  return (
    value === 'email' ||
    value === 'timestamp' ||
    value === 'source' ||
    value === 'ignore' ||
    isImportAnswer(value)
  );
}

/**
 * What is wrong with a row (none: it can be imported). `seen` holds the addresses of the rows checked
 * before it in the same file (a valid address is added to it); `now` is the checker's time (a signup time
 * after it is refused).
 */
export function importRowProblems(row: ImportRow, seen: Set<string>, now: number): ImportProblem[] {
  const problems: ImportProblem[] = [];
  if (row.email === '') problems.push('email-missing');
  else if (!isValidSignupEmail(row.email)) problems.push('email-invalid');
  else if (seen.has(normalizeEmail(row.email))) problems.push('email-repeated');
  else seen.add(normalizeEmail(row.email));
  if (row.timestamp !== undefined) {
    const time = importTime(row.timestamp);
    if (Number.isNaN(time)) problems.push('timestamp-invalid');
    else if (time > now) problems.push('timestamp-future');
  }
  if (row.source !== undefined && !UTM_VALUE.test(row.source)) problems.push('source-invalid');
  const tooLong = Object.entries(row.answers ?? {}).some(
    ([key, answer]) => isImportAnswer(key) && answer.length > (signupField(key).maxLength ?? 0),
  );
  if (tooLong) problems.push('answer-too-long');
  return problems;
}

/** The preview: the rows that can be imported, in file order, and every other row with its problems. */
export function checkImportRows(
  rows: readonly ImportRow[],
  now: number,
): { valid: ImportRow[]; invalid: ImportRowReport[] } {
  const seen = new Set<string>();
  const valid: ImportRow[] = [];
  const invalid: ImportRowReport[] = [];
  for (const row of rows) {
    const problems = importRowProblems(row, seen, now);
    if (problems.length === 0) valid.push(row);
    else invalid.push({ line: row.line, email: row.email, problems });
  }
  return { valid, invalid };
}
