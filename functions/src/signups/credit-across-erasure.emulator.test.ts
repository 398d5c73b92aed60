// The referral caps across erasures, with the real erasure (subscribers/erasure.ts) and the rules called
// directly: a mailbox credited once stays credited for its referrer after it is erased and comes back under
// any spelling, and the daily cap and the network window still count the credits of erased friends.
import { FieldValue } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { eraseAddress } from '../subscribers/erasure';
import { adminServices } from '../shared/admin';
import { unique } from '../../test-support/emulator';
import { EMULATOR_MAIL_TOKEN_SECRET as SECRET } from '../../test-support/mail';
import {
  creditReferral,
  credits,
  expectWithheld,
  friend,
  referrals,
  referred,
  referrer,
  RULES,
} from '../../test-support/referrals';

const { db } = adminServices();

describe('referral credit across erasures', () => {
  it('credits a mailbox once per referrer, for good: after an erasure, under another spelling', async () => {
    const by = await referrer();
    const local = unique('once').replaceAll('-', '');
    const first = await referred(by, `${local}@gmail.com`, '192.0.2.20');
    expect(await creditReferral(first, RULES)).toBe('credited');
    await eraseAddress(db, first, SECRET);

    const again = await referred(
      by,
      `${local.slice(0, 2)}.${local.slice(2)}+again@googlemail.com`,
      '192.0.3.20',
    );
    await expectWithheld(again, by, 'already-credited');
    const back = await referred(by, first, '192.0.4.20');
    await expectWithheld(back, by, 'already-credited');
    expect(await credits(by)).toBe(1);
    // Another referrer may still be credited for the same mailbox.
    const other = await referrer('198.51.100.34');
    await referrals.doc(back).update({ referrer: other, status: 'pending', reason: FieldValue.delete() });
    expect(await creditReferral(back, RULES)).toBe('credited');
    expect(await credits(other)).toBe(1);
  });

  it('holds the daily cap across erasures: a cap of 2, three friends each erased after their credit', async () => {
    const by = await referrer();
    const capped = { ...RULES, dailyCap: 2 };
    for (const ip of ['192.0.2.110', '192.0.3.110']) {
      const email = await referred(by, friend(), ip);
      expect(await creditReferral(email, capped)).toBe('credited');
      await eraseAddress(db, email, SECRET);
      expect((await referrals.where('referrer', '==', by).where('referred', '==', email).get()).empty).toBe(
        true,
      );
    }
    const third = await referred(by, friend(), '192.0.4.110');
    await expectWithheld(third, by, 'daily-cap', capped);
    expect(await credits(by)).toBe(2);
  });

  it('holds the network window across erasures: a credited friend erased still marks its network', async () => {
    const by = await referrer('198.51.100.120');
    const first = await referred(by, friend(), '192.0.2.120');
    expect(await creditReferral(first, RULES)).toBe('credited');
    await eraseAddress(db, first, SECRET);
    await expectWithheld(await referred(by, friend(), '192.0.2.121'), by, 'network-burst');
  });
});
