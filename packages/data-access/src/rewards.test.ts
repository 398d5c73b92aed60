import { describe, expect, it } from 'vitest';
import { parseRewardEntry, parseRewardTiers } from './rewards';

describe('parseRewardTiers', () => {
  it('keeps the stored tiers, fewest referrals first, and drops a malformed one', () => {
    expect(
      parseRewardTiers({
        tiers: [
          { id: 'merch', referrals: 10, name: 'Merch', description: 'A tote.' },
          { id: 'early', referrals: 3, name: 'Early beta' },
          { id: 'broken', referrals: '3', name: 'Broken' },
          null,
        ],
      }),
    ).toEqual([
      { id: 'early', referrals: 3, name: 'Early beta', description: '' },
      { id: 'merch', referrals: 10, name: 'Merch', description: 'A tote.' },
    ]);
    expect(parseRewardTiers(undefined)).toEqual([]);
  });
});

describe('parseRewardEntry', () => {
  it('keeps a stored entry with its id, who fulfilled it and when', () => {
    const stored = {
      email: 'ana@example.com',
      tierId: 'early',
      tierName: 'Early beta',
      referrals: 3,
      reachedAt: 1,
      status: 'fulfilled',
      fulfilledAt: 2,
      fulfilledBy: 'boss@silk.travel',
    };
    expect(parseRewardEntry('ana@example.com_early', stored)).toEqual({
      id: 'ana@example.com_early',
      ...stored,
    });
  });

  it('reads an unknown status as unfulfilled and leaves out what is missing or mistyped', () => {
    expect(parseRewardEntry('x_y', { email: 'x@example.com', status: 'lost', fulfilledAt: 'soon' })).toEqual({
      id: 'x_y',
      email: 'x@example.com',
      tierId: '',
      tierName: '',
      referrals: 0,
      reachedAt: 0,
      status: 'unfulfilled',
    });
  });
});
