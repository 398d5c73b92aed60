// Referral fixtures for the fraud rules' emulator tests: signups, subscriber entries and referral records
// written as the signup path writes them (networks hashed as the server records them), and the rules
// called directly with the emulator's secret.
import { COLLECTIONS } from '@silk/schema/constants';
import type { ReferralRecord, WithholdReason } from '@silk/schema/referrals';
import { FieldValue } from 'firebase-admin/firestore';
import { expect } from 'vitest';
import { creditReferral as credit } from '../src/referrals/credit';
import { networkOf } from '../src/referrals/network';
import { adminServices } from '../src/shared/admin';
import type { ReferralRules } from '../src/shared/config';
import { keyedHash } from '../src/shared/keyed-hash';
import { unique } from './emulator';
import { EMULATOR_MAIL_TOKEN_SECRET as SECRET } from './mail';

const { db } = adminServices();
export const RULES: ReferralRules = {
  networkWindowSeconds: 3600,
  dailyCap: 100,
  extraDisposableDomains: ['throwaway.test'],
};
export const signups = db.collection(COLLECTIONS.waitlistSignups);
const subscribers = db.collection(COLLECTIONS.subscribers);
export const referrals = db.collection(COLLECTIONS.referrals);
export const creditReferral = (email: string, rules: ReferralRules) => credit(db, email, rules, SECRET);

/** The network of `ip` as the server records it. */
export const recorded = (ip: string) => keyedHash(SECRET, 'network', networkOf(ip) ?? '');

/** A referrer whose signup the server saw from `ip` (its subscriber entry holds the network). */
export async function referrer(
  ip = '198.51.100.20',
  email = `${unique('referrer')}@example.com`,
): Promise<string> {
  await signups.doc(email).set({ email });
  await subscribers.doc(email).set({ email, network: recorded(ip) });
  return email;
}

/** A confirmed signup referred by `by`, from `ip`, `agoMs` ago. */
export async function referred(by: string, email: string, ip: string, agoMs = 0): Promise<string> {
  await signups.doc(email).set({ email, referredBy: by, confirmedAt: FieldValue.serverTimestamp() });
  const network = recorded(ip);
  const record: ReferralRecord = {
    referred: email,
    referrer: by,
    code: 'abcd2345',
    status: 'pending',
    createdAt: Date.now() - agoMs,
    network,
  };
  await referrals.doc(email).set(record);
  return email;
}

export const friend = (domain = 'example.com') => `${unique('friend')}@${domain}`;
export const credits = async (email: string) =>
  ((await signups.doc(email).get()).get('confirmedReferrals') as number) ?? 0;

/** Credit withheld for `reason`, listed in the review queue, the referrer's count unchanged. */
export async function expectWithheld(
  email: string,
  by: string,
  reason: WithholdReason,
  rules = RULES,
): Promise<void> {
  const before = await credits(by);
  expect(await creditReferral(email, rules)).toBe('withheld');
  expect((await referrals.doc(email).get()).data()).toMatchObject({ status: 'withheld', reason });
  const queue = await referrals.where('status', '==', 'withheld').where('referrer', '==', by).get();
  expect(queue.docs.map((doc) => doc.id)).toContain(email);
  expect(await credits(by)).toBe(before);
}
