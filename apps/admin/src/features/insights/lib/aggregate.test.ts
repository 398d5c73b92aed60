import { FEEDBACK_FIELDS, NOT_AVAILABLE } from '@silk/schema/constants';
import { SIGNUP_COLUMNS } from '@silk/schema/formatters';
import { describe, expect, it } from 'vitest';
import {
  aggregateSignups,
  countryOf,
  cumulative,
  weekStart,
  type InsightsRow,
  type Tally,
} from './aggregate';

const at = (iso: string) => new Date(iso);
const utc = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const value = (label: string, count: number): Tally => ({ label, count, kind: 'value' });
const noAnswer = (count: number): Tally => ({ label: 'No answer', count, kind: 'none' });

describe('time buckets', () => {
  it('cuts days at UTC midnight', () => {
    const rows: InsightsRow[] = [
      { timestamp: at('2026-11-21T00:00:00Z') },
      { timestamp: at('2026-11-21T23:59:59.999Z') },
      { timestamp: at('2026-11-22T00:00:00Z') },
    ];
    expect(aggregateSignups(rows).perDay).toEqual([
      { start: utc('2026-11-21'), count: 2 },
      { start: utc('2026-11-22'), count: 1 },
    ]);
  });

  it('starts ISO weeks on Monday 00:00 UTC, before and after 1970', () => {
    // 2026-11-16 is a Monday; 2026-11-22 the Sunday of its week.
    expect(weekStart(Date.parse('2026-11-16T00:00:00Z'))).toBe(utc('2026-11-16'));
    expect(weekStart(Date.parse('2026-11-22T23:59:59Z'))).toBe(utc('2026-11-16'));
    expect(weekStart(Date.parse('2026-11-23T00:00:00Z'))).toBe(utc('2026-11-23'));
    expect(weekStart(Date.parse('1970-01-01T12:00:00Z'))).toBe(utc('1969-12-29'));
    expect(weekStart(Date.parse('1969-12-28T12:00:00Z'))).toBe(utc('1969-12-22'));
  });

  it('counts signups per day and per week, ascending, only periods that have signups', () => {
    const rows: InsightsRow[] = [
      { timestamp: at('2026-11-23T08:00:00Z') }, // Monday
      { timestamp: at('2026-11-22T23:30:00Z') }, // Sunday
      { timestamp: at('2026-11-16T00:00:00Z') }, // Monday
      { timestamp: at('2026-11-16T12:00:00Z') },
      { timestamp: at('2026-11-02T09:00:00Z') },
      { timestamp: undefined },
      { timestamp: 'not a date' },
      // A Firestore Timestamp as plain data: 2026-11-22T10:00:00Z.
      { timestamp: { seconds: Date.parse('2026-11-22T10:00:00Z') / 1000, nanoseconds: 0 } },
    ];
    const insights = aggregateSignups(rows);
    expect(insights.total).toBe(8);
    expect(insights.undated).toBe(2);
    expect(insights.perDay).toEqual([
      { start: utc('2026-11-02'), count: 1 },
      { start: utc('2026-11-16'), count: 2 },
      { start: utc('2026-11-22'), count: 2 },
      { start: utc('2026-11-23'), count: 1 },
    ]);
    expect(insights.perWeek).toEqual([
      { start: utc('2026-11-02'), count: 1 },
      { start: utc('2026-11-16'), count: 4 },
      { start: utc('2026-11-23'), count: 1 },
    ]);
    expect(cumulative(insights.perWeek)).toEqual([
      { start: utc('2026-11-02'), count: 1 },
      { start: utc('2026-11-16'), count: 5 },
      { start: utc('2026-11-23'), count: 6 },
    ]);
  });
});

