import type { RankingRule } from '@silk/schema/referrals';
import { describe, expect, it } from 'vitest';
import { placement, type RankFacts } from './rank-keys';

const at = (seconds: number) => Date.UTC(2026, 0, 1) + seconds * 1000;
const facts = (email: string, seconds: number, confirmedReferrals = 0, seq?: number): RankFacts => ({
  email,
  firstSignupAt: at(seconds),
  confirmedReferrals,
  ...(seq === undefined ? {} : { seq }),
});
const order = (rule: RankingRule, signups: RankFacts[]) =>
  [...signups]
    .sort((a, b) => (placement(rule, a).sort < placement(rule, b).sort ? -1 : 1))
    .map(({ email }) => email);

describe('placement', () => {
  const signups = [
    facts('a@x.io', 0, 0, 1),
    facts('b@x.io', 5, 2, 2),
    facts('c@x.io', 5, 0, 3),
    facts('d@x.io', 9, 3, 4),
  ];

  it('orders by signup time, then address, under "by signup time"', () => {
    expect(order({ kind: 'signup-time' }, signups)).toEqual(['a@x.io', 'b@x.io', 'c@x.io', 'd@x.io']);
  });

  it('orders by confirmed referrals, then signup time, under "most referrals"', () => {
    expect(order({ kind: 'referrals' }, signups)).toEqual(['d@x.io', 'b@x.io', 'a@x.io', 'c@x.io']);
  });

  it('moves a signup the places skipped of its reward tiers further ahead under "skip N" only', () => {
    const jumper = { ...facts('d@x.io', 9, 0, 4), tierPlaces: 3 };
    const others = signups.filter(({ email }) => email !== 'd@x.io');
    // keys: a 1, b 2 - 2 = 0, c 3, d 4 - 3 = 1 (after a, who joined earlier)
    expect(order({ kind: 'skip', places: 1 }, [...others, jumper])).toEqual([
      'b@x.io',
      'a@x.io',
      'd@x.io',
      'c@x.io',
    ]);
    for (const rule of [{ kind: 'signup-time' }, { kind: 'referrals' }] as const)
      expect(placement(rule, jumper)).toEqual(placement(rule, { ...jumper, tierPlaces: 0 }));
  });

  it('moves a signup N places ahead per confirmed referral, ties by signup time, under "skip N"', () => {
    // keys: a 1, b 2 - 2 = 0, c 3, d 4 - 3 = 1 (after a, who joined earlier)
    expect(order({ kind: 'skip', places: 1 }, signups)).toEqual(['b@x.io', 'a@x.io', 'd@x.io', 'c@x.io']);
    // keys: a 1, b -2, c 3, d -2 (after b, who joined earlier)
    expect(order({ kind: 'skip', places: 2 }, signups)).toEqual(['b@x.io', 'd@x.io', 'a@x.io', 'c@x.io']);
  });

  it('orders buckets as their sort keys', () => {
    const rules: RankingRule[] = [
      { kind: 'signup-time' },
      { kind: 'referrals' },
      { kind: 'skip', places: 1000 },
    ];
    for (const rule of rules) {
      const placed = Array.from({ length: 300 }, (_, i) =>
        placement(rule, facts(`s${i}@x.io`, i * 997, i % 7, i * 131)),
      );
      const sorted = [...placed].sort((a, b) => (a.sort < b.sort ? -1 : 1));
      for (const [i, after] of sorted.entries()) {
        const before = sorted[i - 1];
        if (!before) continue;
        expect(before.coarse <= after.coarse).toBe(true);
        if (before.coarse === after.coarse) expect(before.fine <= after.fine).toBe(true);
      }
    }
  });
});
