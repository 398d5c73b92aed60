import { describe, expect, it } from 'vitest';
import { importCsvCase } from './import-csv.cases';
import {
  checkImportRows,
  importRowProblems,
  importRows,
  importTime,
  isImportTarget,
  parseCsv,
  suggestMapping,
} from './import-rows';
import { MAX_LONG_TEXT_LENGTH } from './signup-fields';

const NOW = Date.UTC(2026, 0, 1);

describe('parseCsv', () => {
  it('drops the byte-order mark and reads quoted fields with commas, quotes and line breaks', () => {
    const { headers, records } = parseCsv(
      '\uFEFFEmail,Note\r\na@x.io,"one, two"\r\nb@x.io,"say ""hi""\nthen go"\r\n',
    );
    expect(headers).toEqual(['Email', 'Note']);
    expect(records).toEqual([
      ['a@x.io', 'one, two'],
      ['b@x.io', 'say "hi"\nthen go'],
    ]);
  });

  it('names empty headers by their column and tells repeated ones apart', () => {
    expect(parseCsv(' Email ,,Email\n').headers).toEqual(['Email', 'Column 2', 'Email (2)']);
  });

  it('reads an empty file as no header and no records', () => {
    expect(parseCsv('')).toEqual({ headers: [], records: [] });
  });
});

describe('suggestMapping', () => {
  it('maps the header names of other tools, each target once', () => {
    expect(
      suggestMapping([
        'E-mail',
        'Email Address',
        'created_at',
        'utm_source',
        'Travel Frequency',
        'socialMedia',
        'Notes',
      ]),
    ).toEqual({
      'E-mail': 'email',
      'Email Address': 'ignore',
      created_at: 'timestamp',
      utm_source: 'source',
      'Travel Frequency': 'travelFrequency',
      socialMedia: 'socialMedia',
      Notes: 'ignore',
    });
    expect(suggestMapping(['email address', 'Signup Date', 'Referrer'])).toEqual({
      'email address': 'email',
      'Signup Date': 'timestamp',
      Referrer: 'source',
    });
    expect(suggestMapping(['joined', 'timestamp'])).toEqual({ joined: 'timestamp', timestamp: 'ignore' });
  });

  it('suggests only targets an import may write', () => {
    for (const target of Object.values(
      suggestMapping(['email', 'date', 'source', 'Suggestions/Feedback', 'x']),
    )) {
      expect(isImportTarget(target)).toBe(true);
    }
    expect(isImportTarget('confirmedAt')).toBe(false);
  });
});

describe('importRows', () => {
  it('maps records to rows: trimmed, the address normalised, empty values and blank records left out', () => {
    const parsed = parseCsv(
      'Email,When,From,Travel Frequency,Skip\n  Ann@X.io ,2024-01-02,news, ,z\n,,,,\nb@x.io,,,Monthly or more,\n',
    );
    const mapping = {
      Email: 'email',
      When: 'timestamp',
      From: 'source',
      'Travel Frequency': 'travelFrequency',
      Skip: 'ignore',
    } as const;
    expect(importRows(parsed, mapping)).toEqual([
      { line: 2, email: 'ann@x.io', timestamp: '2024-01-02', source: 'news' },
      { line: 4, email: 'b@x.io', answers: { travelFrequency: 'Monthly or more' } },
    ]);
  });

  it('numbers rows as records (a quoted line break does not shift the next row)', () => {
    const parsed = parseCsv('email,note\na@x.io,"1\n2\n3"\nb@x.io,\n');
    expect(
      importRows(parsed, { email: 'email', note: 'suggestionsFeedback' }).map((row) => row.line),
    ).toEqual([2, 3]);
  });
});

