// Referral codes: referral_codes/{code} → {email, createdAt} names the subscriber a code belongs to
// (server only: no browser reads it, so a code never reveals an address). A code is random, made with
// the subscriber (or, for a subscriber from before codes, at their next signup) inside the mailing
// list's transaction, and kept on subscribers/{email} and the signup as `referralCode`.
import { COLLECTIONS } from '@silk/schema/constants';
import { parseReferralCode, REFERRAL_CODE_ALPHABET, REFERRAL_CODE_LENGTH } from '@silk/schema/referrals';
import type { DocumentReference, Firestore, Transaction } from 'firebase-admin/firestore';
import { randomInt } from 'node:crypto';

/** The stored code entry. */
export interface ReferralCodeEntry {
  email: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
}

export function newReferralCode(): string {
  let code = '';
  for (let index = 0; index < REFERRAL_CODE_LENGTH; index += 1) {
    code += REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)];
  }
  return code;
}

export function referralCodeRef(db: Firestore, code: string): DocumentReference {
  return db.collection(COLLECTIONS.referralCodes).doc(code);
}

/** 31^8 codes make a collision rare; a few draws make a failure to find a free one practically impossible. */
const DRAWS = 5;

/**
 * The subscriber's code inside a transaction (reads only, so call it before the transaction's writes):
 * the stored one, or a free new one that `claimReferralCode` must then write.
 */
export async function referralCodeIn(
  transaction: Transaction,
  db: Firestore,
  stored: unknown,
): Promise<{ code: string; fresh: boolean }> {
  const existing = parseReferralCode(stored);
  if (existing !== null && existing === stored) return { code: existing, fresh: false };
  for (let draw = 0; draw < DRAWS; draw += 1) {
    const code = newReferralCode();
    if (!(await transaction.get(referralCodeRef(db, code))).exists) return { code, fresh: true };
  }
  throw new Error('referralCodeIn: no free referral code found');
}

/** Writes a fresh code's entry (fails the transaction if another subscriber took it meanwhile). */
export function claimReferralCode(
  transaction: Transaction,
  db: Firestore,
  code: string,
  email: string,
): void {
  const entry: ReferralCodeEntry = { email, createdAt: Date.now() };
  transaction.create(referralCodeRef(db, code), entry);
}

/** The address a code belongs to, or null (unknown code). */
export async function referrerOf(db: Firestore, code: string): Promise<string | null> {
  const email = (await referralCodeRef(db, code).get()).get('email') as unknown;
  return typeof email === 'string' && email !== '' ? email : null;
}
