// Referral credit once per mailbox, through the real routes of the Functions emulator: a friend who
// joins through a link, confirms, erases their data with the e-mail's link and joins again through the
// same link, five times, earns the referrer one credit; each repeat is withheld as `already-credited`, in
// the review queue while the friend is listed and in the export's Referrals worksheet after they are
// erased; an Admin cannot grant a repeat. The network a signup is recorded with is the one the server
// observed through the trusted proxies: a forged X-Forwarded-For entry changes nothing.
import { COLLECTIONS, NOT_AVAILABLE } from '@silk/schema/constants';
import { REFERRAL_ALREADY_CREDITED } from '@silk/schema/messages';
import { ERASED_REFERRED, type ReferralStatus } from '@silk/schema/referrals';
import { FieldValue } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { signLinkToken } from '../http/link-token';
import { adminServices } from '../shared/admin';
import type { ReferralRules } from '../shared/config';
import {
  appCheckHeaders,
  createStaff,
  functionUrls,
  post,
  uniqueEmail,
  type TestStaff,
} from '../../test-support/emulator';
import { EMULATOR_MAIL_TOKEN_SECRET as SECRET } from '../../test-support/mail';
import { creditReferral, credits, recorded, referrals, signups } from '../../test-support/referrals';
import { readWorkbook } from '../../test-support/xlsx-reader';
import { REFERRALS_SHEET_NAME } from './xlsx';

const { db } = adminServices();
const subscribers = db.collection(COLLECTIONS.subscribers);
const urls = functionUrls({
  subscribe: 'subscribe',
  confirm: 'confirmSubscription',
  erase: 'eraseSubscriber',
  review: 'reviewReferral',
  export: 'exportWaitlist',
});
let appCheck: Record<string, string>;
let admin: TestStaff;

/** A stand-in for Hosting's edge: inside TRUSTED_PROXY_NETWORKS of functions/env/.env.demo-silk. */
const HOSTING_EDGE = '198.18.0.7';

beforeAll(async () => {
  appCheck = await appCheckHeaders();
  admin = await createStaff(['Admin']);
});

/**
 * The site's signup: the landing write, then /api/subscribe with the link's code; `forwardedFor` is the
 * X-Forwarded-For the function receives (the emulators append nothing: the test writes the front ends'
 * part too). Answers the subscriber's referral code.
 */
async function subscribe(email: string, ref?: string, forwardedFor?: string): Promise<string> {
  await signups.doc(email).set(
    {
      email,
      ip: '203.0.113.9',
      timestamp: FieldValue.serverTimestamp(),
      updatedAt: FieldValue.serverTimestamp(),
    },
    { merge: true },
  );
  const headers = { ...appCheck, ...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}) };
  const response = await post<{ referralCode: string }>(urls.subscribe, ref ? { email, ref } : { email }, {
    headers,
  });
  expect(response.status).toBe(200);
  return response.body.referralCode;
}

/** A link token for the subscriber of `email`, as its e-mail carries it. */
async function linkToken(email: string, purpose: 'confirm' | 'erase'): Promise<string> {
  const subscriberId = String((await subscribers.doc(email).get()).get('subscriberId'));
  return signLinkToken(SECRET, purpose, subscriberId);
}

const referralOf = async (email: string) => (await referrals.doc(email).get()).data();

