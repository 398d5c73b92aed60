// POST /api/join {email}: the landing form's server path, for a browser whose script has not taken over
// (scripts off, or a submit before hydration). The form posts natively (application/x-www-form-urlencoded);
// JSON is accepted too. It stores the record the browser writes — waitlist_signups/{email} merged with
// the landing record (@silk/schema/signup-record), so a repeat signup refreshes the landing fields only —
// with the address the request came from (or 'N/A') and an unknown location, then adds the mailing-list entry
// as /api/subscribe does, under the same rate limits. Every call, a listed address or a new one alike,
// counts against a global ceiling per window (429 SIGNUPS_PAUSED beyond it for everyone, nothing stored,
// so the answer at a full ceiling tells nobody whether an address is listed): the form needs no App
// Check, and a caller of the function's own URL can claim any client address. A new signup is bound to
// an edit key as a browser write binds it (firestore.rules: only the key's hash is stored): the one the
// page's form guard sends (`editKey`, kept in the session's storage for /waitlist's feedback), or without
// one a random key nobody holds (a browser without scripts has no feedback form); a repeat signup never
// changes the key, and the answer is the same.
//   form: 303 → /waitlist · an error: its status and a small HTML page with the message
//   JSON: 200 {ok: true} · an error: its status and {error}
// The referrer of a new signup is recorded from `ref` (the JSON body, the form's hidden field filled by
// the page's script) or, without it, the `ref` of the same-site page the form was posted from (its
// Referer: a browser without scripts fills no field); the JSON answer carries the subscriber's code.
// The signup's network is recorded once as the server observed it (referrals/signup-network.ts).
// A new signup gets the visit's attribution (@silk/schema/attribution): the JSON body's valid attribution
// fields when it has any, else the UTM parameters and path of the same-site page the form was posted from
// (its Referer). The referring site is not known on this path (only the page's script could read
// `document.referrer`). A repeat signup keeps the attribution it has, as the rules keep it for browsers.
// The address is never put in a URL (no query string, no redirect carrying it). An accepted call is
// answered at the next whole time step (http/answer-time.ts): a new address's extra work does not show.
import { randomBytes } from 'node:crypto';
import { formPostAttribution, hasAttribution, validAttribution } from '@silk/schema/attribution';
import type { Attribution } from '@silk/schema/signup-fields';
import { COLLECTIONS, type ConsentForm } from '@silk/schema/constants';
import { hashEditKey } from '@silk/schema/edit-key';
import { SIGNUPS_PAUSED } from '@silk/schema/messages';
import { landingRecord } from '@silk/schema/signup-record';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { sameSiteReferer } from '../http/cors';
import { HttpError, type HttpRequest } from '../http/http';
import { onTimeStep } from '../http/answer-time';
import { refuseWithPage, seeOther } from '../http/html-page';
import { addToMailingList } from '../subscribers/mailing-list';
import { type Ceilings, type ServerConfig } from '../shared/config';
import { takeCeilingUnit, type Ceiling } from '../shared/ceiling';
import { mailTokenSecret } from '../shared/secrets';
import { recordReferrer, referralCodeOf } from '../referrals/record-referrer';
import { observedNetwork } from '../referrals/signup-network';
import { signupChange } from '../shared/signup-change';
import { FIRST_SIGNUP_FIELD, firstSignupUpdate } from '../shared/first-signup';
import { newSubscriberId } from '../subscribers/subscribers';

/** The global ceiling on this public form's calls, so on the signups it creates (config.ts, Ceilings.joinSignups). */
export function joinCeiling(ceilings: Ceilings): Ceiling {
  return { scope: 'join-signups', limit: ceilings.joinSignups, windowMs: ceilings.windowMs };
}

/** Where a form submit lands: the site's confirmation page. */
export const JOINED_PATH = '/waitlist';

/** What a signup stores: the address and what the caller knows of the visit. */
export interface SignupInput {
  email: string;
  /** The address the request came from, if it is the subscriber's (null: none is stored). */
  ip: string | null;
  /** The session's edit key (the site's form guard); a random one nobody holds without it. */
  editKey: string | undefined;
  /** The visit's attribution, stored only on a new signup. */
  attribution: Attribution;
  /** The referral code of the visit (a referrer recorded for a new signup). */
  referralCode: string | null | undefined;
  /** The form the consent was given on. */
  form: ConsentForm;
  /** The subscriber's network as the server observed it, when the request came from their browser. */
  network?: string | null;
}

