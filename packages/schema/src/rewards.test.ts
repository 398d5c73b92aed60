import { describe, expect, it } from 'vitest';
import { progressToTier, rewardEntryId, rewardProgress, type RewardTier } from './rewards';

const EARLY: RewardTier = { id: 'early', referrals: 3, name: 'Early beta', description: '' };
const MERCH: RewardTier = { id: 'merch', referrals: 10, name: 'Merch', description: '' };
const FIRST: RewardTier = { id: 'first', referrals: 1, name: 'Thank you', description: '' };

describe('reward tiers', () => {
  it('orders the tiers by referrals: those reached, and the next', () => {
    expect(rewardProgress([MERCH, EARLY, FIRST], 0)).toEqual({ reached: [], next: FIRST });
    expect(rewardProgress([MERCH, EARLY, FIRST], 3)).toEqual({ reached: [FIRST, EARLY], next: MERCH });
    expect(rewardProgress([MERCH, EARLY, FIRST], 12)).toEqual({ reached: [FIRST, EARLY, MERCH], next: null });
    expect(rewardProgress([], 5)).toEqual({ reached: [], next: null });
  });

  it('words the progress to a tier', () => {
    expect(progressToTier(2, EARLY)).toBe('2 of 3 referrals to Early beta');
    expect(progressToTier(0, FIRST)).toBe('0 of 1 referral to Thank you');
  });

  it('names a queue entry by the address and the tier', () => {
    expect(rewardEntryId('ana@example.com', 'early')).toBe('ana@example.com_early');
  });
});
