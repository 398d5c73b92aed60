import { describe, expect, it } from 'vitest';
import { referralStats, TOP_REFERRERS } from './referral-stats';

const at = (day: number) => new Date(Date.UTC(2026, 10, day));

describe('referralStats', () => {
  it('counts the referral rate, the K-factor and the top referrers from the rows', () => {
    const rows = [
      { email: 'ana@example.com', timestamp: at(1), confirmedReferrals: 2 },
      { email: 'bo@example.com', timestamp: at(2), referredBy: 'ana@example.com' },
      { email: 'cy@example.com', timestamp: at(3), referredBy: 'ana@example.com', confirmedReferrals: 2 },
      { email: 'dee@example.com', timestamp: at(4), referredBy: 'ana@example.com' },
      { email: 'eve@example.com', timestamp: at(5), referredBy: 'cy@example.com' },
      { email: 'fay@example.com', timestamp: at(6), referredBy: 'cy@example.com' },
      { email: 'gus@example.com', timestamp: at(7), referredBy: 'fay@example.com' },
      { email: 'hal@example.com', timestamp: at(8) },
    ];
    const stats = referralStats(rows);
    expect(stats).toMatchObject({
      signups: 8,
      referred: 6,
      referralRate: 6 / 8,
      referrers: 3, // ana, cy, fay
      confirmedReferrals: 4,
      kFactor: 4 / 3,
    });
    // Equal counts: the earlier signup first.
    expect(stats.top).toEqual([
      { email: 'ana@example.com', confirmedReferrals: 2, referredSignups: 3 },
      { email: 'cy@example.com', confirmedReferrals: 2, referredSignups: 2 },
    ]);
    expect(referralStats(rows)).toBe(stats); // memoised on the array
  });

  it('is all zeros without signups or referrals, and lists at most the top 10', () => {
    expect(referralStats([])).toMatchObject({ signups: 0, referralRate: 0, referrers: 0, kFactor: 0, top: [] });
    const many = Array.from({ length: 12 }, (_, index) => ({
      email: `r${index}@example.com`,
      timestamp: at(1),
      confirmedReferrals: index + 1,
    }));
    const { top, referrers, kFactor } = referralStats(many);
    expect(top).toHaveLength(TOP_REFERRERS);
    expect(top[0]).toEqual({ email: 'r11@example.com', confirmedReferrals: 12, referredSignups: 0 });
    expect(referrers).toBe(12);
    expect(kFactor).toBe(78 / 12);
  });
});