describe('answer distributions', () => {
  const question = (rows: InsightsRow[], field: (typeof FEEDBACK_FIELDS)[number]) =>
    aggregateSignups(rows).answers.find((answer) => answer.field === field)!;
  /** How many of `rows` answered `field`, and its tallies. */
  const counted = (rows: InsightsRow[], field: (typeof FEEDBACK_FIELDS)[number]) => {
    const { answered, tallies } = question(rows, field);
    return { answered, tallies };
  };

  it('has one distribution per feedback question, in form order, named as the table headers', () => {
    const answers = aggregateSignups([]).answers;
    expect(answers.map((answer) => answer.field)).toEqual([...FEEDBACK_FIELDS]);
    const header = (field: string) => SIGNUP_COLUMNS.find((column) => column.key === field)?.header;
    expect(answers.map((answer) => answer.question)).toEqual(FEEDBACK_FIELDS.map(header));
    expect(answers.every((answer) => answer.tallies.length === 0)).toBe(true);
  });

  it('counts each answer, most frequent first, and N/A, blank or missing as "No answer" (last)', () => {
    const rows: InsightsRow[] = [
      { travelFrequency: 'Monthly or more' },
      { travelFrequency: 'Once a year or less' },
      { travelFrequency: 'Monthly or more' },
      { travelFrequency: NOT_AVAILABLE },
      { travelFrequency: '   ' },
      {},
    ];
    expect(counted(rows, 'travelFrequency')).toEqual({
      answered: 3,
      tallies: [value('Monthly or more', 2), value('Once a year or less', 1), noAnswer(3)],
    });
  });

  it('keeps the 10 most frequent free-text answers and sums the rest as "Other", ignoring surrounding spaces', () => {
    const rows: InsightsRow[] = [];
    for (let index = 0; index < 14; index += 1) {
      // Answer i given 20 - i times (answers 10 to 13 fall outside the top 10).
      for (let times = 0; times < 20 - index; times += 1)
        rows.push({ biggestFrustration: `Answer ${index}` });
    }
    rows.push(
      { biggestFrustration: '  Answer 0 ' },
      { biggestFrustration: 'Tie B' },
      { biggestFrustration: 'Tie A' },
    );
    const frustration = question(rows, 'biggestFrustration');
    expect(frustration.tallies).toEqual([
      value('Answer 0', 21),
      ...Array.from({ length: 9 }, (_, index) => value(`Answer ${index + 1}`, 19 - index)),
      // Answers 10–13 (10 + 9 + 8 + 7) and the two single ties.
      { label: 'Other', count: 36, kind: 'other' },
    ]);
    expect(frustration.answered).toBe(rows.length);
  });

  it('breaks ties by label so the top 10 is stable', () => {
    const rows: InsightsRow[] = 'LKJIHGFEDCBA'.split('').map((letter) => ({ suggestionsFeedback: letter }));
    expect(question(rows, 'suggestionsFeedback').tallies.map((tally) => tally.label)).toEqual([
      ...'ABCDEFGHIJ'.split(''),
      'Other',
    ]);
  });

  it('counts each chosen feature of the comma-joined checklist once', () => {
    const rows: InsightsRow[] = [
      { excitedFeatures: 'Instant planning, AI price hunting' },
      { excitedFeatures: 'AI price hunting' },
      { excitedFeatures: NOT_AVAILABLE },
    ];
    expect(counted(rows, 'excitedFeatures')).toEqual({
      answered: 2,
      tallies: [value('AI price hunting', 2), value('Instant planning', 1), noAnswer(1)],
    });
  });

  it('counts work e-mails by domain and social media as answered or not', () => {
    const rows: InsightsRow[] = [
      { workEmail: 'ana@Acme.io', socialMedia: '@ana' },
      { workEmail: 'ben@acme.io', socialMedia: NOT_AVAILABLE },
      { workEmail: 'cy@globex.com', socialMedia: '@cy' },
      { workEmail: NOT_AVAILABLE },
    ];
    expect(question(rows, 'workEmail').tallies).toEqual([value('acme.io', 2), value('globex.com', 1), noAnswer(1)]);
    expect(question(rows, 'socialMedia').tallies).toEqual([value('Answered', 2), noAnswer(2)]);
  });
});

describe('countries', () => {
  it('reads country_name, then country, from an object, and the last non-numeric part from text', () => {
    expect(countryOf({ city: 'Lisbon', country: 'PT', country_name: 'Portugal' })).toBe('Portugal');
    expect(countryOf({ city: 'Berlin', country: 'Germany', country_code: 'DE' })).toBe('Germany');
    expect(countryOf({ country_name: NOT_AVAILABLE, country: 'Japan' })).toBe('Japan');
    expect(countryOf({ city: 'Austin', country: NOT_AVAILABLE })).toBeNull();
    expect(countryOf('Lisbon, Portugal')).toBe('Portugal');
    expect(countryOf('Austin, Texas, United States, 30.27, -97.74')).toBe('United States');
    expect(countryOf('Canada')).toBe('Canada');
    expect(countryOf(NOT_AVAILABLE)).toBeNull();
    expect(countryOf('')).toBeNull();
    expect(countryOf(undefined)).toBeNull();
    expect(countryOf(['Portugal'])).toBeNull();
  });

  it('ranks the top 10 countries, then Other and Unknown', () => {
    const rows: InsightsRow[] = [];
    for (let index = 0; index < 12; index += 1) {
      for (let times = 0; times < 20 - index; times += 1)
        rows.push({ location: { country: `Country ${index}` } });
    }
    rows.push(
      { location: 'Porto, portugal' },
      { location: { country_name: 'Portugal' } },
      { location: NOT_AVAILABLE },
      {},
    );
    const { countries } = aggregateSignups(rows);
    expect(countries).toEqual([
      ...Array.from({ length: 10 }, (_, index) => value(`Country ${index}`, 20 - index)),
      // Countries 10 and 11 (10 + 9) and Portugal (2: from text and from an object).
      { label: 'Other', count: 21, kind: 'other' },
      { label: 'Unknown', count: 2, kind: 'none' },
    ]);
  });
});

