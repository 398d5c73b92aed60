// A referral whose credit the fraud rules withheld (network-burst), written as they leave it: the
// referrer's signup (3 confirmed referrals), the referred signup and the withheld record.
import { COLLECTIONS } from '@silk/schema/constants';
import type { ReferralRecord } from '@silk/schema/referrals';
import type { Firestore } from 'firebase-admin/firestore';

export async function writeWithheldReferral(
  db: Firestore,
  referrer: string,
  referred: string,
): Promise<void> {
  const signups = db.collection(COLLECTIONS.waitlistSignups);
  await signups.doc(referrer).set({ email: referrer, confirmedReferrals: 3 });
  await signups.doc(referred).set({ email: referred, referredBy: referrer });
  const record: ReferralRecord = {
    referred,
    referrer,
    code: 'abcd2345',
    status: 'withheld',
    reason: 'network-burst',
    createdAt: Date.now(),
    confirmedAt: Date.now(),
  };
  await db.collection(COLLECTIONS.referrals).doc(referred).set(record);
}
