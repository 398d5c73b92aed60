// The Insights tab's figures from the signups the panel holds: one pass over the rows, memoised on the
// rows array (the panel hands over a new array whenever a signup changes).
import { FEEDBACK_FIELDS, NOT_AVAILABLE } from '@silk/schema/constants';
import type { FeedbackField, WaitlistSignup } from '@silk/schema/entities';
import { displayValue, SIGNUP_COLUMNS, toDate } from '@silk/schema/formatters';
import { feedbackQuestion, type AnswerKind } from '@silk/schema/signup-fields';
import {
  attributionOf,
  countryOf as locationCountry,
  inviteStatusOf,
  isConfirmedSignup,
  NO_ATTRIBUTION,
} from '@silk/schema/signup-view';
import { memoByRows } from '@/lib/memo-by-rows';

export type Period = 'day' | 'week';

const DAY_MS = 24 * 60 * 60 * 1000;
export const PERIOD_MS: Record<Period, number> = { day: DAY_MS, week: 7 * DAY_MS };

/** Signups in one UTC day, or one ISO week (Monday 00:00 UTC to Sunday). */
export interface PeriodCount {
  /** The period's first moment, UTC epoch millis. */
  start: number;
  count: number;
}

/** One bar: an answer (or country) and how many signups gave it; `other` and `none` are the catch-alls. */
export interface Tally {
  label: string;
  count: number;
  kind: 'value' | 'other' | 'none';
}

/**
 * How a question's answers are counted (the signup fields registry says which for each): `single` by
 * value, `multiple` by each value of a comma-joined list (the features checklist), `domain` by the
 * e-mail's domain, `presence` as answered or not (a handle per person says nothing as a distribution).
 */
export type { AnswerKind };

export interface AnswerDistribution {
  field: FeedbackField;
  /** The question's name: its header in the signups table. */
  question: string;
  kind: AnswerKind;
  /** Signups that answered it. */
  answered: number;
  /** The 10 most frequent answers, then Other and No answer when there are any. */
  tallies: Tally[];
}

export interface Insights {
  /** Signups counted. */
  total: number;
  /** Signups without a usable timestamp (left out of the time series). */
  undated: number;
  /** Ascending; only the periods that have signups. */
  perDay: PeriodCount[];
  perWeek: PeriodCount[];
  answers: AnswerDistribution[];
  /** The 10 countries with most signups, then Other and Unknown when there are any. */
  countries: Tally[];
  /** The 10 sources (utm_source) with most signups, then Other and "(none)" when there are any. */
  sources: Tally[];
  /** How far each of `sources` got, in its order: signed up → confirmed → invited → joined. */
  sourceFunnels: Conversion[];
  /** The 10 campaigns (utm_campaign) with most signups, then Other and "(none)". */
  campaigns: Tally[];
  /** Addresses no mail goes to (a bounce, a complaint or an unsubscribe). */
  suppressed: number;
}

/** Signups of a group that were confirmed, invited (whatever came of it) and joined the product. */
export interface Conversion {
  confirmed: number;
  invited: number;
  joined: number;
}

const TOP_COUNT = 10;
const OTHER_LABEL = 'Other';
const NO_ANSWER_LABEL = 'No answer';
const UNKNOWN_COUNTRY_LABEL = 'Unknown';
const ANSWERED_LABEL = 'Answered';

const QUESTIONS = new Map(SIGNUP_COLUMNS.map(({ key, header }) => [key, header]));

/** What aggregation reads of a signup. */
export type InsightsRow = Pick<
  WaitlistSignup,
  | 'timestamp'
  | 'location'
  | FeedbackField
  | 'utmSource'
  | 'utmCampaign'
  | 'confirmedAt'
  | 'inviteStatus'
  | 'suppressedReason'
>;

interface Entry {
  label: string;
  count: number;
}

/** How many distinct texts a counter compares directly before it looks them up by hash. */
const RECENT_TEXTS = 8;

/** Counts of texts, compared exactly. */
class Counter {
  /**
   * The first few distinct texts, compared directly: answers to a choice question are a few texts
   * repeated, and comparing a handful of strings is cheaper than hashing each row's copy.
   */
  private readonly recent: Entry[] = [];
  private readonly byText = new Map<string, Entry>();

