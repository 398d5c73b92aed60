// Request and response shapes of the reward routes (the server parses with the zod schemas; the apps
// import the types only).
import * as z from 'zod';
import { REWARD_REQUEST_INVALID } from './messages';
import { MAX_SKIP_PLACES } from './referrals';
import {
  MAX_REWARD_DESCRIPTION_LENGTH,
  MAX_REWARD_NAME_LENGTH,
  MAX_REWARD_REFERRALS,
  MAX_REWARD_TIERS,
  REWARD_TIER_ID_PATTERN,
} from './rewards';

const invalid = { error: REWARD_REQUEST_INVALID };

const rewardTierSchema = z.object(
  {
    id: z.string(invalid).regex(REWARD_TIER_ID_PATTERN, invalid),
    referrals: z.number(invalid).int(invalid).min(1, invalid).max(MAX_REWARD_REFERRALS, invalid),
    name: z.string(invalid).trim().min(1, invalid).max(MAX_REWARD_NAME_LENGTH, invalid),
    description: z.string(invalid).trim().max(MAX_REWARD_DESCRIPTION_LENGTH, invalid),
    placesSkipped: z.number(invalid).int(invalid).min(0, invalid).max(MAX_SKIP_PLACES, invalid).optional(),
    autoInvite: z.boolean(invalid).optional(),
  },
  invalid,
);

/** The whole list of tiers, each id and each number of referrals once. */
export const rewardTiersSaveRequestSchema = z.object(
  {
    tiers: z
      .array(rewardTierSchema, invalid)
      .max(MAX_REWARD_TIERS, invalid)
      .refine((tiers) => new Set(tiers.map((tier) => tier.id)).size === tiers.length, invalid)
      .refine((tiers) => new Set(tiers.map((tier) => tier.referrals)).size === tiers.length, invalid),
  },
  invalid,
);
export type RewardTiersSaveRequest = z.input<typeof rewardTiersSaveRequestSchema>;
export interface RewardTiersSaveResponse {
  ok: true;
  message: string;
}

/** One queue entry marked fulfilled (its document id). */
export const rewardFulfilRequestSchema = z.object(
  { id: z.string(invalid).min(3, invalid).max(400, invalid) },
  invalid,
);
export type RewardFulfilRequest = z.input<typeof rewardFulfilRequestSchema>;
export interface RewardFulfilResponse {
  ok: true;
  message: string;
}
