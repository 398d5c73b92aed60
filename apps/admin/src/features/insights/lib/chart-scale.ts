// Axis helpers of the Insights charts: round tick values and the labels of dates, counts and shares.
import { DATE_LOCALE } from '@silk/schema/constants';
import type { Period } from './aggregate';

/** Evenly spaced round ticks (1, 2 or 5 × 10^n apart) from 0 to at least `max`, about `count` of them. */
export function niceTicks(max: number, count = 4): number[] {
  if (max <= 0) return [0, 1];
  const rough = max / count;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(
    1,
    [1, 2, 5].map((factor) => factor * magnitude).find((value) => value >= rough) ?? 10 * magnitude,
  );
  const ticks: number[] = [];
  for (let value = 0; value < max + step; value += step) ticks.push(value);
  return ticks;
}

const dateFormat = new Intl.DateTimeFormat(DATE_LOCALE, {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const countFormat = new Intl.NumberFormat(DATE_LOCALE);
const shareFormat = new Intl.NumberFormat(DATE_LOCALE, { style: 'percent', maximumFractionDigits: 1 });

/** "Nov 16, 2026" (the UTC date). */
export function formatDay(start: number): string {
  return dateFormat.format(start);
}

/** A period's name in tables and summaries: its date, or "Week of" its Monday. */
export function formatPeriod(start: number, period: Period): string {
  return period === 'day' ? formatDay(start) : `Week of ${formatDay(start)}`;
}

/** The period's date as `<time dateTime>` wants it (YYYY-MM-DD). */
export function isoDay(start: number): string {
  return new Date(start).toISOString().slice(0, 10);
}

/** "1,234" */
export function formatCount(count: number): string {
  return countFormat.format(count);
}

/** "12.5%" of the whole; "0%" when there is no whole. */
export function formatShare(count: number, whole: number): string {
  return shareFormat.format(whole > 0 ? count / whole : 0);
}

/** The text cut to `max` characters, ending in an ellipsis when cut. */
export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}
