// The fraud rules against the Firestore emulator: each one withholds credit (status `withheld` with
// its reason, listed in the review queue's query) and gives none; without a match the referral is
// credited. Signups and referrals are written as the signup path writes them, with chosen networks.
import { COLLECTIONS } from '@silk/schema/constants';
import type { ReferralRecord, WithholdReason } from '@silk/schema/referrals';
import { FieldValue } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { adminServices } from '../shared/admin';
import type { ReferralRules } from '../shared/config';
import { unique } from '../testing/emulator';
import { creditReferral } from './credit';
import { networkOf } from './network';

const { db } = adminServices();
const RULES: ReferralRules = {
  networkWindowSeconds: 3600,
  dailyCap: 100,
  extraDisposableDomains: ['throwaway.test'],
};
const signups = db.collection(COLLECTIONS.waitlistSignups);
const referrals = db.collection(COLLECTIONS.referrals);

async function referrer(ip = '198.51.100.20', local = unique('referrer')): Promise<string> {
  const email = `${local}@example.com`;
  await signups.doc(email).set({ email, ip });
  return email;
}

/** A confirmed signup referred by `by`, from `ip`, `agoMs` ago. */
async function referred(by: string, email: string, ip: string, agoMs = 0): Promise<string> {
  await signups.doc(email).set({ email, ip, referredBy: by, confirmedAt: FieldValue.serverTimestamp() });
  const network = networkOf(ip);
  const record: ReferralRecord = {
    referred: email,
    referrer: by,
    code: 'abcd2345',
    status: 'pending',
    createdAt: Date.now() - agoMs,
    ...(network ? { network } : {}),
  };
  await referrals.doc(email).set(record);
  return email;
}

const friend = (domain = 'example.com') => `${unique('friend')}@${domain}`;
const credits = async (email: string) =>
  ((await signups.doc(email).get()).get('confirmedReferrals') as number) ?? 0;

async function expectWithheld(email: string, by: string, reason: WithholdReason): Promise<void> {
  expect(await creditReferral(db, email, RULES)).toBe('withheld');
  expect((await referrals.doc(email).get()).data()).toMatchObject({ status: 'withheld', reason });
  const queue = await referrals.where('status', '==', 'withheld').where('referrer', '==', by).get();
  expect(queue.docs.map((doc) => doc.id)).toContain(email);
  expect(await credits(by)).toBe(0);
}

describe('creditReferral at confirmation', () => {
  it('credits a referral no rule matches, once', async () => {
    const by = await referrer();
    const email = await referred(by, friend(), '192.0.2.10');
    expect(await creditReferral(db, email, RULES)).toBe('credited');
    expect(await creditReferral(db, email, RULES)).toBe('credited');
    expect(await credits(by)).toBe(1);
  });

  it('does nothing before the referred person confirms', async () => {
    const by = await referrer();
    const email = await referred(by, friend(), '192.0.2.11');
    await signups.doc(email).update({ confirmedAt: FieldValue.delete() });
    expect(await creditReferral(db, email, RULES)).toBe('pending');
    expect(await credits(by)).toBe(0);
  });

  it('withholds the same person: case, +tags and Gmail dots', async () => {
    const local = unique('self').replaceAll('-', '');
    const by = `${local}@gmail.com`;
    await signups.doc(by).set({ email: by, ip: '198.51.100.30' });
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
    expect(await creditReferral(db, apart, RULES)).toBe('credited');
    const off = await referrer('198.51.100.90');
    const near = await referred(off, friend(), '198.51.100.91');
    expect(await creditReferral(db, near, { ...RULES, networkWindowSeconds: 0 })).toBe('credited');
  });

  it("withholds credit beyond the referrer's daily cap", async () => {
    const by = await referrer();
    const capped = { ...RULES, dailyCap: 2 };
    for (const ip of ['192.0.2.100', '192.0.3.100']) {
      expect(await creditReferral(db, await referred(by, friend(), ip), capped)).toBe('credited');
    }
    const third = await referred(by, friend(), '192.0.4.100');
    expect(await creditReferral(db, third, capped)).toBe('withheld');
    expect((await referrals.doc(third).get()).get('reason')).toBe('daily-cap');
    expect(await credits(by)).toBe(2);
  });
});