  add(text: string): void {
    for (const known of this.recent) {
      if (known.label === text) {
        known.count += 1;
        return;
      }
    }
    let entry = this.byText.get(text);
    if (!entry) {
      entry = { label: text, count: 0 };
      this.byText.set(text, entry);
      if (this.recent.length < RECENT_TEXTS) this.recent.push(entry);
    }
    entry.count += 1;
  }

  /** The `limit` largest (ties by label), then the rest summed as Other. */
  top(limit: number): Tally[] {
    const top: Entry[] = [];
    let rest = 0;
    for (const entry of this.byText.values()) {
      rest += entry.count;
      if (top.length === limit && !ranksBefore(entry, top[limit - 1]!)) continue;
      let index = top.length;
      while (index > 0 && ranksBefore(entry, top[index - 1]!)) index -= 1;
      top.splice(index, 0, entry);
      if (top.length > limit) top.pop();
    }
    const tallies: Tally[] = top.map(({ label, count }) => ({ label, count, kind: 'value' }));
    for (const tally of tallies) rest -= tally.count;
    if (rest > 0) tallies.push({ label: OTHER_LABEL, count: rest, kind: 'other' });
    return tallies;
  }
}

function ranksBefore(a: Entry, b: Entry): boolean {
  return a.count > b.count || (a.count === b.count && a.label < b.label);
}

/** The trimmed answer, or null for a blank or 'N/A' one. */
function answerText(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const text = (typeof value === 'string' ? value : displayValue(value)).trim();
  return text === '' || text === NOT_AVAILABLE ? null : text;
}

/** The country of a stored location (the filters' definition, `@silk/schema/signup-view`), or null when unknown. */
export function countryOf(location: unknown): string | null {
  const country = locationCountry(location);
  return country === NOT_AVAILABLE ? null : country;
}

function timeOf(value: unknown): number | null {
  if (value instanceof Date) {
    const time = value.getTime();
    return Number.isNaN(time) ? null : time;
  }
  return toDate(value)?.getTime() ?? null;
}

/** The start (Monday 00:00 UTC) of the ISO week of an instant. */
export function weekStart(time: number): number {
  const day = Math.floor(time / DAY_MS);
  // Day 0 (1970-01-01) was a Thursday: Monday is 3 days before it.
  const sinceMonday = (((day + 3) % 7) + 7) % 7;
  return (day - sinceMonday) * DAY_MS;
}

/** Running totals of a series. */
export function cumulative(series: readonly PeriodCount[]): PeriodCount[] {
  let total = 0;
  return series.map(({ start, count }) => ({ start, count: (total += count) }));
}

/** One feedback question's answers, counted as its kind says. */
class Question {
  readonly counter = new Counter();
  answered = 0;
  /** A checklist answer → its items (the same few combinations recur). */
  private readonly checklists = new Map<string, string[]>();

  constructor(
    readonly field: FeedbackField,
    readonly kind: AnswerKind,
  ) {}

  add(value: unknown): void {
    const text = answerText(value);
    if (text === null) return;
    if (this.kind === 'single') this.counter.add(text);
    else if (this.kind === 'domain') this.counter.add(text.slice(text.lastIndexOf('@') + 1).toLowerCase());
    else if (this.kind === 'multiple') {
      let items = this.checklists.get(text);
      if (!items) {
        items = text
          .split(',')
          .map(answerText)
          .filter((item) => item !== null);
        this.checklists.set(text, items);
      }
      if (items.length === 0) return;
      for (const item of items) this.counter.add(item);
    }
    // 'presence' counts only the answered.
    this.answered += 1;
  }

  distribution(total: number): AnswerDistribution {
    const tallies: Tally[] =
      this.kind === 'presence'
        ? this.answered > 0
          ? [{ label: ANSWERED_LABEL, count: this.answered, kind: 'value' }]
          : []
        : this.counter.top(TOP_COUNT);
    const none = total - this.answered;
    if (none > 0) tallies.push({ label: NO_ANSWER_LABEL, count: none, kind: 'none' });
    const { field, kind, answered } = this;
    return { field, question: QUESTIONS.get(field) ?? field, kind, answered, tallies };
  }
}