describe('referral credit once per mailbox', () => {
  it('a friend confirmed, erased and re-joined through the same link five times credits the referrer once', async () => {
    const referrer = uniqueEmail('farm-referrer');
    const code = await subscribe(referrer);
    const friend = uniqueEmail('farm-friend');
    const statuses: ReferralStatus[] = [];
    for (let round = 1; round <= 5; round += 1) {
      await subscribe(friend, code);
      expect(await post(urls.confirm, { token: await linkToken(friend, 'confirm') })).toMatchObject({
        status: 200,
      });
      const record = await referralOf(friend);
      statuses.push(record?.status as ReferralStatus);
      if (round > 1) {
        expect(record).toMatchObject({ referrer, status: 'withheld', reason: 'already-credited' });
        // The review queue's query lists the attempt while the friend is listed.
        const queue = await referrals
          .where('status', '==', 'withheld')
          .where('referrer', '==', referrer)
          .get();
        expect(queue.docs.map((doc) => doc.id)).toContain(friend);
      }
      expect(await credits(referrer)).toBe(1);
      if (round < 5) {
        expect(await post(urls.erase, { token: await linkToken(friend, 'erase') })).toMatchObject({
          status: 200,
        });
        expect((await signups.doc(friend).get()).exists).toBe(false);
      }
    }
    expect(statuses).toEqual(['credited', 'withheld', 'withheld', 'withheld', 'withheld']);

    // The erased rounds stay as records without the address; the export lists every attempt.
    const kept = (await referrals.where('referrer', '==', referrer).get()).docs.map((doc) => doc.data());
    expect(kept.filter((record) => record.referred === ERASED_REFERRED)).toHaveLength(4);
    expect(JSON.stringify(kept.filter((record) => record.referred === ERASED_REFERRED))).not.toContain(
      friend,
    );
    const response = await fetch(urls.export, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: admin.idToken }),
    });
    expect(response.status).toBe(200);
    const sheet = (await readWorkbook(Buffer.from(await response.arrayBuffer()))).sheets[
      REFERRALS_SHEET_NAME
    ]!;
    const rows = sheet.rows.filter((row) => row[0] === referrer).map((row) => [row[1], row[2], row[3]]);
    expect(rows).toHaveLength(5);
    expect(rows.filter(([, status]) => status === 'credited')).toEqual([
      [ERASED_REFERRED, 'credited', NOT_AVAILABLE],
    ]);
    expect(rows.filter(([, , reason]) => reason === 'already-credited')).toEqual([
      [friend, 'withheld', 'already-credited'],
      [ERASED_REFERRED, 'rejected', 'already-credited'],
      [ERASED_REFERRED, 'rejected', 'already-credited'],
      [ERASED_REFERRED, 'rejected', 'already-credited'],
    ]);

    // An Admin cannot grant the repeat: 409, the count stays; rejecting it works.
    const review = (decision: string) =>
      post(
        urls.review,
        { referred: friend, decision },
        { headers: { Authorization: `Bearer ${admin.idToken}` } },
      );
    expect(await review('grant')).toMatchObject({ status: 409, body: { error: REFERRAL_ALREADY_CREDITED } });
    expect((await referralOf(friend))?.status).toBe('withheld');
    expect(await credits(referrer)).toBe(1);
    expect(await review('reject')).toMatchObject({ status: 200, body: { status: 'rejected' } });
  });
});

describe('the network a signup is recorded with', () => {
  const RULES: ReferralRules = { networkWindowSeconds: 3600, dailyCap: 100, extraDisposableDomains: [] };
  const networkOfSignup = async (email: string) =>
    (await subscribers.doc(email).get()).get('network') as unknown;
  /** Confirms without the function's credit (the emulator runs the network rule off), then credits with it on. */
  async function confirmAndCredit(email: string): Promise<ReferralStatus | null> {
    await signups.doc(email).update({ confirmedAt: FieldValue.serverTimestamp() });
    return creditReferral(email, RULES);
  }

  it('ignores a forged X-Forwarded-For entry and withholds a same-network referral seen through Hosting', async () => {
    const referrer = uniqueEmail('net-referrer');
    // Through Hosting: whatever the client wrote, the client as Hosting's edge saw it, the edge.
    const code = await subscribe(referrer, undefined, `10.1.2.3, 203.0.113.50, ${HOSTING_EDGE}`);
    expect(await networkOfSignup(referrer)).toBe(recorded('203.0.113.50'));

    // A direct call to the function's URL claiming the referrer's network: the front end's entry counts.
    const forger = uniqueEmail('net-forger');
    await subscribe(forger, code, `203.0.113.51, ${HOSTING_EDGE}, 192.0.2.77`);
    expect(await networkOfSignup(forger)).toBe(recorded('192.0.2.77'));
    expect((await referralOf(forger))?.network).toBe(recorded('192.0.2.77'));
    // Later requests never change the recorded network.
    await subscribe(forger, code, `203.0.113.52, ${HOSTING_EDGE}`);
    expect(await networkOfSignup(forger)).toBe(recorded('192.0.2.77'));
    expect(await confirmAndCredit(forger)).toBe('credited');

    // A friend really on the referrer's network, through Hosting: withheld for review.
    const neighbour = uniqueEmail('net-neighbour');
    await subscribe(neighbour, code, `198.51.100.1, 203.0.113.80, ${HOSTING_EDGE}`);
    expect(await confirmAndCredit(neighbour)).toBe('withheld');
    expect((await referralOf(neighbour))?.reason).toBe('network-burst');
    expect(await credits(referrer)).toBe(1);
  });

  it('records no network when no address can be trusted: no header, a malformed entry, only proxies', async () => {
    for (const forwardedFor of [
      undefined,
      `not-an-address, ${HOSTING_EDGE}`,
      `${HOSTING_EDGE}, ${HOSTING_EDGE}`,
    ]) {
      const email = uniqueEmail('net-none');
      await subscribe(email, undefined, forwardedFor);
      expect(await networkOfSignup(email)).toBeUndefined();
    }
  });
});
