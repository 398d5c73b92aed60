import { describe, expect, it } from 'vitest';
import { exportWaitlistRequestSchema, signupViewSchema } from './api';
import { filteredSpreadsheetFileName } from './formatters';
import { INVALID_SIGNUP_VIEW } from './messages';
import {
  answerOptions,
  countryOf,
  countryOptions,
  dayStart,
  DEFAULT_SIGNUP_VIEW,
  isFilteredView,
  narrowsView,
  nextSort,
  parseSignupView,
  signupComparator,
  signupMatcher,
  signupViewToSearchParams,
  sortSignups,
  type SignupView,
} from './signup-view';

const view = (change: Partial<SignupView>): SignupView => ({ ...DEFAULT_SIGNUP_VIEW, ...change });
const at = (iso: string) => new Date(iso);

const ana = {
  id: 'ana@example.com',
  email: 'ana@example.com',
  travelFrequency: 'Monthly or more',
  contentCreator: 'Yes',
  suggestionsFeedback: 'Please support Multi-City trips',
  location: { city: 'Lisbon', region: 'Lisbon', country: 'Portugal', country_code: 'PT' },
  timestamp: at('2026-11-20T09:00:00Z'),
  confirmedAt: at('2026-11-20T10:00:00Z'),
};
const bo = {
  id: 'bo@example.com',
  email: 'bo@example.com',
  travelFrequency: 'Once a year',
  contentCreator: 'N/A',
  aiTool: 'Perplexity',
  location: 'Austin, Texas, United States',
  timestamp: at('2026-11-21T23:30:00Z'),
};
const cy = {
  id: 'cy@example.com',
  email: 'cy@example.com',
  travelFrequency: 'Monthly or more',
  location: { city: 'Tokyo', country_name: 'Japan', country: 'JP' },
  timestamp: at('2026-11-22T00:10:00Z'),
};
const dee = { id: 'dee@example.com', email: 'dee@example.com', workEmail: '  ' }; // no date, no location
const rows = [cy, bo, ana, dee]; // the list's own order: newest first, undated last

const emails = (list: ReadonlyArray<{ email: string }>) => list.map((row) => row.email);
const matching = (change: Partial<SignupView>) => emails(rows.filter(signupMatcher(view(change))));

