// What the view reads of a row — its answers, country, confirmation, search text and signup time —, the
// costly parts worked out once per row object.
import { FEEDBACK_FIELDS, NOT_AVAILABLE } from '../constants';
import type { FeedbackField } from '../entities';
import { displayValue, formatLocation, toDate } from '../formatters';
import { INVITE_STATUSES, type InviteStatus } from '../invites';
import type { AttributionField } from '../signup-fields';

/** A signup as the panel or the export holds it: its fields are read by name. */
export type Row = object;
export const fields = (row: Row) => row as Record<string, unknown>;

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

/** The address of the subscriber whose referral link brought this signup, or null. */
export function referrerOf(row: Row): string | null {
  const { referredBy } = fields(row);
  return typeof referredBy === 'string' && referredBy !== '' ? referredBy : null;
}

/** How many referrals of this subscriber were confirmed and credited (0 when none is recorded). */
export function confirmedReferralsOf(row: Row): number {
  const { confirmedReferrals } = fields(row);
  return typeof confirmedReferrals === 'number' &&
    Number.isFinite(confirmedReferrals) &&
    confirmedReferrals > 0
    ? confirmedReferrals
    : 0;
}

/** How the panel names the signups that carry no value of an attribution field (no source, no campaign). */
export const NO_ATTRIBUTION = '(none)';

/** A stored attribution value of the row (its source, campaign, …), or null when it has none. */
export function attributionOf(row: Row, key: AttributionField): string | null {
  const value = fields(row)[key];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** Where the signup stands with invitations: its recorded status, else waiting. */
export function inviteStatusOf(row: Row): InviteStatus {
  const { inviteStatus } = fields(row);
  return (INVITE_STATUSES as readonly unknown[]).includes(inviteStatus)
    ? (inviteStatus as InviteStatus)
    : 'waiting';
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

export function haystackOf(row: Row): string {
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

export function rowCountry(row: Row): string {
  const facts = factsOf(row);
  facts.country ??= countryOf(fields(row).location);
  return facts.country;
}

export function rowTime(row: Row): number {
  const facts = factsOf(row);
  facts.time ??= toDate(fields(row).timestamp)?.getTime() ?? Number.NaN;
  return facts.time;
}