const noConversion = (): Conversion => ({ confirmed: 0, invited: 0, joined: 0 });

function addTo(target: Conversion, { confirmed, invited, joined }: Conversion): void {
  target.confirmed += confirmed;
  target.invited += invited;
  target.joined += joined;
}

/** Counts of one attribution field's values; rows without one are "(none)". */
class Attribution {
  readonly counter = new Counter();
  none = 0;
  readonly conversions = new Map<string | null, Conversion>();

  add(value: string | null, reached?: Conversion): void {
    if (value === null) this.none += 1;
    else this.counter.add(value);
    if (!reached) return;
    let conversion = this.conversions.get(value);
    if (!conversion) this.conversions.set(value, (conversion = noConversion()));
    addTo(conversion, reached);
  }

  tallies(): Tally[] {
    const tallies = this.counter.top(TOP_COUNT);
    if (this.none > 0) tallies.push({ label: NO_ATTRIBUTION, count: this.none, kind: 'none' });
    return tallies;
  }

  /** The conversion of each tally; Other's is what the listed values leave. */
  conversionsOf(tallies: readonly Tally[]): Conversion[] {
    const listed = new Set(tallies.filter((tally) => tally.kind === 'value').map((tally) => tally.label));
    const other = noConversion();
    for (const [value, conversion] of this.conversions) {
      if (value !== null && !listed.has(value)) addTo(other, conversion);
    }
    return tallies.map((tally) =>
      tally.kind === 'other' ? other : (this.conversions.get(tally.kind === 'none' ? null : tally.label) ?? other),
    );
  }
}

function computeInsights(rows: readonly InsightsRow[]): Insights {
  // Keyed by day number (small integers hash faster than epoch millis).
  const days = new Map<number, number>();
  let undated = 0;
  const questions = FEEDBACK_FIELDS.map((field) => new Question(field, feedbackQuestion(field).chart));
  const countries = new Counter();
  let unknownCountries = 0;
  const sources = new Attribution();
  const campaigns = new Attribution();
  let suppressed = 0;

  for (const row of rows) {
    const time = timeOf(row.timestamp);
    if (time === null) undated += 1;
    else {
      const day = Math.floor(time / DAY_MS);
      days.set(day, (days.get(day) ?? 0) + 1);
    }
    for (const question of questions) question.add(row[question.field]);
    const country = countryOf(row.location);
    if (country === null) unknownCountries += 1;
    else countries.add(country);
    const status = inviteStatusOf(row);
    sources.add(attributionOf(row, 'utmSource'), {
      confirmed: isConfirmedSignup(row) ? 1 : 0,
      invited: status === 'waiting' ? 0 : 1,
      joined: status === 'joined' ? 1 : 0,
    });
    campaigns.add(attributionOf(row, 'utmCampaign'));
    if (row.suppressedReason) suppressed += 1;
  }

  const perDay = [...days]
    .sort((a, b) => a[0] - b[0])
    .map(([day, count]) => ({ start: day * DAY_MS, count }));
  const weeks = new Map<number, number>();
  for (const { start, count } of perDay) {
    const week = weekStart(start);
    weeks.set(week, (weeks.get(week) ?? 0) + count);
  }
  const countryTallies = countries.top(TOP_COUNT);
  if (unknownCountries > 0)
    countryTallies.push({ label: UNKNOWN_COUNTRY_LABEL, count: unknownCountries, kind: 'none' });
  const sourceTallies = sources.tallies();

  return {
    total: rows.length,
    undated,
    perDay,
    perWeek: [...weeks].map(([start, count]) => ({ start, count })),
    answers: questions.map((question) => question.distribution(rows.length)),
    countries: countryTallies,
    sources: sourceTallies,
    sourceFunnels: sources.conversionsOf(sourceTallies),
    campaigns: campaigns.tallies(),
    suppressed,
  };
}

/** The figures of these rows; the same array gives the same (cached) result. */
export const aggregateSignups: (rows: readonly InsightsRow[]) => Insights = memoByRows(computeInsights);