/**
 * A signup's work, shared by the site's joins and the public API: the global ceiling, the signup
 * (landing record, edit key, place in line), the mailing list and its confirmation mail, the referrer.
 * Answers the subscriber's own referral code.
 */
export async function addSignup(
  db: Firestore,
  config: ServerConfig,
  input: SignupInput,
): Promise<{ ok: true; referralCode: string }> {
  const { email, ip, editKey, attribution, form, network } = input;
  const ref = db.collection(COLLECTIONS.waitlistSignups).doc(email); // normalised by the schema
  // Every call counts, a repeat too: at a full ceiling a listed address is refused as a new one is.
  if ((await takeCeilingUnit(db, joinCeiling(config.ceilings))) !== 'taken') {
    throw new HttpError(429, SIGNUPS_PAUSED);
  }
  await db.runTransaction(async (transaction) => {
    const stored = await transaction.get(ref);
    // Bound on create; a signup stored without a key (from before keys) is claimed by a given one.
    const key = !stored.exists
      ? (editKey ?? randomBytes(32).toString('base64url'))
      : stored.get('editKeyHash') !== undefined || stored.get('editKey') !== undefined
        ? null
        : editKey;
    const editKeyHash = key ? await hashEditKey(key) : null;
    const record = landingRecord(
      { email, ip, editKeyHash, attribution: stored.exists ? null : attribution },
      () => FieldValue.serverTimestamp(),
    );
    // The place in line: set with the signup, never moved by a repeat (shared/first-signup.ts).
    // A new signup also gets its subscriber id here, so the trigger has nothing to stamp on it.
    const firstSignup = stored.exists
      ? firstSignupUpdate(stored)
      : { [FIRST_SIGNUP_FIELD]: FieldValue.serverTimestamp(), subscriberId: newSubscriberId() };
    transaction.set(ref, signupChange({ ...record, ...firstSignup }), { merge: true });
  });
  const referralCode = await addToMailingList(db, email, { form, ceilings: config.ceilings, network });
  if (input.referralCode) await recordReferrer(db, { referred: email, code: input.referralCode });
  return { ok: true, referralCode };
}

/** What a join from the site stores and how: the visit and what the route knows of its caller. */
export interface JoinInput extends Omit<SignupInput, 'ip' | 'network'> {
  req: HttpRequest;
  db: Firestore;
  config: ServerConfig;
  ip: string;
  /** MAIL_TOKEN_SECRET (the observed network's keyed hash). */
  secret: () => string;
}

/**
 * The join of /api/join and the widget's /api/embed/join: addSignup with the caller's address and
 * network, answered at the next whole time step.
 */
export function joinSignup(input: JoinInput): Promise<{ ok: true; referralCode: string }> {
  const { req, db, config, ip, secret, ...visit } = input;
  // A new address is more work than a listed one: the answer leaves at the same step for both. The
  // ceiling is counted within the step, so its round trip adds nothing to the answer's time.
  return onTimeStep(config.answerTimeStepMs, () =>
    addSignup(db, config, {
      ...visit,
      ip: ip === 'unknown' ? null : ip,
      network: observedNetwork(req, config.trustedProxyNetworks, secret),
    }),
  );
}

export function makeJoinWaitlistHandler(deps: Partial<EndpointDeps> = {}) {
  const secret = deps.linkSecret ?? (() => mailTokenSecret.value());
  return endpoint(
    'joinWaitlist',
    async ({ req, services: { db }, config, ip, body }) => {
      const { email, editKey, ref: linkCode } = body;
      const given = validAttribution(body);
      const referer = sameSiteReferer(req, config.allowedOrigins);
      const attribution = hasAttribution(given) ? given : formPostAttribution(referer?.href);
      return joinSignup({
        req,
        db,
        config,
        ip,
        email,
        editKey,
        attribution,
        referralCode: linkCode ?? referralCodeOf(referer),
        form: 'no-js',
        secret,
      });
    },
    deps,
    {
      form: {
        accepted: (res) => seeOther(res, JOINED_PATH),
        refuse: refuseWithPage,
      },
    },
  );
}
