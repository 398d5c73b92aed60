import { describe, expect, it } from 'vitest';
import {
  SIGNUP_COLUMNS,
  displayValue,
  formatLocation,
  formatSignupCell,
  formatSignupDate,
  spreadsheetFileName,
  toDate,
  wallClockDate,
} from './formatters';

describe('SIGNUP_COLUMNS', () => {
  it('lists the admin table headers in SPEC order', () => {
    expect(SIGNUP_COLUMNS.map((column) => column.header)).toEqual([
      'Email',
      'Work Email',
      'Travel Frequency',
      'Biggest Frustration',
      'Content Creator',
      'AI Tool',
      'Excited Features',
      'Suggestions/Feedback',
      'Social Media',
      'IP Address',
      'Approximate Location',
      'Signup Date',
    ]);
  });
});

describe('displayValue', () => {
  it.each([undefined, null, '', '   '])('shows N/A for %j', (value) =>
    expect(displayValue(value)).toBe('N/A'),
  );
  it('shows text, numbers and booleans as they are', () => {
    expect(displayValue('Monthly')).toBe('Monthly');
    expect(displayValue(0)).toBe('0');
    expect(displayValue(false)).toBe('false');
    expect(displayValue('日本語 ✈️')).toBe('日本語 ✈️');
  });
  it('joins arrays and drops blanks', () => {
    expect(displayValue(['Booking', '', 'Price hunting'])).toBe('Booking, Price hunting');
    expect(displayValue([])).toBe('N/A');
  });
  it('never shows an object', () => {
    expect(displayValue({ formula: '1+1' })).toBe('N/A');
  });
  it('keeps very long text whole', () => {
    const long = 'x'.repeat(5000);
    expect(displayValue(long)).toBe(long);
  });
});

describe('formatSignupDate', () => {
  const moment = new Date(Date.UTC(2026, 10, 21, 23, 5));
  it('formats en-US short month, day, year, hour and minute', () => {
    expect(formatSignupDate(moment, 'UTC')).toBe('Nov 21, 2026, 11:05 PM');
  });
  it('formats in the time zone asked for, each call in its own', () => {
    expect(formatSignupDate(moment, 'Asia/Tokyo')).toBe('Nov 22, 2026, 8:05 AM');
    expect(formatSignupDate(moment, 'America/New_York')).toBe('Nov 21, 2026, 6:05 PM');
    expect(formatSignupDate(moment, 'Asia/Tokyo')).toBe('Nov 22, 2026, 8:05 AM');
  });
  it('accepts Firestore timestamps, client (toDate) and serialised (seconds)', () => {
    expect(formatSignupDate({ toDate: () => moment }, 'UTC')).toBe('Nov 21, 2026, 11:05 PM');
    expect(formatSignupDate({ seconds: moment.getTime() / 1000, nanoseconds: 0 }, 'UTC')).toBe(
      'Nov 21, 2026, 11:05 PM',
    );
    expect(formatSignupDate(moment.getTime(), 'UTC')).toBe('Nov 21, 2026, 11:05 PM');
    expect(formatSignupDate(moment.toISOString(), 'UTC')).toBe('Nov 21, 2026, 11:05 PM');
  });
  it.each([undefined, null, '', 'not a date', {}, new Date(Number.NaN)])('shows N/A for %j', (value) =>
    expect(formatSignupDate(value)).toBe('N/A'),
  );
  it('toDate returns null for wrong types', () => {
    expect(toDate(true)).toBeNull();
    expect(toDate([])).toBeNull();
  });
});

describe('wallClockDate', () => {
  // 23:05:07.250 UTC on 21 Nov 2026, and a summer moment (DST) on 1 Jul 2026.
  const november = new Date('2026-11-21T23:05:07.250Z');
  const july = new Date('2026-07-01T12:00:00Z');

  it.each([
    [november, 'UTC', '2026-11-21T23:05:07.250Z'],
    [november, 'Europe/Berlin', '2026-11-22T00:05:07.250Z'],
    [july, 'Europe/Berlin', '2026-07-01T14:00:00.000Z'],
    [november, 'America/New_York', '2026-11-21T18:05:07.250Z'],
    [july, 'America/New_York', '2026-07-01T08:00:00.000Z'],
    [november, 'Asia/Kathmandu', '2026-11-22T04:50:07.250Z'],
  ])('gives %s as %s wall clock in the UTC fields', (moment, zone, wall) => {
    expect(wallClockDate(moment, zone)?.toISOString()).toBe(wall);
  });

  it.each(['UTC', 'Europe/Berlin', 'America/Los_Angeles', 'Australia/Adelaide'])(
    'reads, formatted as UTC, exactly as formatSignupDate in %s',
    (zone) => {
      for (const moment of [november, july]) {
        expect(formatSignupDate(wallClockDate(moment, zone), 'UTC')).toBe(formatSignupDate(moment, zone));
      }
    },
  );

  it('is null when there is no date', () => {
    expect(wallClockDate(undefined, 'Europe/Berlin')).toBeNull();
    expect(wallClockDate('not a date', 'UTC')).toBeNull();
  });
});

describe('formatLocation', () => {
  it('joins an object location with commas in SPEC order', () => {
    expect(
      formatLocation({
        city: 'Lisbon',
        region: 'Lisbon',
        country_name: 'Portugal',
        country: 'PT',
        latitude: 38.72,
        longitude: -9.14,
      }),
    ).toBe('Lisbon, Lisbon, Portugal, PT, 38.72, -9.14');
  });
  it('leaves out unknown parts', () => {
    expect(
      formatLocation({ city: 'Kyoto', region: 'N/A', country: 'JP', latitude: '', longitude: 'N/A' }),
    ).toBe('Kyoto, JP');
  });
  it('shows text as it is', () => {
    expect(formatLocation('Berlin, Germany')).toBe('Berlin, Germany');
  });
  it.each([undefined, null, '', 42, [], { city: 'N/A', country: 'N/A' }, { formula: '1+1' }])(
    'shows N/A for %j',
    (value) => expect(formatLocation(value)).toBe('N/A'),
  );
  it('ignores nested objects', () => {
    expect(formatLocation({ city: { formula: 'x' }, country: 'FR' })).toBe('FR');
  });
});

describe('formatSignupCell', () => {
  it('formats each column kind', () => {
    const record = { email: 'a@b.co', location: { city: 'Oslo' }, timestamp: null };
    expect(formatSignupCell('email', record)).toBe('a@b.co');
    expect(formatSignupCell('location', record)).toBe('Oslo');
    expect(formatSignupCell('timestamp', record)).toBe('N/A');
    expect(formatSignupCell('aiTool', record)).toBe('N/A');
  });
});

describe('spreadsheetFileName', () => {
  it('uses the ISO date', () => {
    expect(spreadsheetFileName(new Date(Date.UTC(2026, 0, 5, 12)))).toBe('waitlist_signups_2026-01-05.xlsx');
  });
});
