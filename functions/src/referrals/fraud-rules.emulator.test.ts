// The fraud rules against the Firestore emulator: each one withholds credit (status `withheld` with
// its reason, listed in the review queue's query) and gives none; without a match the referral is
// credited. Signups and referrals are written as the signup path writes them, with chosen networks (hashed
// as the server records them: the referrer's on its subscriber entry, the referred person's on the record).
import { FieldValue } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { unique } from '../../test-support/emulator';
import {
  creditReferral,
  credits,
  expectWithheld,
  friend,
  referrals,
  referred,
  referrer,
  RULES,
  signups,
} from '../../test-support/referrals';

describe('creditReferral at confirmation', () => {
  it('credits a referral no rule matches, once', async () => {
    const by = await referrer();
    const email = await referred(by, friend(), '192.0.2.10');
    expect(await creditReferral(email, RULES)).toBe('credited');
    expect(await creditReferral(email, RULES)).toBe('credited');
    expect(await credits(by)).toBe(1);
  });

  it('does nothing before the referred person confirms', async () => {
    const by = await referrer();
    const email = await referred(by, friend(), '192.0.2.11');
    await signups.doc(email).update({ confirmedAt: FieldValue.delete() });
    expect(await creditReferral(email, RULES)).toBe('pending');
    expect(await credits(by)).toBe(0);
  });

  it('withholds the same person: case, +tags and Gmail dots', async () => {
    const local = unique('self').replaceAll('-', '');
    const by = await referrer('198.51.100.30', `${local}@gmail.com`);
    const email = await referred(
      by,
      `${local.slice(0, 3)}.${local.slice(3)}+friend@googlemail.com`,
      '192.0.2.12',
    );
    await expectWithheld(email, by, 'same-person');
  });

  it('withholds a throwaway domain: from the npm list and from the configured extra list', async () => {
    const by = await referrer();
    await expectWithheld(await referred(by, friend('mailinator.com'), '192.0.2.13'), by, 'disposable-domain');
    await expectWithheld(await referred(by, friend('throwaway.test'), '192.0.2.14'), by, 'disposable-domain');
  });

  it("withholds a burst from one network: the referrer's /24, or another referral's, within the window", async () => {
    const by = await referrer('198.51.100.40');
    await expectWithheld(await referred(by, friend(), '198.51.100.41'), by, 'network-burst');

    const other = await referrer('198.51.100.50');
    const first = await referred(other, friend(), '192.0.2.60', 60_000);
    const second = await referred(other, friend(), '192.0.2.61');
    await expectWithheld(second, other, 'network-burst');
    await expectWithheld(first, other, 'network-burst');

    // Outside the window, or with the rule off (0), the same network is no burst.
    const later = await referrer('198.51.100.70');
    await referred(later, friend(), '192.0.2.80', 2 * 3600 * 1000);
    const apart = await referred(later, friend(), '192.0.2.81');
    expect(await creditReferral(apart, RULES)).toBe('credited');
    const off = await referrer('198.51.100.90');
    const near = await referred(off, friend(), '198.51.100.91');
    expect(await creditReferral(near, { ...RULES, networkWindowSeconds: 0 })).toBe('credited');
  });

  it("withholds credit beyond the referrer's daily cap", async () => {
    const by = await referrer();
    const capped = { ...RULES, dailyCap: 2 };
    for (const ip of ['192.0.2.100', '192.0.3.100']) {
      expect(await creditReferral(await referred(by, friend(), ip), capped)).toBe('credited');
    }
    const third = await referred(by, friend(), '192.0.4.100');
    expect(await creditReferral(third, capped)).toBe('withheld');
    expect((await referrals.doc(third).get()).get('reason')).toBe('daily-cap');
    expect(await credits(by)).toBe(2);
  });

  it('withholds the same person across provider families: Proton and iCloud aliases, not Outlook vs Hotmail', async () => {
    const local = unique('alias').replaceAll('-', '');
    const proton = await referrer('198.51.100.31', `${local}@proton.me`);
    await expectWithheld(await referred(proton, `${local}+x@pm.me`, '192.0.2.15'), proton, 'same-person');
    await expectWithheld(
      await referred(proton, `${local}@protonmail.com`, '192.0.2.16'),
      proton,
      'same-person',
    );
    const icloud = await referrer('198.51.100.32', `${local}@icloud.com`);
    await expectWithheld(await referred(icloud, `${local}@me.com`, '192.0.2.17'), icloud, 'same-person');
    await expectWithheld(await referred(icloud, `${local}+y@mac.com`, '192.0.2.18'), icloud, 'same-person');

    const outlook = await referrer('198.51.100.33', `${local}@outlook.com`);
    expect(await creditReferral(await referred(outlook, `${local}@hotmail.com`, '192.0.2.19'), RULES)).toBe(
      'credited',
    );
  });

  it("takes the referrer's network from the server's record, never the browser's `ip` field", async () => {
    const by = await referrer('198.51.100.130');
    await signups.doc(by).update({ ip: '192.0.2.130' });
    expect(await creditReferral(await referred(by, friend(), '192.0.2.131'), RULES)).toBe('credited');
    // A referral without a recorded network (no trusted address) is never a burst.
    const bare = await referred(by, friend(), '198.51.100.131');
    await referrals.doc(bare).update({ network: FieldValue.delete() });
    expect(await creditReferral(bare, RULES)).toBe('credited');
  });
});