describe('signupMatcher', () => {
  it('keeps every row for the default view', () => {
    expect(matching({})).toEqual(emails(rows));
  });

  it('searches e-mail, location text and every answer, case-insensitively and trimmed', () => {
    expect(matching({ search: 'ANA@' })).toEqual(['ana@example.com']);
    expect(matching({ search: ' multi-city ' })).toEqual(['ana@example.com']);
    expect(matching({ search: 'texas' })).toEqual(['bo@example.com']);
    expect(matching({ search: 'lisbon' })).toEqual(['ana@example.com']);
    expect(matching({ search: 'perplexity' })).toEqual(['bo@example.com']);
    expect(matching({ search: 'monthly' })).toEqual(['cy@example.com', 'ana@example.com']);
    expect(matching({ search: 'nobody' })).toEqual([]);
  });

  it('filters by the displayed answer of each question, N/A for a blank one, all answers together', () => {
    expect(matching({ answers: { travelFrequency: 'Monthly or more' } })).toEqual(['cy@example.com', 'ana@example.com']);
    expect(matching({ answers: { travelFrequency: 'Monthly or more', contentCreator: 'Yes' } })).toEqual([
      'ana@example.com',
    ]);
    // A stored 'N/A', a missing answer and a blank one are the same answer.
    expect(matching({ answers: { contentCreator: 'N/A' } })).toEqual(['cy@example.com', 'bo@example.com', 'dee@example.com']);
    expect(matching({ answers: { workEmail: 'N/A' } })).toEqual(emails(rows));
    expect(matching({ answers: { travelFrequency: 'monthly or more' } })).toEqual([]);
  });

  it('filters by signup day, both ends inclusive, in UTC by default; undated rows never match a range', () => {
    expect(matching({ from: '2026-11-21' })).toEqual(['cy@example.com', 'bo@example.com']);
    expect(matching({ to: '2026-11-21' })).toEqual(['bo@example.com', 'ana@example.com']);
    expect(matching({ from: '2026-11-21', to: '2026-11-21' })).toEqual(['bo@example.com']);
    expect(matching({ from: '2026-11-23' })).toEqual([]);
    expect(matching({ from: '2026-11-22', to: '2026-11-20' })).toEqual([]);
  });

  it("reads the days in the view's time zone (the table shows local dates)", () => {
    // 23:30 UTC on the 21st is the 22nd in Tokyo (UTC+9); 00:10 UTC on the 22nd is the 21st in New York (UTC-5).
    expect(matching({ from: '2026-11-22', to: '2026-11-22', timeZone: 'Asia/Tokyo' })).toEqual([
      'cy@example.com',
      'bo@example.com',
    ]);
    expect(matching({ from: '2026-11-21', to: '2026-11-21', timeZone: 'America/New_York' })).toEqual([
      'cy@example.com',
      'bo@example.com',
    ]);
  });

  it('finds the start of a day across a daylight-saving change', () => {
    expect(new Date(dayStart('2026-03-29', 'Europe/Lisbon')).toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(new Date(dayStart('2026-03-30', 'Europe/Lisbon')).toISOString()).toBe('2026-03-29T23:00:00.000Z');
    expect(new Date(dayStart('2026-11-01', 'America/Los_Angeles')).toISOString()).toBe('2026-11-01T07:00:00.000Z');
    expect(new Date(dayStart('2026-11-02', 'America/Los_Angeles')).toISOString()).toBe('2026-11-02T08:00:00.000Z');
  });

  it('filters by country (any of those chosen) and by confirmation', () => {
    expect(matching({ countries: ['Japan'] })).toEqual(['cy@example.com']);
    expect(matching({ countries: ['Japan', 'Portugal'] })).toEqual(['cy@example.com', 'ana@example.com']);
    expect(matching({ countries: ['N/A'] })).toEqual(['dee@example.com']);
    expect(matching({ confirmed: 'confirmed' })).toEqual(['ana@example.com']);
    expect(matching({ confirmed: 'unconfirmed' })).toEqual(['cy@example.com', 'bo@example.com', 'dee@example.com']);
  });

  it('combines search and every filter', () => {
    expect(
      matching({ search: 'example', answers: { travelFrequency: 'Monthly or more' }, from: '2026-11-20', to: '2026-11-20' }),
    ).toEqual(['ana@example.com']);
  });

  it('follows a row replaced by a new object (its cached text is per object)', () => {
    const match = signupMatcher(view({ search: 'berlin' }));
    expect(match(ana)).toBe(false);
    expect(match({ ...ana, location: 'Berlin, Germany' })).toBe(true);
  });
});

describe('countryOf', () => {
  it("takes an object's country_name, else its country, and text's last part", () => {
    expect(countryOf({ country_name: 'Japan', country: 'JP' })).toBe('Japan');
    expect(countryOf({ country_name: 'N/A', country: 'Portugal' })).toBe('Portugal');
    expect(countryOf({ city: 'Lisbon', country: 'N/A' })).toBe('N/A');
    expect(countryOf('Austin, Texas, United States')).toBe('United States');
    expect(countryOf('Paris')).toBe('Paris');
    expect(countryOf('Lisbon, Portugal, 38.7, -9.1')).toBe('Portugal');
    expect(countryOf('Lisbon, N/A')).toBe('Lisbon');
    expect(countryOf('')).toBe('N/A');
    expect(countryOf(undefined)).toBe('N/A');
    expect(countryOf(['Japan'])).toBe('N/A');
  });
});

describe('filter options', () => {
  it("lists each question's answers present in the rows, most frequent first, N/A included", () => {
    const options = answerOptions(rows);
    expect(options.travelFrequency).toEqual([
      { value: 'Monthly or more', count: 2 },
      { value: 'N/A', count: 1 },
      { value: 'Once a year', count: 1 },
    ]);
    expect(options.workEmail).toEqual([{ value: 'N/A', count: 4 }]);
  });

  it('lists the countries alphabetically with N/A last', () => {
    expect(countryOptions(rows)).toEqual([
      { value: 'Japan', count: 1 },
      { value: 'Portugal', count: 1 },
      { value: 'United States', count: 1 },
      { value: 'N/A', count: 1 },
    ]);
  });
});

describe('sorting', () => {
  it('keeps the list as it is without a sort, and for newest first', () => {
    expect(sortSignups(rows, null)).toBe(rows);
    expect(sortSignups(rows, { key: 'timestamp', direction: 'desc' })).toBe(rows);
  });

  it('sorts text columns case-insensitively, N/A last in both directions', () => {
    const list = [
      { email: 'b@x.co', socialMedia: 'Banana' },
      { email: 'a@x.co', socialMedia: 'cherry' },
      { email: 'c@x.co' },
      { email: 'd@x.co', socialMedia: 'apple' },
    ];
    expect(emails(sortSignups(list, { key: 'socialMedia', direction: 'asc' }))).toEqual(['d@x.co', 'b@x.co', 'a@x.co', 'c@x.co']);
    expect(emails(sortSignups(list, { key: 'socialMedia', direction: 'desc' }))).toEqual(['a@x.co', 'b@x.co', 'd@x.co', 'c@x.co']);
  });

  it('sorts by signup date oldest first, undated last, and by location text', () => {
    expect(emails(sortSignups(rows, { key: 'timestamp', direction: 'asc' }))).toEqual([
      'ana@example.com',
      'bo@example.com',
      'cy@example.com',
      'dee@example.com',
    ]);
    expect(emails(sortSignups(rows, { key: 'location', direction: 'asc' }))).toEqual([
      'bo@example.com',
      'ana@example.com',
      'cy@example.com',
      'dee@example.com',
    ]);
  });

  it('keeps ties in the list order (stable) and agrees with the comparator', () => {
    const sort = { key: 'travelFrequency', direction: 'asc' } as const;
    const sorted = sortSignups(rows, sort);
    expect(emails(sorted)).toEqual(['cy@example.com', 'ana@example.com', 'bo@example.com', 'dee@example.com']);
    expect(emails([...rows].sort(signupComparator(sort)))).toEqual(emails(sorted));
  });

  it('toggles a sorted column and starts another ascending; newest first is the default', () => {
    expect(nextSort(null, 'email')).toEqual({ key: 'email', direction: 'asc' });
    expect(nextSort({ key: 'email', direction: 'asc' }, 'email')).toEqual({ key: 'email', direction: 'desc' });
    expect(nextSort({ key: 'email', direction: 'desc' }, 'email')).toEqual({ key: 'email', direction: 'asc' });
    expect(nextSort(null, 'timestamp')).toEqual({ key: 'timestamp', direction: 'asc' });
    expect(nextSort({ key: 'timestamp', direction: 'asc' }, 'timestamp')).toBeNull();
  });
});

describe('the view in the URL', () => {
  const full: SignupView = {
    sort: { key: 'location', direction: 'desc' },
    search: 'Multi city & kids?',
    answers: { travelFrequency: 'Monthly or more', contentCreator: 'N/A' },
    from: '2026-11-01',
    to: '2026-11-30',
    timeZone: 'Europe/Lisbon',
    countries: ['Portugal', 'United States'],
    confirmed: 'unconfirmed',
  };

  it('round-trips every setting', () => {
    const params = signupViewToSearchParams(full);
    expect(parseSignupView(new URLSearchParams(params.toString()))).toEqual(full);
  });

  it('writes nothing for the default view, and no time zone without a date', () => {
    expect(signupViewToSearchParams(DEFAULT_SIGNUP_VIEW).toString()).toBe('');
    expect(signupViewToSearchParams(view({ timeZone: 'Asia/Tokyo', search: 'x' })).toString()).toBe('q=x');
    expect(parseSignupView(new URLSearchParams(''))).toEqual(DEFAULT_SIGNUP_VIEW);
  });

  it('ignores junk without throwing', () => {
    const junk = new URLSearchParams(
      'sort=password&dir=up&from=2026-02-30&to=yesterday&tz=Mars/Olympus&status=maybe&country=&unknown=1&travelFrequency=&q=' +
        'x'.repeat(3000),
    );
    expect(parseSignupView(junk)).toEqual(DEFAULT_SIGNUP_VIEW);
    expect(parseSignupView(new URLSearchParams('sort=email&dir=sideways')).sort).toEqual({ key: 'email', direction: 'asc' });
    expect(parseSignupView(new URLSearchParams('sort=timestamp&dir=desc')).sort).toBeNull();
    expect(parseSignupView(new URLSearchParams('country=Japan&country=Japan')).countries).toEqual(['Japan']);
  });

  it('tells a filtering view from a sort alone', () => {
    expect(isFilteredView(DEFAULT_SIGNUP_VIEW)).toBe(false);
    expect(isFilteredView(view({ sort: { key: 'email', direction: 'asc' }, search: '  ' }))).toBe(false);
    expect(isFilteredView(view({ search: 'a' }))).toBe(true);
    expect(isFilteredView(view({ answers: { socialMedia: 'N/A' } }))).toBe(true);
    expect(isFilteredView(view({ to: '2026-01-01' }))).toBe(true);
    expect(isFilteredView(view({ countries: ['Japan'] }))).toBe(true);
    expect(isFilteredView(view({ confirmed: 'confirmed' }))).toBe(true);
    expect(isFilteredView(full)).toBe(true);
  });
});

describe('the view as the export receives it', () => {
  it('accepts a full view, and no view at all (the whole list)', () => {
    expect(signupViewSchema.parse(DEFAULT_SIGNUP_VIEW)).toEqual(DEFAULT_SIGNUP_VIEW);
    expect(exportWaitlistRequestSchema.parse({ token: 't' })).toEqual({ view: undefined });
    const request = exportWaitlistRequestSchema.parse({
      token: 't',
      view: { ...DEFAULT_SIGNUP_VIEW, answers: { travelFrequency: 'Once a year' }, from: '2026-01-01' },
    });
    expect(request.view?.answers).toEqual({ travelFrequency: 'Once a year' });
  });

  it.each([
    ['not an object', 'everything'],
    ['a missing setting', { ...DEFAULT_SIGNUP_VIEW, confirmed: undefined }],
    ['an unknown setting', { ...DEFAULT_SIGNUP_VIEW, limit: 5 }],
    ['an unknown column', { ...DEFAULT_SIGNUP_VIEW, sort: { key: 'password', direction: 'asc' } }],
    ['an unknown question', { ...DEFAULT_SIGNUP_VIEW, answers: { password: 'x' } }],
    ['an impossible day', { ...DEFAULT_SIGNUP_VIEW, from: '2026-02-30' }],
    ['an unknown time zone', { ...DEFAULT_SIGNUP_VIEW, timeZone: 'Mars/Olympus' }],
    ['an over-long search', { ...DEFAULT_SIGNUP_VIEW, search: 'x'.repeat(2001) }],
  ])('refuses %s with the view message', (_, bad) => {
    const result = exportWaitlistRequestSchema.safeParse({ token: 't', view: bad });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(INVALID_SIGNUP_VIEW);
  });

  it('names the filtered file after the full one', () => {
    expect(filteredSpreadsheetFileName(new Date(Date.UTC(2026, 10, 23, 23, 59)))).toBe(
      'waitlist_signups_2026-11-23_filtered.xlsx',
    );
  });
});

describe('narrowsView', () => {
  it('holds when the search types on (or is re-cased) and every filter stays', () => {
    expect(narrowsView(view({ search: 'ma' }), view({ search: 'mar' }))).toBe(true);
    expect(narrowsView(view({ search: 'Mar' }), view({ search: ' xmaria ' }))).toBe(true);
    expect(narrowsView(view({ search: '' }), view({ search: 'a', sort: { key: 'email', direction: 'asc' } }))).toBe(true);
  });

  it('fails when the search is shortened or replaced, or any filter changes', () => {
    expect(narrowsView(view({ search: 'mar' }), view({ search: 'ma' }))).toBe(false);
    expect(narrowsView(view({ search: 'mar' }), view({ search: 'lis' }))).toBe(false);
    expect(narrowsView(view({ search: 'ma' }), view({ search: 'mar', confirmed: 'confirmed' }))).toBe(false);
    expect(narrowsView(view({ search: 'ma', countries: ['Portugal'] }), view({ search: 'mar' }))).toBe(false);
  });

  it('leaves exactly the rows a full filter leaves, when it holds', () => {
    const rows = [
      { id: 'a', email: 'maria@example.com' },
      { id: 'b', email: 'mario@example.com' },
      { id: 'c', email: 'ana@example.com' },
    ];
    const first = view({ search: 'mar' });
    const next = view({ search: 'maria' });
    expect(narrowsView(first, next)).toBe(true);
    const narrowed = rows.filter(signupMatcher(first)).filter(signupMatcher(next));
    expect(narrowed).toEqual(rows.filter(signupMatcher(next)));
  });
});
