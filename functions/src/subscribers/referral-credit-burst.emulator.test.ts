// A referrer whose 100 friends confirm at the same moment, through the real confirmation handler served
// by the Functions Framework (as Cloud Functions runs it, with real concurrency; the Functions emulator
// serves one request per worker) against the Firestore emulator, ends with exactly 100 confirmed
// referrals.
import { COLLECTIONS } from '@silk/schema/constants';
import type { ReferralRecord } from '@silk/schema/referrals';
import { afterAll, describe, expect, it } from 'vitest';
import { signLinkToken } from '../http/link-token';
import { makeConfirmSubscriptionHandler } from './confirm-subscription';
import { adminServices } from '../shared/admin';
import { readServerConfig } from '../shared/config';
import { post, unique, uniqueEmail } from '../../test-support/emulator';
import { serveWithFunctionsFramework } from '../../test-support/functions-framework';
import type { ServedHandler } from '../../test-support/serve-handler';

const { db } = adminServices();
const FRIENDS = 100;
const SECRET = 'burst-test-secret';
let served: ServedHandler | undefined;

afterAll(async () => {
  await served?.close();
});

describe('a burst of confirmations', () => {
  it(`credits exactly ${FRIENDS} referrals of one referrer`, { timeout: 120_000 }, async () => {
    const referrer = uniqueEmail('popular');
    const signups = db.collection(COLLECTIONS.waitlistSignups);
    await signups.doc(referrer).set({ email: referrer });
    const friends = Array.from({ length: FRIENDS }, (_, index) => ({
      email: uniqueEmail(`friend${index}`),
      subscriberId: unique('burst'),
    }));
    const writer = db.bulkWriter();
    for (const { email, subscriberId } of friends) {
      void writer.set(db.collection(COLLECTIONS.subscribers).doc(email), { email, subscriberId });
      void writer.set(signups.doc(email), { email, subscriberId, referredBy: referrer });
      const record: ReferralRecord = {
        referred: email,
        referrer,
        code: 'abcd2345',
        status: 'pending',
        createdAt: Date.now(),
      };
      void writer.set(db.collection(COLLECTIONS.referrals).doc(email), record);
    }
    await writer.close();

    // As the emulator's settings: every local client is one address, so the network rule is off and
    // the per-address limit of the e-mail links is out of the way.
    const config = readServerConfig({
      REFERRAL_NETWORK_WINDOW_SECONDS: '0',
      REFERRAL_DAILY_CAP: '1000',
      RATE_LIMIT_SUBSCRIPTION_PER_IP: '100000',
    });
    served = await serveWithFunctionsFramework(
      makeConfirmSubscriptionHandler({ config: () => config, linkSecret: () => SECRET }),
    );
    const answers = await Promise.all(
      friends.map(({ subscriberId }) =>
        post(served!.url, { token: signLinkToken(SECRET, 'confirm', subscriberId) }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(friends.map(() => 200));
    const credited = await db
      .collection(COLLECTIONS.referrals)
      .where('referrer', '==', referrer)
      .where('status', '==', 'credited')
      .count()
      .get();
    expect(credited.data().count).toBe(FRIENDS);
    expect((await signups.doc(referrer).get()).get('confirmedReferrals')).toBe(FRIENDS);
  });
});
