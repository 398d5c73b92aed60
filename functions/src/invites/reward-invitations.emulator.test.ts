// A reward tier that invites automatically, through the Functions emulator's triggers: each person is
// invited once when they reach it (however often their rewards are given), also those who reached it
// before it was switched on; someone unconfirmed is invited by the hourly schedule once they confirm;
// nobody invited before, and nobody whose reward was taken back or whose tier stopped inviting.
import { COLLECTIONS } from '@silk/schema/constants';
import { rewardEntryId } from '@silk/schema/rewards';
import { Timestamp } from 'firebase-admin/firestore';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { adminServices } from '../shared/admin';
import { grantRewards } from '../subscribers/reward-grant';
import { eventually } from '../../test-support/emulator';
import { mailDocsTo } from '../../test-support/mail';
import {
  hasRewardEntry as hasEntry,
  invitationsOf,
  pastTierReferrer as referrer,
  rewards,
  rewardTiersByRoute,
  rewardWavesOf,
} from '../../test-support/rewards';
import { inviteConfirmedHolders } from './invite-for-reward';

const { db } = adminServices();
const { save, tier } = rewardTiersByRoute('invite');

describe('a tier that invites automatically', () => {
  it('invites each invitable person once when they reach it, however often their rewards are given; nobody invited before', async () => {
    const confirmedAt = Timestamp.fromMillis(Date.UTC(2025, 5, 1));
    const [ready, invitedBefore, unconfirmed] = await Promise.all([
      referrer(5, { confirmedAt }),
      referrer(5, { confirmedAt, inviteStatus: 'invited' }),
      referrer(5),
    ]);
    const access = { ...tier('access', 5, 'Beta access'), autoInvite: true };
    await save([access]);
    await eventually(() => hasEntry(ready, access.id), Boolean, 30_000);
    await eventually(
      () => invitationsOf(ready),
      (count) => count === 1,
      30_000,
    );
    // The rewards given again, five times at once (a retried or repeated trigger): still one invitation.
    await Promise.all(Array.from({ length: 5 }, () => grantRewards(db, ready)));
    await sleep(2_000);
    expect(await invitationsOf(ready)).toBe(1);
    const inviteMails = (await mailDocsTo(ready)).filter((doc) =>
      String(doc.get('message.text')).includes('/invite?code='),
    );
    expect(inviteMails).toHaveLength(1);
    expect((await db.collection(COLLECTIONS.waitlistSignups).doc(ready).get()).get('inviteStatus')).toBe(
      'invited',
    );
    expect(await rewardWavesOf(ready)).toHaveLength(1);
    // Rewarded, not invited: invited before, or not invitable (unconfirmed) when they reached the tier.
    for (const email of [invitedBefore, unconfirmed]) {
      expect(await hasEntry(email, access.id)).toBe(true);
      expect(await invitationsOf(email)).toBe(0);
    }
  });

  it('once switched on, invites those who reached it before, once; not those whose reward was taken back', async () => {
    const confirmedAt = Timestamp.fromMillis(Date.UTC(2025, 5, 1));
    const [earlier, takenBack] = await Promise.all([
      referrer(6, { confirmedAt }),
      referrer(6, { confirmedAt }),
    ]);
    const vip = tier('vip', 6, 'VIP');
    await save([vip]);
    await eventually(
      async () => (await hasEntry(earlier, vip.id)) && (await hasEntry(takenBack, vip.id)),
      Boolean,
      30_000,
    );
    await rewards.doc(rewardEntryId(takenBack, vip.id)).update({ status: 'revoked' });
    expect(await invitationsOf(earlier)).toBe(0);

    await save([{ ...vip, autoInvite: true }]);
    await eventually(
      () => invitationsOf(earlier),
      (count) => count === 1,
      30_000,
    );
    // Saved again while it invites already (a new description): nobody invited twice.
    await save([{ ...vip, autoInvite: true, description: 'VIP, reworded' }]);
    await sleep(2_000);
    expect(await invitationsOf(earlier)).toBe(1);
    expect(await rewardWavesOf(earlier)).toHaveLength(1);
    expect(await invitationsOf(takenBack)).toBe(0);
    expect(await rewardWavesOf(takenBack)).toHaveLength(0);
  });

  it('invites someone who reached it unconfirmed once they confirm (the hourly schedule), once; not before', async () => {
    const unconfirmed = await referrer(7);
    const gold = { ...tier('gold', 7, 'Gold'), autoInvite: true };
    await save([gold]);
    const entry = rewards.doc(rewardEntryId(unconfirmed, gold.id));
    await eventually(
      async () => (await entry.get()).get('awaitsConfirmation'),
      (awaits) => awaits === true,
      30_000,
    );
    // Not confirmed yet: the schedule leaves them waiting.
    expect(await inviteConfirmedHolders(db)).toBe(0);
    expect((await entry.get()).get('awaitsConfirmation')).toBe(true);
    expect(await invitationsOf(unconfirmed)).toBe(0);

    await db
      .collection(COLLECTIONS.waitlistSignups)
      .doc(unconfirmed)
      .update({ confirmedAt: Timestamp.fromMillis(Date.now()) });
    await inviteConfirmedHolders(db);
    await eventually(
      () => invitationsOf(unconfirmed),
      (count) => count === 1,
      30_000,
    );
    expect((await entry.get()).get('awaitsConfirmation')).toBeUndefined();
    // The schedule again, and the tiers saved again: still one invitation.
    await inviteConfirmedHolders(db);
    await save([{ ...gold, description: 'Gold, reworded' }]);
    await sleep(2_000);
    expect(await invitationsOf(unconfirmed)).toBe(1);
    expect(await rewardWavesOf(unconfirmed)).toHaveLength(1);
  });

  it('unmarks, without inviting, a waiting entry whose tier stopped inviting or whose reward was taken back', async () => {
    const [stopped, takenBack] = await Promise.all([referrer(8), referrer(8)]);
    const silver = { ...tier('silver', 8, 'Silver'), autoInvite: true };
    await save([silver]);
    const entryOf = (email: string) => rewards.doc(rewardEntryId(email, silver.id));
    for (const email of [stopped, takenBack]) {
      await eventually(
        async () => (await entryOf(email).get()).get('awaitsConfirmation'),
        (awaits) => awaits === true,
        30_000,
      );
    }
    const confirmedAt = Timestamp.fromMillis(Date.now());
    await entryOf(takenBack).update({ status: 'revoked' });
    await db.collection(COLLECTIONS.waitlistSignups).doc(takenBack).update({ confirmedAt });
    expect(await inviteConfirmedHolders(db)).toBe(0);
    expect((await entryOf(takenBack).get()).get('awaitsConfirmation')).toBeUndefined();

    await save([{ ...silver, autoInvite: false }]);
    await db.collection(COLLECTIONS.waitlistSignups).doc(stopped).update({ confirmedAt });
    expect(await inviteConfirmedHolders(db)).toBe(0);
    expect((await entryOf(stopped).get()).get('awaitsConfirmation')).toBeUndefined();
    for (const email of [stopped, takenBack]) expect(await invitationsOf(email)).toBe(0);
  });
});
