// The Waitlist Signups tab's view — sort, search and filters — as one value, shared by the admin panel
// (which keeps it in the URL) and the filtered export (which applies it to every page it reads).
import type { FeedbackField } from '../entities';
import { SIGNUP_COLUMNS, type SignupColumnKey } from '../formatters';
import { INVITE_STATUSES, type InviteStatus } from '../invites';

export type SortDirection = 'asc' | 'desc';
export interface SignupSort {
  key: SignupColumnKey;
  direction: SortDirection;
}

export const CONFIRMED_FILTERS = ['all', 'confirmed', 'unconfirmed'] as const;
export type ConfirmedFilter = (typeof CONFIRMED_FILTERS)[number];

/** By whether a referral link brought the signup (`referredBy` recorded). */
export const REFERRED_FILTERS = ['all', 'referred', 'not-referred'] as const;
export type ReferredFilter = (typeof REFERRED_FILTERS)[number];

/** By where the signup stands with invitations (`inviteStatus`; absent: waiting). */
export const INVITE_FILTERS = ['all', ...INVITE_STATUSES] as const;
export type InviteFilter = 'all' | InviteStatus;

export interface SignupView {
  /** null: the list's own order, newest first. */
  sort: SignupSort | null;
  /** Typed text, kept as typed; matched trimmed and case-insensitively. */
  search: string;
  /** Per feedback question, the one answer a row must have (its displayed value: 'N/A' when blank). */
  answers: Partial<Record<FeedbackField, string>>;
  /** Signup date range, inclusive, calendar days YYYY-MM-DD in `timeZone`; null: open. */
  from: string | null;
  to: string | null;
  /** The IANA time zone the days are read in (the panel's, where the table shows its dates). */
  timeZone: string;
  /** Countries a row may be from (any of them); empty: every country. */
  countries: string[];
  confirmed: ConfirmedFilter;
  referred: ReferredFilter;
  /** Only subscribers with at least one confirmed referral. */
  hasReferrals: boolean;
  invite: InviteFilter;
  /**
   * By the campaign's source and name (`utmSource`, `utmCampaign`): the one value a row must carry,
   * '' for the rows without one; null: any.
   */
  source: string | null;
  campaign: string | null;
}

/** Newest first, nothing filtered. */
export const DEFAULT_SIGNUP_VIEW: SignupView = {
  sort: null,
  search: '',
  answers: {},
  from: null,
  to: null,
  timeZone: 'UTC',
  countries: [],
  confirmed: 'all',
  referred: 'all',
  hasReferrals: false,
  invite: 'all',
  source: null,
  campaign: null,
};

/** The default order, newest first, as a sort: what the table's "Signup Date" header shows without one. */
export const NEWEST_FIRST: SignupSort = { key: 'timestamp', direction: 'desc' };

const COLUMN_KEYS: ReadonlySet<string> = new Set(SIGNUP_COLUMNS.map((column) => column.key));
/** Longest text the view carries in one value (search, an answer, a country). */
export const MAX_VIEW_TEXT = 2000;
export const MAX_VIEW_COUNTRIES = 300;

export function isSignupColumnKey(value: unknown): value is SignupColumnKey {
  return typeof value === 'string' && COLUMN_KEYS.has(value);
}
