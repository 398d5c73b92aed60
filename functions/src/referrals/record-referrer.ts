// Recording who referred a new signup: the code from the visit's link (the JSON body's `ref`, the join
// form's hidden `ref` field, or — for a browser without scripts — the `ref` of the same-site page the
// form was posted from, its Referer). Only an unconfirmed signup created in the last few minutes that
// names no referrer yet gets one (a repeat signup cannot change it), never its own address; an unknown
// code is ignored. The referral starts `pending`: credit comes at confirmation (credit.ts). It carries the
// network the server recorded for the signup (signup-network.ts), never one the request claims.
import { COLLECTIONS } from '@silk/schema/constants';
import { parseReferralCode, REFERRAL_PARAM, type ReferralRecord } from '@silk/schema/referrals';
import type { Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions/logger';
import { sameSiteReferer } from '../http/cors';
import type { HttpRequest } from '../http/http';
import { signupChange } from '../shared/signup-change';
import { referralCodeRef } from './codes';
import { referralRef, signupDoc } from './referral-records';
import { SIGNUP_NETWORK_FIELD } from './signup-network';

/** How old a signup may be and still get its referrer recorded. */
export const REFERRER_RECORD_WINDOW_MS = 10 * 60 * 1000;

/** The referral code in a page's URL (`?ref=…`), or null. */
export const referralCodeOf = (page: URL | null): string | null =>
  parseReferralCode(page?.searchParams.get(REFERRAL_PARAM));

/** The referral code of the page a form was posted from, when that page is one of ours. */
export function refererCode(req: HttpRequest, allowedOrigins: readonly string[]): string | null {
  return referralCodeOf(sameSiteReferer(req, allowedOrigins));
}

export interface NewReferral {
  /** The new signup's (normalised) address. */
  referred: string;
  code: string;
}

/** Records the referrer; 'recorded' or why not. Never throws for the visitor: a failure is logged. */
export async function recordReferrer(
  db: Firestore,
  { referred, code }: NewReferral,
  now = Date.now(),
): Promise<'recorded' | 'ignored'> {
  try {
    return await db.runTransaction(async (transaction) => {
      const [entry, signup, existing, subscriber] = await Promise.all([
        transaction.get(referralCodeRef(db, code)),
        transaction.get(signupDoc(db, referred)),
        transaction.get(referralRef(db, referred)),
        transaction.get(db.collection(COLLECTIONS.subscribers).doc(referred)),
      ]);
      const referrer = entry.get('email') as unknown;
      const created = signup.createTime?.toMillis();
      if (
        typeof referrer !== 'string' ||
        referrer === referred ||
        !signup.exists ||
        created === undefined ||
        now - created > REFERRER_RECORD_WINDOW_MS ||
        signup.get('referredBy') !== undefined ||
        signup.get('confirmedAt') !== undefined ||
        existing.exists
      ) {
        return 'ignored';
      }
      const network = subscriber.get(SIGNUP_NETWORK_FIELD) as unknown;
      const record: ReferralRecord = {
        referred,
        referrer,
        code,
        status: 'pending',
        createdAt: now,
        ...(typeof network === 'string' && network !== '' ? { network } : {}),
      };
      transaction.create(existing.ref, record);
      transaction.update(signup.ref, signupChange({ referredBy: referrer }));
      return 'recorded';
    });
  } catch (error) {
    logger.warn('recordReferrer: not recorded', { error: String(error) });
    return 'ignored';
  }
}
