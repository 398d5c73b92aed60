// A generated export of another waitlist tool, for the import's tests and `pnpm bench import`: a header
// other tools write, signup times in every accepted notation, answers with commas, quotes and line breaks
// inside quoted fields, a given share of rows with one problem each (of every kind in turn) and of rows
// whose address is already on the waitlist. Deterministic: the same options give the same file.
import { csvFormatRow } from 'd3-dsv';
import type { ImportProblem } from './imports';
import { MAX_LONG_TEXT_LENGTH } from './signup-fields';

export interface ImportCsvOptions {
  rows: number;
  /** How many rows have a problem (spread evenly). */
  bad: number;
  /** Addresses already stored: used by this many good rows, in turn. */
  existing?: readonly string[];
  existingRows?: number;
  /** The newest signup time a good row has (milliseconds). */
  newest: number;
  /** Addresses of new rows: `${prefix}-${n}@import.test`. */
  prefix?: string;
}

export interface ImportCsvCase {
  text: string;
  /** Each bad row's line and its one problem. */
  bad: Map<number, ImportProblem>;
  /** Each good row: its address (normalised) and signup time (milliseconds). */
  good: Array<{ line: number; email: string; time: number; existing: boolean }>;
}

export const IMPORT_CSV_HEADER = [
  'E-mail',
  'Signed up',
  'utm_source',
  'Travel Frequency',
  'Suggestions/Feedback',
];

const PROBLEMS: readonly ImportProblem[] = [
  'email-missing',
  'email-invalid',
  'email-repeated',
  'timestamp-invalid',
  'timestamp-future',
  'source-invalid',
  'answer-too-long',
];

/** The same instant in the notations an import reads, in turn. */
function timeText(time: number, variant: number): string {
  const iso = new Date(time).toISOString();
  switch (variant % 5) {
    case 0:
      return iso;
    case 1:
      return String(Math.floor(time / 1000));
    case 2:
      return String(time);
    case 3:
      return `${iso.slice(0, 10)} ${iso.slice(11, 23)}`;
    default: {
      const shifted = new Date(time + 2 * 3600_000).toISOString();
      return `${shifted.slice(0, 23)}+02:00`;
    }
  }
}

export function importCsvCase({
  rows,
  bad,
  existing = [],
  existingRows = 0,
  newest,
  prefix = 'row',
}: ImportCsvOptions): ImportCsvCase {
  const lines = [csvFormatRow(IMPORT_CSV_HEADER)];
  const badRows = new Map<number, ImportProblem>();
  const good: ImportCsvCase['good'] = [];
  const badEvery = bad > 0 ? rows / bad : Infinity;
  const existingEvery = existingRows > 0 ? rows / existingRows : Infinity;
  let nextBad = badEvery / 2;
  let nextExisting = existingEvery / 3;
  let existingUsed = 0;
  for (let index = 0; index < rows; index += 1) {
    const line = index + 2;
    // One second apart, ending at `newest`; whole seconds, so that the notation in seconds keeps them.
    const time = Math.floor(newest / 1000) * 1000 - (rows - index) * 1000;
    let email = `${prefix}-${index}@import.test`;
    let existingRow = false;
    if (index >= nextExisting && existingUsed < Math.min(existingRows, existing.length)) {
      email = existing[existingUsed] as string;
      existingUsed += 1;
      existingRow = true;
      nextExisting += existingEvery;
    }
    const cells = [
      email.toUpperCase(),
      timeText(time, index),
      index % 3 === 0 ? 'newsletter' : '',
      index % 4 === 0 ? 'Monthly or more' : '',
      '',
    ];
    if (index % 50 === 7) cells[4] = `Loves it, "truly"\nand on a second line, ${index}`;
    if (!existingRow && index >= nextBad && badRows.size < bad) {
      const problem = PROBLEMS[badRows.size % PROBLEMS.length] as ImportProblem;
      nextBad += badEvery;
      badRows.set(line, problem);
      if (problem === 'email-missing') cells[0] = ' ';
      if (problem === 'email-invalid') cells[0] = `not an address ${index}`;
      if (problem === 'email-repeated') cells[0] = good.at(-1)?.email ?? `${prefix}-0@import.test`;
      if (problem === 'timestamp-invalid') cells[1] = '31/02/2024';
      if (problem === 'timestamp-future') cells[1] = new Date(newest + 365 * 24 * 3600_000).toISOString();
      if (problem === 'source-invalid') cells[2] = 'https://example.com/?ref=1';
      if (problem === 'answer-too-long') cells[4] = 'x'.repeat(MAX_LONG_TEXT_LENGTH + 1);
    } else {
      good.push({ line, email, time, existing: existingRow });
    }
    lines.push(csvFormatRow(cells));
  }
  return { text: `\uFEFF${lines.join('\r\n')}\r\n`, bad: badRows, good };
}
