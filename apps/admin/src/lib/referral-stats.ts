// Referral figures from the signups the panel holds (the Referrals tab's leaderboard, Insights' figures):
// one pass over the rows, memoised on the rows array as Insights' aggregates are.
import { confirmedReferralsOf, referrerOf } from '@silk/schema/signup-view';
import { toDate } from '@silk/schema/formatters';
import { memoByRows } from '@/lib/memo-by-rows';

interface ReferralRow {
  email: string;
  timestamp?: unknown;
}

export interface TopReferrer {
  email: string;
  /** Referrals of theirs that were confirmed and credited. */
  confirmedReferrals: number;
  /** Signups their link brought, confirmed or not. */
  referredSignups: number;
}

export interface ReferralStats {
  /** Signups counted. */
  signups: number;
  /** Signups a referral link brought (`referredBy` recorded). */
  referred: number;
  /** referred ÷ signups (0 without signups). */
  referralRate: number;
  /** Subscribers whose link brought at least one signup. */
  referrers: number;
  /** Confirmed, credited referrals in all. */
  confirmedReferrals: number;
  /** Confirmed signups each referrer brought on average: confirmedReferrals ÷ referrers (0 without referrers). */
  kFactor: number;
  /** Most confirmed referrals first, then the earlier signup, then the address. */
  top: TopReferrer[];
}

export const TOP_REFERRERS = 10;

const signupTime = (row: ReferralRow) => toDate(row.timestamp)?.getTime() ?? Number.POSITIVE_INFINITY;

function compute(rows: readonly ReferralRow[]): ReferralStats {
  const brought = new Map<string, number>();
  let confirmedReferrals = 0;
  const credited: ReferralRow[] = [];
  for (const row of rows) {
    const referrer = referrerOf(row);
    if (referrer !== null) brought.set(referrer, (brought.get(referrer) ?? 0) + 1);
    const confirmed = confirmedReferralsOf(row);
    if (confirmed > 0) {
      confirmedReferrals += confirmed;
      credited.push(row);
    }
  }
  // A referrer's count may be credited before their referred rows are loaded: they count as referrers too.
  const referrers = new Set([...brought.keys(), ...credited.map((row) => row.email)]).size;
  let referred = 0;
  for (const count of brought.values()) referred += count;
  const top = credited
    .sort(
      (a, b) =>
        confirmedReferralsOf(b) - confirmedReferralsOf(a) ||
        signupTime(a) - signupTime(b) ||
        a.email.localeCompare(b.email),
    )
    .slice(0, TOP_REFERRERS)
    .map((row) => ({
      email: row.email,
      confirmedReferrals: confirmedReferralsOf(row),
      referredSignups: brought.get(row.email) ?? 0,
    }));
  return {
    signups: rows.length,
    referred,
    referralRate: rows.length > 0 ? referred / rows.length : 0,
    referrers,
    confirmedReferrals,
    kFactor: referrers > 0 ? confirmedReferrals / referrers : 0,
    top,
  };
}

export const referralStats: (rows: readonly ReferralRow[]) => ReferralStats = memoByRows(compute);
