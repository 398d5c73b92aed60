// Referral links end to end against the emulators: every subscriber gets a code (in the answer, on the
// subscriber and the signup, in referral_codes, and as a link in the e-mail); a signup through a link
// records its referrer (JSON `ref`, the join form's field, the no-JavaScript form's Referer) and is
// credited when it confirms; an unknown or malformed code, a foreign Referer, a repeat signup or the
// address itself record nothing, and the signup succeeds all the same.
import { COLLECTIONS } from '@silk/schema/constants';
import { REFERRAL_CODE_PATTERN, referralLink } from '@silk/schema/referrals';
import { waitForMailTo } from '@silk/stack/maildev';
import { FieldValue } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { eraseAddress } from '../subscribers/erasure';
import { recordReferrer, REFERRER_RECORD_WINDOW_MS } from '../referrals/record-referrer';
import { adminServices } from '../shared/admin';
import { appCheckHeaders, functionUrls, post, uniqueEmail } from '../../test-support/emulator';
import { EMULATOR_MAIL_TOKEN_SECRET, linkIn, writeLandingRecord } from '../../test-support/mail';

const { db } = adminServices();
const signup = (email: string) => db.collection(COLLECTIONS.waitlistSignups).doc(email).get();
const referral = (email: string) => db.collection(COLLECTIONS.referrals).doc(email).get();
const urls = functionUrls({ subscribe: 'subscribe', join: 'joinWaitlist', confirm: 'confirmSubscription' });
let appCheck: Record<string, string>;

beforeAll(async () => {
  appCheck = await appCheckHeaders();
});

/** The site's signup (landing write, then /api/subscribe with the link's code); the answer's code. */
async function subscribe(email: string, ref?: unknown): Promise<string> {
  await writeLandingRecord(email);
  const response = await post<{ ok: boolean; referralCode: string }>(
    urls.subscribe,
    ref === undefined ? { email } : { email, ref },
    { headers: appCheck },
  );
  expect(response.status).toBe(200);
  return response.body.referralCode;
}

