// Where a signup stands in one index version, pure: its sort key (lower = ahead; ties by first signup
// time, then address) and the two buckets that count it. A place is 1 + the entries in earlier coarse buckets
// + those in earlier fine buckets of its coarse bucket + the members of its fine bucket with a lower
// key, so the buckets are cut where they stay small: by first signup time (a day, 10 seconds) under the time-ordered rules,
// by place (100,000, 1,000) under "skip N", whose key is a place.
import type { RankingRule } from '@silk/schema/referrals';

const DAY_MS = 24 * 3600 * 1000;
const FINE_MS = 10_000;
const COARSE_PLACES = 100_000;
const FINE_PLACES = 1_000;
/** Keeps "skip N" keys of referrers moved ahead of place 1 positive (fixed-width strings sort as numbers). */
const SKIP_OFFSET = 1e12;
/** Referral counts are ordered by their distance below this. */
const REFERRALS_CEILING = 1e12;
const MAJOR_DIGITS = 13;
const TIME_DIGITS = 15;

/** What the ranking follows of a signup. */
export interface RankFacts {
  email: string;
  /** First signup time (`firstSignupAt`, never a repeat signup's), milliseconds since the epoch. */
  firstSignupAt: number;
  confirmedReferrals: number;
  /** "Skip N" only: the place the signup took in line when it joined (or at the re-rank that ordered it). */
  seq?: number;
  /** "Skip N" only: the places skipped of the reward tiers its credited referrals reach. */
  tierPlaces?: number;
}

/** One signup's entry in an index version. */
export interface RankPlacement {
  sort: string;
  coarse: string;
  fine: string;
}

const pad = (value: number, digits: number) => String(Math.max(0, Math.floor(value))).padStart(digits, '0');

/** The rule's major key (equal for everyone under "by signup time"). */
function majorKey(rule: RankingRule, facts: RankFacts): number {
  const referrals = Math.max(0, Math.floor(facts.confirmedReferrals));
  switch (rule.kind) {
    case 'signup-time':
      return 0;
    case 'referrals':
      return REFERRALS_CEILING - 1 - Math.min(referrals, REFERRALS_CEILING - 1);
    case 'skip':
      return SKIP_OFFSET + (facts.seq ?? 0) - rule.places * referrals - Math.max(0, facts.tierPlaces ?? 0);
  }
}

export function placement(rule: RankingRule, facts: RankFacts): RankPlacement {
  const major = majorKey(rule, facts);
  const head = pad(major, MAJOR_DIGITS);
  const sort = `${head}${pad(facts.firstSignupAt, TIME_DIGITS)}|${facts.email}`;
  if (rule.kind === 'skip') {
    return {
      sort,
      coarse: pad(major / COARSE_PLACES, MAJOR_DIGITS),
      fine: pad((major % COARSE_PLACES) / FINE_PLACES, 3),
    };
  }
  const day = Math.floor(facts.firstSignupAt / DAY_MS);
  return {
    sort,
    coarse: `${head}${pad(day, 6)}`,
    fine: pad((facts.firstSignupAt - day * DAY_MS) / FINE_MS, 4),
  };
}

/** Whether the rule orders by the place each signup took when it joined (the entry then keeps `seq`). */
export function usesSeq(rule: RankingRule): boolean {
  return rule.kind === 'skip';
}
