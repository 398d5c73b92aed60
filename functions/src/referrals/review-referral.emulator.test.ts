// reviewReferral over HTTP against the Functions emulator: an Admin grants withheld credit (credited,
// the referrer's count up by exactly one) or rejects it, each audited; deciding again changes nothing,
// but rejecting credit given takes it back (the count down by one);
// anyone else is refused and nothing changes.
import { COLLECTIONS } from '@silk/schema/constants';
import {
  ID_TOKEN_MISSING,
  REFERRAL_GRANTED,
  REFERRAL_NOT_FOUND,
  REFERRAL_NOT_WITHHELD,
  REFERRAL_REJECTED,
  REFERRALS_ADMIN_REQUIRED,
} from '@silk/schema/messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminServices } from '../shared/admin';
import { createStaff, functionUrl, post, uniqueEmail, type TestStaff } from '../../test-support/emulator';
import { writeWithheldReferral } from '../../test-support/withheld-referral';

const { db } = adminServices();
const signups = db.collection(COLLECTIONS.waitlistSignups);
const referrals = db.collection(COLLECTIONS.referrals);
let url: string;
let admin: TestStaff;
let staff: TestStaff;

const asCaller = (caller: TestStaff, body: unknown) =>
  post(url, body, { headers: { Authorization: `Bearer ${caller.idToken}` } });

beforeAll(async () => {
  url = await functionUrl('reviewReferral');
  [admin, staff] = await Promise.all([createStaff(['Admin']), createStaff(['Staff'])]);
});

/** A referrer with one withheld referral; the two addresses. */
async function withheld(): Promise<{ referrer: string; referred: string }> {
  const referrer = uniqueEmail('referrer');
  const referred = uniqueEmail('referred');
  await writeWithheldReferral(db, referrer, referred);
  return { referrer, referred };
}

const audited = async (target: string) =>
  (await db.collection(COLLECTIONS.auditLog).where('target', '==', target).get()).docs.map((doc) =>
    doc.data(),
  );
const credits = async (email: string) => (await signups.doc(email).get()).get('confirmedReferrals') as number;

describe('reviewReferral', () => {
  it('refuses anyone but a ready Admin, changing nothing', async () => {
    const { referrer, referred } = await withheld();
    expect(await post(url, { referred, decision: 'grant' })).toMatchObject({
      status: 401,
      body: { error: ID_TOKEN_MISSING },
    });
    expect(await asCaller(staff, { referred, decision: 'grant' })).toMatchObject({
      status: 403,
      body: { error: REFERRALS_ADMIN_REQUIRED },
    });
    expect((await referrals.doc(referred).get()).get('status')).toBe('withheld');
    expect(await credits(referrer)).toBe(3);
  });

  it('grants: credited, the referrer up by exactly one, audited; granting again changes nothing; a reject takes it back', async () => {
    const { referrer, referred } = await withheld();
    expect(await asCaller(admin, { referred: referred.toUpperCase(), decision: 'grant' })).toMatchObject({
      status: 200,
      body: { ok: true, status: 'credited', message: REFERRAL_GRANTED },
    });
    expect((await referrals.doc(referred).get()).data()).toMatchObject({
      status: 'credited',
      reason: 'network-burst',
      decidedBy: admin.email,
    });
    expect(await credits(referrer)).toBe(4);
    expect(await audited(referred)).toEqual([
      expect.objectContaining({ actor: admin.email, action: 'referral.granted' }),
    ]);

    expect(await asCaller(admin, { referred, decision: 'grant' })).toMatchObject({
      status: 200,
      body: { status: 'credited', message: REFERRAL_NOT_WITHHELD },
    });
    expect(await credits(referrer)).toBe(4);
    expect(await audited(referred)).toHaveLength(1);

    expect(await asCaller(admin, { referred, decision: 'reject' })).toMatchObject({
      status: 200,
      body: { status: 'rejected', message: REFERRAL_REJECTED },
    });
    expect(await credits(referrer)).toBe(3);
    expect(await asCaller(admin, { referred, decision: 'reject' })).toMatchObject({
      status: 200,
      body: { status: 'rejected', message: REFERRAL_NOT_WITHHELD },
    });
    expect(await credits(referrer)).toBe(3);
    expect((await audited(referred)).map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['referral.granted', 'referral.rejected']),
    );
    expect(await audited(referred)).toHaveLength(2);
  });

  it('rejects: rejected, no credit, audited', async () => {
    const { referrer, referred } = await withheld();
    expect(await asCaller(admin, { referred, decision: 'reject' })).toMatchObject({
      status: 200,
      body: { ok: true, status: 'rejected', message: REFERRAL_REJECTED },
    });
    expect((await referrals.doc(referred).get()).get('status')).toBe('rejected');
    expect(await credits(referrer)).toBe(3);
    expect(await audited(referred)).toEqual([
      expect.objectContaining({ actor: admin.email, action: 'referral.rejected' }),
    ]);
  });

  it('answers 404 for an address without a referral, 400 for a bad decision', async () => {
    expect(await asCaller(admin, { referred: uniqueEmail('nobody'), decision: 'grant' })).toMatchObject({
      status: 404,
      body: { error: REFERRAL_NOT_FOUND },
    });
    const { referred } = await withheld();
    expect((await asCaller(admin, { referred, decision: 'maybe' })).status).toBe(400);
  });
});
