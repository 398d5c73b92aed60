// Reward tiers: an Admin's milestones of credited referrals (settings/rewards) and the fulfilment queue
// (rewards/{email}_{tierId}: one entry per person who reached a tier). No Firebase here.

/** At most this many tiers (the editor's list and the server's check). */
export const MAX_REWARD_TIERS = 20;
export const MAX_REWARD_NAME_LENGTH = 60;
export const MAX_REWARD_DESCRIPTION_LENGTH = 500;
/** The most credited referrals a tier may ask for. */
export const MAX_REWARD_REFERRALS = 100_000;
/** A tier's id: short, lower-case letters and digits (it ends its entries' ids, after an underscore). */
export const REWARD_TIER_ID_PATTERN = /^[a-z0-9]{1,24}$/;

export interface RewardTier {
  /** Stable across edits, so an edited tier keeps its entries. */
  id: string;
  /** Credited referrals needed. */
  referrals: number;
  name: string;
  description: string;
  /**
   * Places the person moves ahead on reaching the tier (0 or absent: none). Counted under the ranking
   * rule that orders the line by places ("skip N per referral"); the time- and referral-ordered rules
   * keep their strict order.
   */
  placesSkipped?: number;
  /** Reaching the tier invites the person (a wave of one), unless they were invited before. */
  autoInvite?: boolean;
}

/** settings/{REWARD_SETTINGS_DOC}. */
export interface RewardSettings {
  tiers: RewardTier[];
  updatedAt?: number;
  updatedBy?: string;
}

/** unfulfilled: waiting for the team; fulfilled: done (kept for good); revoked: credit was taken back before. */
export const REWARD_STATUSES = ['unfulfilled', 'fulfilled', 'revoked'] as const;
export type RewardStatus = (typeof REWARD_STATUSES)[number];

/** rewards/{rewardEntryId(email, tierId)}: a person who reached a tier (server-written; staff read). */
export interface RewardEntry {
  email: string;
  tierId: string;
  /** The tier's name and referrals when it was reached (the tier may be edited or removed later). */
  tierName: string;
  referrals: number;
  reachedAt: number;
  status: RewardStatus;
  fulfilledAt?: number;
  fulfilledBy?: string;
  revokedAt?: number;
  revokedBy?: string;
  /** Its tier invites automatically and the person had not confirmed: invited once they have. */
  awaitsConfirmation?: boolean;
}

export function rewardEntryId(email: string, tierId: string): string {
  return `${email}_${tierId}`;
}

/** Fewest referrals first (the order of the editor, the status page and the e-mail's "next"). */
export function sortTiers(tiers: readonly RewardTier[]): RewardTier[] {
  return [...tiers].sort((a, b) => a.referrals - b.referrals || a.name.localeCompare(b.name));
}

export interface RewardProgress {
  /** The tiers reached with this many credited referrals, fewest referrals first. */
  reached: RewardTier[];
  /** The next tier, or null when every tier is reached (or there are none). */
  next: RewardTier | null;
}

export function rewardProgress(tiers: readonly RewardTier[], credited: number): RewardProgress {
  const sorted = sortTiers(tiers);
  return {
    reached: sorted.filter((tier) => tier.referrals <= credited),
    next: sorted.find((tier) => tier.referrals > credited) ?? null,
  };
}

/** "2 of 3 referrals to Early beta". */
/** Said where the progress to the next tier would be, once every tier is reached. */
export const EVERY_REWARD_REACHED = 'You reached every reward.';

export function progressToTier(credited: number, tier: RewardTier): string {
  return `${credited} of ${tier.referrals} ${tier.referrals === 1 ? 'referral' : 'referrals'} to ${tier.name}`;
}

/** The tiers in settings/rewards as stored (the document's data), fewest referrals first. */
export function tiersIn(settings: Partial<RewardSettings> | undefined): RewardTier[] {
  return Array.isArray(settings?.tiers) ? sortTiers(settings.tiers) : [];
}

/** The places skipped of the tiers `credited` referrals reach (a tier without the option skips none). */
export function tierPlacesSkipped(tiers: readonly RewardTier[], credited: number): number {
  return rewardProgress(tiers, credited).reached.reduce((sum, tier) => sum + (tier.placesSkipped ?? 0), 0);
}

/** Whether the places the tiers skip, or the referrals that reach them, differ between two lists. */
export function tierPlacesChanged(before: readonly RewardTier[], after: readonly RewardTier[]): boolean {
  const skips = (tiers: readonly RewardTier[]) =>
    tiers
      .filter((tier) => (tier.placesSkipped ?? 0) > 0)
      .map((tier) => `${tier.referrals}:${tier.placesSkipped}`)
      .sort()
      .join(',');
  return skips(before) !== skips(after);
}
