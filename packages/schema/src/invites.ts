// Invitations off the waitlist: the shapes shared by the functions, the site's /invite page and the
// admin panel. Pure and without imports of Firebase or zod (the apps' bundles use it).

/**
 * Where a signup stands with invitations (`inviteStatus` on the signup; absent = waiting). Unsubscribed,
 * erased and suppressed addresses are never invited.
 */
export const INVITE_STATUSES = ['waiting', 'invited', 'joined', 'expired', 'declined'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

/** How long an invitation's code works unless the configuration says otherwise (INVITE_EXPIRY_DAYS). */
export const DEFAULT_INVITE_EXPIRY_DAYS = 14;
/** How long the product's one-time token works after the redemption that made it (INVITE_TOKEN_HOURS). */
export const DEFAULT_INVITE_TOKEN_HOURS = 24;
/** The query parameter of an invitation link: `https://<site>/invite?code=<code>`. */
export const INVITE_CODE_PARAM = 'code';
/** An invitation code: 32 base64url characters (192 random bits); only its hash is stored. */
export const INVITE_CODE_PATTERN = /^[A-Za-z0-9_-]{32}$/;

export function parseInviteCode(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const code = value.trim();
  return INVITE_CODE_PATTERN.test(code) ? code : null;
}

/** Who a staff member's wave invites: the next N in the ranking's order, or everyone in a filtered view of the panel. */
export type WaveTarget =
  | { kind: 'next'; count: number }
  /** The signups view's URL query (`@silk/schema/signup-view`), as the panel's table shows it. */
  | { kind: 'view'; query: string };

/** Any wave's target: a staff member's, or (the server's alone) one person who reached a reward tier that invites. */
export type StoredWaveTarget =
  | WaveTarget
  /** `tierName`: the tier reached, as named when it was. */
  | { kind: 'reward'; email: string; tierName: string };

export const MAX_WAVE_SIZE = 100_000;

/** invite_history/{id}: one change of a signup's invite status. */
export interface InviteHistoryEntry {
  email: string;
  status: InviteStatus;
  at: number;
  /** The staff member's address, 'drip', 'system' (expiry) or 'invitee' (their own choice). */
  by: string;
  waveId?: string;
}

/** invite_waves/{waveId}: one wave (server-written; staff read). */
export interface InviteWave {
  target: StoredWaveTarget;
  /** Invite unconfirmed addresses too (by default only confirmed ones are). */
  includeUnconfirmed: boolean;
  /** 'drip' for the daily drip's waves, 'reward' for a reward tier's invitation. */
  origin: 'admin' | 'drip' | 'reward';
  createdBy: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
  state: 'running' | 'done' | 'failed';
  /** How many the wave selected (fewer than asked when fewer are waiting). */
  total: number;
  invited: number;
  finishedAt?: number;
}

/** settings/invites: the drip (server-written; staff read). */
export interface DripSettings {
  enabled: boolean;
  /** Invitations per day. */
  perDay: number;
  /** The hour of the day (0–23, UTC) the drip's wave starts. */
  hourUtc: number;
  lastRunAt?: number;
}

/** A wave's preview: how many it would invite and the first addresses, before the Admin confirms. */
export interface WavePreview {
  count: number;
  /** The first few addresses in the order they would be invited. */
  first: string[];
  /** Fewer are waiting than were asked for: the wave invites everyone waiting. */
  fewerThanAsked: boolean;
}

/** The funnel of one wave or of all of them. */
export interface InviteFunnel {
  invited: number;
  joined: number;
  expired: number;
  declined: number;
  /** Median time from invitation to joining, in milliseconds (null: nobody joined). */
  medianTimeToJoinMs: number | null;
}