describe('importTime', () => {
  it('reads ISO 8601 (UTC without an offset) and seconds or milliseconds since 1970', () => {
    expect(importTime('2024-03-01T10:00:00Z')).toBe(Date.UTC(2024, 2, 1, 10));
    expect(importTime('2024-03-01T10:00:00.250Z')).toBe(Date.UTC(2024, 2, 1, 10, 0, 0, 250));
    expect(importTime('2024-03-01 10:00')).toBe(Date.UTC(2024, 2, 1, 10));
    expect(importTime('2024-03-01')).toBe(Date.UTC(2024, 2, 1));
    expect(importTime('2024-03-01T12:00:00+02:00')).toBe(Date.UTC(2024, 2, 1, 10));
    expect(importTime('2024-03-01T05:30:00-0430')).toBe(Date.UTC(2024, 2, 1, 10));
    expect(importTime('1709287200')).toBe(Date.UTC(2024, 2, 1, 10));
    expect(importTime('1709287200000')).toBe(Date.UTC(2024, 2, 1, 10));
    expect(importTime('1709287200.5')).toBe(Date.UTC(2024, 2, 1, 10) + 500);
  });

  it('refuses what is neither, and dates that do not exist', () => {
    for (const value of [
      '',
      'yesterday',
      '31/02/2024',
      '2024-02-31',
      '2024-13-01',
      '2024-01-01T24:00',
      '2024-01-01T10:60',
      '-5',
      '1e12',
    ]) {
      expect(importTime(value), value).toBeNaN();
    }
  });
});

describe('importRowProblems', () => {
  const check = (row: Parameters<typeof importRowProblems>[0], seen = new Set<string>()) =>
    importRowProblems(row, seen, NOW);

  it('passes a complete row, and one with the address only', () => {
    expect(
      check({
        line: 2,
        email: 'a@x.io',
        timestamp: '2025-05-05',
        source: 'newsletter',
        answers: { travelFrequency: 'Monthly or more' },
      }),
    ).toEqual([]);
    expect(check({ line: 2, email: 'a@x.io' })).toEqual([]);
  });

  it('names each problem', () => {
    expect(check({ line: 2, email: '' })).toEqual(['email-missing']);
    expect(check({ line: 2, email: 'a@@x.io' })).toEqual(['email-invalid']);
    expect(check({ line: 2, email: 'a@x.io', timestamp: 'soon' })).toEqual(['timestamp-invalid']);
    expect(check({ line: 2, email: 'a@x.io', timestamp: String(NOW + 1) })).toEqual(['timestamp-future']);
    expect(check({ line: 2, email: 'a@x.io', source: 'a<b' })).toEqual(['source-invalid']);
    expect(check({ line: 2, email: 'a@x.io', source: 's'.repeat(101) })).toEqual(['source-invalid']);
    expect(
      check({
        line: 2,
        email: 'a@x.io',
        answers: { biggestFrustration: 'x'.repeat(MAX_LONG_TEXT_LENGTH + 1) },
      }),
    ).toEqual(['answer-too-long']);
    expect(check({ line: 2, email: 'nope', timestamp: 'x', source: '<' })).toEqual([
      'email-invalid',
      'timestamp-invalid',
      'source-invalid',
    ]);
  });

  it('refuses an address met before in the file, whatever its case', () => {
    const seen = new Set<string>();
    expect(check({ line: 2, email: 'a@x.io' }, seen)).toEqual([]);
    expect(check({ line: 3, email: 'A@X.io ' }, seen)).toEqual(['email-repeated']);
  });
});

describe('a generated 100,000-row export with 1% bad rows', () => {
  it('previews exactly the bad rows, each with its problem, and keeps every other row with its time', () => {
    const existing = Array.from({ length: 5000 }, (_, n) => `known-${n}@import.test`);
    const file = importCsvCase({
      rows: 100_000,
      bad: 1000,
      existing,
      existingRows: 5000,
      newest: NOW - 1000,
    });
    expect(file.bad.size).toBe(1000);
    const parsed = parseCsv(file.text);
    const rows = importRows(parsed, suggestMapping(parsed.headers));
    expect(rows).toHaveLength(100_000);
    const { valid, invalid } = checkImportRows(rows, NOW);
    expect(invalid.map((report) => [report.line, report.problems])).toEqual(
      [...file.bad].map(([line, problem]) => [line, [problem]]),
    );
    expect(new Set(invalid.flatMap((report) => report.problems)).size).toBe(7);
    expect(valid.map((row) => [row.line, row.email, importTime(row.timestamp ?? '')])).toEqual(
      file.good.map((row) => [row.line, row.email, row.time]),
    );
    expect(new Set(valid.map((row) => row.email)).size).toBe(99_000);
    expect(file.good.filter((row) => row.existing)).toHaveLength(5000);
  });
});