/** The no-JavaScript form: a native form post, from the page `referer`. */
function joinForm(fields: Record<string, string>, referer?: string) {
  return fetch(urls.join, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      ...(referer ? { Referer: referer } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
}

async function confirmLinkOf(email: string): Promise<string> {
  const [mail] = await waitForMailTo(email);
  return new URL(linkIn(mail!.text ?? '', 'Confirm my spot')).searchParams.get('token') ?? '';
}

describe('referral codes', () => {
  it('every subscriber has one: in the answer, the records and the e-mail, the same on a repeat', async () => {
    const email = uniqueEmail('coded');
    const code = await subscribe(email);
    expect(code).toMatch(REFERRAL_CODE_PATTERN);
    expect((await signup(email)).get('referralCode')).toBe(code);
    expect((await db.collection(COLLECTIONS.subscribers).doc(email).get()).get('referralCode')).toBe(code);
    expect((await db.collection(COLLECTIONS.referralCodes).doc(code).get()).data()).toMatchObject({ email });
    const [mail] = await waitForMailTo(email);
    const origin = new URL(linkIn(mail!.text ?? '', 'Confirm my spot')).origin;
    expect(mail!.text).toContain(referralLink(origin, code));
    expect(mail!.html).toContain(referralLink(origin, code));
    expect(await subscribe(email)).toBe(code);
  });

  it('a subscriber from before codes gets one at the next signup', async () => {
    const email = uniqueEmail('older');
    await subscribe(email);
    await db.collection(COLLECTIONS.subscribers).doc(email).update({ referralCode: FieldValue.delete() });
    const code = await subscribe(email);
    expect((await db.collection(COLLECTIONS.subscribers).doc(email).get()).get('referralCode')).toBe(code);
    expect((await db.collection(COLLECTIONS.referralCodes).doc(code).get()).get('email')).toBe(email);
  });
});

describe('recording the referrer', () => {
  it('from /api/subscribe: pending until the referred person confirms, then credited', async () => {
    const referrer = uniqueEmail('referrer');
    const code = await subscribe(referrer);
    const friend = uniqueEmail('friend');
    await subscribe(friend, code.toUpperCase());
    expect((await signup(friend)).get('referredBy')).toBe(referrer);
    expect((await referral(friend)).data()).toMatchObject({
      referrer,
      referred: friend,
      code,
      status: 'pending',
    });
    expect((await signup(referrer)).get('confirmedReferrals')).toBeUndefined();

    expect((await post(urls.confirm, { token: await confirmLinkOf(friend) })).status).toBe(200);
    expect((await referral(friend)).get('status')).toBe('credited');
    expect((await signup(referrer)).get('confirmedReferrals')).toBe(1);
    // Confirming again credits nothing more.
    expect((await post(urls.confirm, { token: await confirmLinkOf(friend) })).status).toBe(200);
    expect((await signup(referrer)).get('confirmedReferrals')).toBe(1);
  });

  it('from the join form: its ref field (JSON and form) or, without scripts, the Referer of our page', async () => {
    const referrer = uniqueEmail('joiner');
    const code = await subscribe(referrer);
    const origin = 'http://127.0.0.1:5000';

    const byJson = uniqueEmail('json');
    expect((await post(urls.join, { email: byJson, ref: code })).status).toBe(200);
    const byField = uniqueEmail('field');
    expect((await joinForm({ email: byField, ref: code }, `${origin}/`)).status).toBe(303);
    const byReferer = uniqueEmail('referer');
    expect((await joinForm({ email: byReferer }, `${origin}/?ref=${code}`)).status).toBe(303);
    for (const email of [byJson, byField, byReferer]) {
      expect((await signup(email)).get('referredBy')).toBe(referrer);
      expect((await referral(email)).get('status')).toBe('pending');
    }

    const foreign = uniqueEmail('foreign');
    expect((await joinForm({ email: foreign }, `https://elsewhere.example/?ref=${code}`)).status).toBe(303);
    expect((await signup(foreign)).get('referredBy')).toBeUndefined();
  });

  it('ignores an unknown or malformed code (the signup succeeds), the address itself, and a second referrer', async () => {
    const referrer = uniqueEmail('owner');
    const code = await subscribe(referrer);
    for (const ref of ['zzzzzzzz', 'not a code!', 'abcd', 12345678, { code }, '']) {
      const email = uniqueEmail('ignored');
      const answer = await subscribe(email, ref);
      expect(answer).toMatch(REFERRAL_CODE_PATTERN);
      expect((await signup(email)).get('referredBy')).toBeUndefined();
      expect((await referral(email)).exists).toBe(false);
    }
    const unknownForm = uniqueEmail('unknown-form');
    expect((await joinForm({ email: unknownForm, ref: 'zzzzzzzz' })).status).toBe(303);
    expect((await signup(unknownForm)).exists).toBe(true);
    expect((await signup(unknownForm)).get('referredBy')).toBeUndefined();

    await subscribe(referrer, code);
    expect((await signup(referrer)).get('referredBy')).toBeUndefined();

    // A repeat signup never changes the referrer it has.
    const repeat = uniqueEmail('repeat');
    const first = uniqueEmail('first');
    await subscribe(repeat, await subscribe(first));
    await subscribe(repeat, code);
    expect((await signup(repeat)).get('referredBy')).toBe(first);
    expect((await referral(repeat)).get('referrer')).toBe(first);
  });

  it('a signup older than a few minutes, or confirmed already, gets no referrer', async () => {
    const referrer = uniqueEmail('late-referrer');
    const code = await subscribe(referrer);
    const email = uniqueEmail('late');
    await subscribe(email);
    const later = Date.now() + REFERRER_RECORD_WINDOW_MS + 1000;
    expect(await recordReferrer(db, { referred: email, code }, later)).toBe('ignored');
    const confirmed = uniqueEmail('confirmed');
    await subscribe(confirmed);
    await db
      .collection(COLLECTIONS.waitlistSignups)
      .doc(confirmed)
      .update({ confirmedAt: FieldValue.serverTimestamp() });
    expect(await recordReferrer(db, { referred: confirmed, code })).toBe('ignored');
    expect(await recordReferrer(db, { referred: email, code })).toBe('recorded');
  });
});

describe('erasure', () => {
  it("removes the address's referral record, its code, and the records naming it as referrer", async () => {
    const referrer = uniqueEmail('erased-referrer');
    const code = await subscribe(referrer);
    const friend = uniqueEmail('kept-friend');
    await subscribe(friend, code);
    const other = uniqueEmail('erased-friend');
    await subscribe(other, code);

    await eraseAddress(db, other, EMULATOR_MAIL_TOKEN_SECRET);
    expect((await referral(other)).exists).toBe(false);
    expect((await referral(friend)).exists).toBe(true);

    await eraseAddress(db, referrer, EMULATOR_MAIL_TOKEN_SECRET);
    expect((await db.collection(COLLECTIONS.referralCodes).doc(code).get()).exists).toBe(false);
    expect((await referral(friend)).exists).toBe(false);
    expect((await signup(friend)).exists).toBe(true);
    expect((await signup(friend)).get('referredBy')).toBeUndefined();
  });
});