describe('aggregateSignups', () => {
  it('returns the cached figures for the same rows array, and new ones for a new array', () => {
    const rows: InsightsRow[] = [{ timestamp: at('2026-11-21T10:00:00Z') }];
    const first = aggregateSignups(rows);
    expect(aggregateSignups(rows)).toBe(first);
    const next = [...rows, { timestamp: at('2026-11-21T11:00:00Z') }];
    expect(aggregateSignups(next)).not.toBe(first);
    expect(aggregateSignups(next).perDay).toEqual([{ start: utc('2026-11-21'), count: 2 }]);
  });

  it('counts every one of 100,000 signups (its time budget is a benchmark, not a test)', () => {
    const frequencies = ['Once a year or less', '2–3 times a year', '4–6 times a year', 'Monthly or more'];
    const features = ['Instant planning', 'Autonomous booking', 'AI price hunting', 'Self-healing itinerary'];
    const start = Date.parse('2026-01-01T00:00:00Z');
    // As the seed data: about half the signups answered the feedback form, a few free-text answers
    // repeat, suggestions and handles are each their own.
    const generated = Array.from({ length: 100_000 }, (_, index) => ({
      timestamp: start + index * 97_000,
      location: { city: 'City', country: `Country ${index % 40}`, country_code: 'XX' },
      ...(index % 2 === 0
        ? {
            travelFrequency: frequencies[index % 4],
            biggestFrustration: `Frustration ${index % 300}`,
            workEmail: index % 3 === 0 ? `person${index}@company${index % 50}.com` : NOT_AVAILABLE,
            contentCreator: index % 5 === 0 ? 'Yes' : 'No',
            excitedFeatures: `${features[index % 4]}, ${features[(index + 1) % 4]}`,
            suggestionsFeedback: index % 4 === 0 ? `A suggestion of its own, number ${index}` : NOT_AVAILABLE,
            socialMedia: index % 8 === 0 ? `@person${index}` : NOT_AVAILABLE,
          }
        : {}),
    }));
    const insights = aggregateSignups(generated.map((row) => ({ ...row, timestamp: new Date(row.timestamp) })));
    expect(insights.total).toBe(100_000);
  });
});

describe('sources and campaigns', () => {
  it('lists the 10 largest sources, then Other and (none), each with how far its signups got', () => {
    const rows: InsightsRow[] = [];
    // source-0 … source-11: source-N has 12 − N signups; the first of each is confirmed, invited and joined.
    for (let source = 0; source < 12; source += 1) {
      for (let index = 0; index < 12 - source; index += 1) {
        rows.push({
          utmSource: `source-${String(source).padStart(2, '0')}`,
          ...(index === 0 ? { confirmedAt: at('2026-11-20T00:00:00Z'), inviteStatus: 'joined' as const } : {}),
        });
      }
    }
    rows.push({ inviteStatus: 'expired' }, { utmCampaign: 'launch' });
    const { sources, sourceFunnels, campaigns, suppressed } = aggregateSignups(rows);
    expect(sources.map((tally) => [tally.label, tally.count, tally.kind])).toEqual([
      ...Array.from({ length: 10 }, (_, source) => [`source-${String(source).padStart(2, '0')}`, 12 - source, 'value']),
      ['Other', 3, 'other'],
      ['(none)', 2, 'none'],
    ]);
    expect(sourceFunnels[0]).toEqual({ confirmed: 1, invited: 1, joined: 1 });
    // Other: source-10 and source-11, one of each confirmed, invited and joined.
    expect(sourceFunnels[10]).toEqual({ confirmed: 2, invited: 2, joined: 2 });
    expect(sourceFunnels[11]).toEqual({ confirmed: 0, invited: 1, joined: 0 });
    expect(campaigns).toEqual([value('launch', 1), { label: '(none)', count: rows.length - 1, kind: 'none' }]);
    expect(suppressed).toBe(0);
  });
});
