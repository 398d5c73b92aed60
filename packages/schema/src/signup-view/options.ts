// What the filter selects offer: each answer and each country among the rows, with how many signups each.
import { FEEDBACK_FIELDS } from '../constants';
import type { FeedbackField } from '../entities';
import type { AttributionField } from '../signup-fields';
import { answerOf, attributionOf, rowCountry, type Row } from './row';
import { compareText, naLast } from './sort';

/** The answers given to each question among `rows` with how often, most frequent first. */
export function answerOptions(
  rows: readonly Row[],
): Record<FeedbackField, Array<{ value: string; count: number }>> {
  const counts = Object.fromEntries(
    FEEDBACK_FIELDS.map((field) => [field, new Map<string, number>()]),
  ) as Record<FeedbackField, Map<string, number>>;
  for (const row of rows) {
    for (const field of FEEDBACK_FIELDS) {
      const value = answerOf(row, field);
      const map = counts[field];
      map.set(value, (map.get(value) ?? 0) + 1);
    }
  }
  return Object.fromEntries(FEEDBACK_FIELDS.map((field) => [field, ranked(counts[field])])) as Record<
    FeedbackField,
    Array<{ value: string; count: number }>
  >;
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

/** The values of an attribution field among `rows` ('' for the rows without one), most frequent first. */
export function attributionOptions(
  rows: readonly Row[],
  key: AttributionField,
): Array<{ value: string; count: number }> {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const value = attributionOf(row, key) ?? '';
    counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return ranked(counts);
}

function ranked(counts: Map<string, number>): Array<{ value: string; count: number }> {
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || compareText(a.value.toLowerCase(), b.value.toLowerCase()));
}
