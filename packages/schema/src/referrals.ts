// Referrals and the place in line: the shapes shared by the functions, the site's status page and the
// admin panel. Pure and without imports of Firebase or zod (the apps' bundles use it).

/** The query parameter of a referral link: `https://<site>/?ref=<code>`. */
export const REFERRAL_PARAM = 'ref';

/** A subscriber's referral code: 8 characters of an alphabet without look-alikes (never the address). */
export const REFERRAL_CODE_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
export const REFERRAL_CODE_LENGTH = 8;
export const REFERRAL_CODE_PATTERN = /^[23456789abcdefghjkmnpqrstuvwxyz]{8}$/;

/** A code as typed or pasted (case-folded, trimmed), or null when it cannot be a code (then it is ignored). */
export function parseReferralCode(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const code = value.trim().toLowerCase();
  return REFERRAL_CODE_PATTERN.test(code) ? code : null;
}

/** The link a subscriber shares. */
export function referralLink(siteOrigin: string, code: string): string {
  const url = new URL('/', siteOrigin);
  url.searchParams.set(REFERRAL_PARAM, code);
  return url.toString();
}

/**
 * Where a referral stands: `pending` until the referred person confirms; then `credited`, or `withheld`
 * (a fraud rule matched; listed for review) until an Admin grants (`credited`) or rejects (`rejected`).
 */
export const REFERRAL_STATUSES = ['pending', 'credited', 'withheld', 'rejected'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

/**
 * Why credit was withheld. `already-credited`: the referred mailbox has earned this referrer credit
 * before (under any spelling, also when that signup was erased since): a repeat is never credited.
 */
export const WITHHOLD_REASONS = [
  'same-person',
  'already-credited',
  'disposable-domain',
  'network-burst',
  'daily-cap',
] as const;
export type WithholdReason = (typeof WITHHOLD_REASONS)[number];

/** referrals/{referred e-mail}: one per referred signup (server-written; staff read). */
export interface ReferralRecord {
  referred: string;
  referrer: string;
  code: string;
  status: ReferralStatus;
  reason?: WithholdReason;
  /** The referred person's network: a keyed hash of the /24 or /48 the server observed at signup. */
  network?: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
  confirmedAt?: number;
  decidedAt?: number;
  /** The Admin who granted or rejected it (ERASURE_DECIDER: the referred person's erasure). */
  decidedBy?: string;
  /** When the referred person was erased: the record stays, without their address (ERASED_REFERRED). */
  erasedAt?: number;
}

/** What an erased person's referral record names instead of their address. */
export const ERASED_REFERRED = '(erased)';
/** Who decided a withheld referral whose referred person was erased before an Admin did. */
export const ERASURE_DECIDER = 'erasure';

/** How the line is ordered (chosen by Admins). */
export type RankingRule =
  | { kind: 'signup-time' }
  /** Each confirmed referral moves the referrer `places` places ahead. */
  | { kind: 'skip'; places: number }
  /** Most confirmed referrals first, then signup time. */
  | { kind: 'referrals' };

export const RANKING_RULE_KINDS = ['signup-time', 'skip', 'referrals'] as const;
export const DEFAULT_RANKING_RULE: RankingRule = { kind: 'signup-time' };
export const MAX_SKIP_PLACES = 1000;

/** settings/ranking: the rule in force and the re-rank that applies a new one (server-written; staff read). */
export interface RankingSettings {
  rule: RankingRule;
  /** The index version positions are read from (a re-rank builds the next one, then switches). */
  version: number;
  updatedAt?: number;
  updatedBy?: string;
  rerank?: {
    rule: RankingRule;
    /** The index version the re-rank builds (`version` becomes it when done). */
    version: number;
    state: 'running' | 'done' | 'failed';
    done: number;
    total: number;
    startedAt: number;
    finishedAt?: number;
  };
}

/** A leaderboard line: the address masked (`an…@g…l.com`), never the address itself. */
export interface LeaderboardEntry {
  maskedEmail: string;
  confirmedReferrals: number;
}

/** What the private status page shows its subscriber. */
export interface ReferralStatusView {
  place: number;
  total: number;
  confirmedReferrals: number;
  referralCode: string;
  referralLink: string;
  rule: RankingRule;
  leaderboard: LeaderboardEntry[];
}

/** An address shown without revealing it: the first two characters of each part, the top-level domain. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '…';
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local.slice(0, Math.min(2, local.length - 1) || 1)}…@${host.slice(0, 1)}…${tld}`;
}

/** A rule in words, for the panel and the status page. */
export function describeRankingRule(rule: RankingRule): string {
  switch (rule.kind) {
    case 'signup-time':
      return 'By signup time';
    case 'skip':
      return `Skip ${rule.places} ${rule.places === 1 ? 'place' : 'places'} per confirmed referral`;
    case 'referrals':
      return 'Most confirmed referrals, then signup time';
  }
}
