// POST /api/v1/signups/add (apiV1SignupAdd) {email, ref?, attribution?}, Authorization: Bearer <API key
// with signups:write>: adds a signup as the site's join does (signups/join-waitlist.ts) — the same record
// (the address the request came from is not the subscriber's: none is stored), the same first signup
// time and subscriber id, the same confirmation mail and mail budget (subscribers/mailing-list.ts, consent
// form 'api'), the same per-address limit and the same global ceiling as /api/join; the referrer is
// recorded from `ref`. A repeat signup refreshes nothing but the landing fields, as a repeat join does.
//   200 {ok, referralCode} · 400 bad body · 401 unknown or revoked key · 403 scope · 429 key's rate,
//   address's limit, or the ceiling (SIGNUPS_PAUSED)
import { randomBytes } from 'node:crypto';
import { validAttribution } from '@silk/schema/attribution';
import { COLLECTIONS } from '@silk/schema/constants';
import { hashEditKey } from '@silk/schema/edit-key';
import { SIGNUPS_PAUSED } from '@silk/schema/messages';
import { landingRecord } from '@silk/schema/signup-record';
import { FieldValue } from 'firebase-admin/firestore';
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { HttpError } from '../http/http';
import { recordReferrer } from '../referrals/record-referrer';
import { takeCeilingUnit } from '../shared/ceiling';
import { FIRST_SIGNUP_FIELD, firstSignupUpdate } from '../shared/first-signup';
import { signupChange } from '../shared/signup-change';
import { joinCeiling } from '../signups/join-waitlist';
import { addToMailingList } from '../subscribers/mailing-list';
import { newSubscriberId } from '../subscribers/subscribers';

export function makeApiV1SignupAddHandler(deps: Partial<EndpointDeps> = {}) {
  return endpoint(
    'apiV1SignupAdd',
    async ({ services: { db }, config, body }) => {
      const { email, ref: code } = body;
      if ((await takeCeilingUnit(db, joinCeiling(config.ceilings))) !== 'taken') {
        throw new HttpError(429, SIGNUPS_PAUSED);
      }
      const ref = db.collection(COLLECTIONS.waitlistSignups).doc(email); // normalised by the schema
      await db.runTransaction(async (transaction) => {
        const stored = await transaction.get(ref);
        // A new signup is bound to a random edit key nobody holds (the caller's page has no feedback form).
        const editKeyHash = stored.exists ? null : await hashEditKey(randomBytes(32).toString('base64url'));
        const record = landingRecord(
          {
            email,
            ip: null,
            editKeyHash,
            attribution: stored.exists ? null : validAttribution(body.attribution),
          },
          () => FieldValue.serverTimestamp(),
        );
        const firstSignup = stored.exists
          ? firstSignupUpdate(stored)
          : { [FIRST_SIGNUP_FIELD]: FieldValue.serverTimestamp(), subscriberId: newSubscriberId() };
        transaction.set(ref, signupChange({ ...record, ...firstSignup }), { merge: true });
      });
      const referralCode = await addToMailingList(db, email, { form: 'api', ceilings: config.ceilings });
      if (code) await recordReferrer(db, { referred: email, code });
      return { ok: true as const, referralCode };
    },
    deps,
  );
}
