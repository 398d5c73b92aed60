// A tier an Admin adds or lowers reaches the people already past it: saving the tiers through the route
// makes the Functions emulator's settings trigger sweep the list, giving each of them one queue entry and
// one reward e-mail, and nobody below the tier anything; saving the same tiers again gives nothing more.
// (A tier's automatic invitation: invites/reward-invitations.emulator.test.ts.)
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { eventually } from '../../test-support/emulator';
import { mailDocsTo } from '../../test-support/mail';
import {
  hasRewardEntry as hasEntry,
  pastTierReferrer as referrer,
  rewards,
  rewardTiersByRoute,
} from '../../test-support/rewards';
import { sweepThreshold } from './reward-sweep';

const { save, tier } = rewardTiersByRoute('sweep');
const rewardMails = async (email: string) =>
  (await mailDocsTo(email)).filter((doc) => String(doc.get('message.subject')).startsWith('You earned'));

describe('sweepThreshold', () => {
  it('is the fewest referrals of a tier added or lowered, and none when no tier was', () => {
    const early = tier('early', 3, 'Early');
    const merch = tier('merch', 10, 'Merch');
    expect(sweepThreshold([], [early, merch])).toBe(3);
    expect(sweepThreshold([early], [early, merch])).toBe(10);
    expect(sweepThreshold([early, merch], [early, { ...merch, referrals: 6 }])).toBe(6);
    expect(sweepThreshold([early, merch], [early, { ...merch, name: 'Tote', referrals: 12 }])).toBeNull();
    expect(sweepThreshold([early, merch], [merch])).toBeNull();
  });
});

describe('saving tiers', () => {
  it('gives a new or lowered tier once to the people already past it, and nothing to anyone below', async () => {
    const [four, one] = await Promise.all([referrer(4), referrer(1)]);
    const early = tier('early', 3, 'Early access');
    const merch = tier('merch', 10, 'Silk merch');

    await save([early, merch]);
    await eventually(() => hasEntry(four, early.id), Boolean, 30_000);
    await eventually(
      () => rewardMails(four),
      (mails) => mails.length === 1,
      30_000,
    );

    // The same tiers again, then the merch tier lowered to four referrals.
    await save([early, merch]);
    await save([early, { ...merch, referrals: 4 }]);
    await eventually(() => hasEntry(four, merch.id), Boolean, 30_000);
    await eventually(
      () => rewardMails(four),
      (mails) => mails.length === 2,
      30_000,
    );

    // Whatever is still running has had its time: nothing twice, nothing below the tiers.
    await sleep(2_000);
    expect(await rewardMails(four)).toHaveLength(2);
    expect((await rewards.where('email', '==', four).get()).size).toBe(2);
    expect((await rewards.where('email', '==', one).get()).size).toBe(0);
    expect(await rewardMails(one)).toHaveLength(0);
  });
});
