// Visitor writes of the public site (PRODUCT.md#api). firebase/firestore/lite ONLY, never
// firebase/auth: the site imports this module lazily on submit and it must stay small.
import { visitAttribution } from '@silk/schema/attribution';
import { COLLECTIONS, FEEDBACK_FIELDS, NOT_AVAILABLE } from '@silk/schema/constants';
import { hashEditKey } from '@silk/schema/edit-key';
import type { FeedbackFields } from '@silk/schema/entities';
import { ATTRIBUTION_SIGNUP_FIELDS } from '@silk/schema/signup-fields';
import { landingRecord, type LandingRecord } from '@silk/schema/signup-record';
import { FEEDBACK_FAILED, INVALID_EMAIL, SIGNUP_FAILED } from '@silk/schema/messages';
import { isValidSignupEmail, normalizeEmail } from '@silk/schema/validators';
import {
  connectFirestoreEmulator,
  doc,
  getFirestore,
  serverTimestamp,
  setDoc,
  type DocumentReference,
  type FieldValue,
  type Firestore,
  type FirestoreDataConverter,
} from 'firebase/firestore/lite';
import { subscribeToMailingList, verifyBotCheck } from './api-client';
import { appCheckToken } from './app-check';
import { isPermissionDenied } from './firestore-errors';
import { getFirebaseApp, splitHostPort } from './app';
import { newEditKey, readEditKey, saveEditKey } from './edit-key';
import type { ClientConfig } from './config';
import { startVisitorLookup } from './visitor-lookup';

/**
 * What a visitor's browser writes to waitlist_signups/{email} (always with merge): the landing record,
 * or the feedback fields of the registry (answers, the new key's hash and the key it spends) with the
 * visitor's context.
 */
export type SignupWrite = Omit<LandingRecord<FieldValue>, 'source'> &
  Partial<Pick<LandingRecord<FieldValue>, 'source'>> &
  Partial<FeedbackFields> & { editKeyHash?: string; prevEditKey?: string };

const signupWriteConverter: FirestoreDataConverter<SignupWrite> = {
  toFirestore: (value) => value,
  fromFirestore: (snapshot) => snapshot.data() as SignupWrite,
};

const wiredToEmulator = new WeakSet<Firestore>();

/** Firestore lite for the config's app, wired to the emulator once when configured. */
export function getLiteFirestore(config: ClientConfig, appName?: string): Firestore {
  const db = getFirestore(getFirebaseApp(config, appName));
  if (config.emulators && !wiredToEmulator.has(db)) {
    const { host, port } = splitHostPort(config.emulators.firestore);
    connectFirestoreEmulator(db, host, port);
    wiredToEmulator.add(db);
  }
  return db;
}

export function signupRef(db: Firestore, email: string): DocumentReference<SignupWrite> {
  return doc(db, COLLECTIONS.waitlistSignups, normalizeEmail(email)).withConverter(signupWriteConverter);
}

/** How long joinWaitlist waits for the mailing-list call before it resolves anyway. */
export const SUBSCRIBE_WAIT_MS = 2000;

/** The visit the signup came from, as the landing page kept it for the session when the visitor arrived. */
export interface Visit {
  /** The URL the visitor arrived at (`location.href`, with its query). */
  url: string;
  /** The page that linked to it (`document.referrer`; '' when none). */
  referrer: string;
}

/**
 * The writes a signup tries in turn until the rules take one: the whole landing record; without the
 * attribution (a repeat signup keeps the first visit's, and a signup stored without a key is still
 * claimed); without the edit key either (a signup another session created).
 */
function landingWrites(record: SignupWrite): SignupWrite[] {
  const unattributed: SignupWrite = { ...record };
  for (const { key } of ATTRIBUTION_SIGNUP_FIELDS) delete unattributed[key];
  const { editKeyHash, ...landing } = unattributed;
  const attributed = ATTRIBUTION_SIGNUP_FIELDS.some(({ key }) => key in record);
  return [record, ...(attributed && editKeyHash ? [unattributed] : []), landing];
}

/** What a signup learnt from the mailing-list call by the time joinWaitlist resolved. */
export interface JoinOutcome {
  /** The subscriber's own referral code, or null when the call failed or had not answered in time. */
  referralCode: string | null;
  /** False while the call was still running when the wait ran out (its answer is then asked for again later). */
  subscribeSettled: boolean;
}

/**
 * PRODUCT.md#api call 4: POST {api}/subscribe with the App Check token, resolving with the subscriber's
 * own referral code, or null when the call fails (only logged: the signup stands either way). A repeat
 * call for a subscribed address changes nothing and answers the same code, so /waitlist may ask again
 * when the landing page's call had not answered before it left.
 */
export async function subscribeForReferralCode(
  config: ClientConfig,
  email: string,
  referredBy?: string | null,
  appName?: string,
): Promise<string | null> {
  try {
    const token = await appCheckToken(config, appName);
    const answer = await subscribeToMailingList(config.apiBase, normalizeEmail(email), token, referredBy);
    return typeof answer.referralCode === 'string' ? answer.referralCode : null;
  } catch (error) {
    console.error('Mailing-list subscription failed:', error);
    return null;
  }
}

/**
 * PRODUCT.md#api: set + merge the landing record (`@silk/schema/signup-record`) on
 * waitlist_signups/{normalised email} with the hash of this session's edit key, which binds it when the
 * write creates the signup (the key itself stays in the session); a signup another session created
 * refuses a key it does not hold, so the landing fields are then written alone (a repeat signup ends the
 * same way as a first one). Then the mailing-list call (subscribeForReferralCode). A write failure
 * rejects with SIGNUP_FAILED; joinWaitlist never waits for the mailing-list call longer than
 * SUBSCRIBE_WAIT_MS (the request is sent with keepalive and carries on in the background).
 * `referredBy`: the code of the referral link the visit came through. `visit`: where the visit came
 * from; its valid attribution (`@silk/schema/attribution`) is written when the write creates the signup
 * (the rules refuse it on a repeat, which keeps the first visit's).
 */
export async function joinWaitlist(
  config: ClientConfig,
  email: string,
  appName?: string,
  referredBy?: string | null,
  visit?: Visit | null,
): Promise<JoinOutcome> {
  if (!isValidSignupEmail(email)) throw new Error(INVALID_EMAIL);
  // Started before the write so the token is fetched while the lookups run.
  const token = appCheckToken(config, appName);
  const id = normalizeEmail(email);
  const editKey = readEditKey(id) ?? newEditKey();
  const attribution = visit ? visitAttribution(visit.url, visit.referrer) : null;
  const editKeyHash = await hashEditKey(editKey);
  const record = landingRecord(
    { email, ...(await startVisitorLookup(config)), editKeyHash, attribution },
    serverTimestamp,
  );
  const ref = signupRef(getLiteFirestore(config, appName), id);
  try {
    const writes = landingWrites(record);
    for (const [index, write] of writes.entries()) {
      try {
        await setDoc(ref, write, { merge: true });
        if (write.editKeyHash) saveEditKey(id, editKey);
        break;
      } catch (error) {
        if (!isPermissionDenied(error) || index === writes.length - 1) throw error;
      }
    }
  } catch (error) {
    console.error('Waitlist signup write failed:', error);
    throw new Error(SIGNUP_FAILED, { cause: error });
  }
  await token;
  const subscribed = subscribeForReferralCode(config, id, referredBy, appName).then(
    (referralCode): JoinOutcome => ({ referralCode, subscribeSettled: true }),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const outcome = await Promise.race([
    subscribed,
    new Promise<JoinOutcome>(
      (resolve) =>
        (timer = setTimeout(
          () => resolve({ referralCode: null, subscribeSettled: false }),
          SUBSCRIBE_WAIT_MS,
        )),
    ),
  ]);
  clearTimeout(timer);
  return outcome;
}

/** Feedback values as stored: trimmed, 'N/A' for blank or missing fields (PRODUCT.md#data). */
export function feedbackValues(fields: Partial<FeedbackFields>): FeedbackFields {
  const values = {} as FeedbackFields;
  for (const key of FEEDBACK_FIELDS) {
    const value = fields[key];
    values[key] = typeof value === 'string' && value.trim() !== '' ? value.trim() : NOT_AVAILABLE;
  }
  return values;
}

/**
 * PRODUCT.md#api: the bot check (with the App Check token) first when a reCAPTCHA token is given
 * (failure only warned about), then the lookups, then set + merge of the feedback fields ('N/A' for
 * blanks) with ip, location, the server timestamp and this session's edit key (named as `prevEditKey`
 * and rotated on each write: the signup stores the new key's hash).
 * Any write failure rejects with FEEDBACK_FAILED.
 */
export async function submitFeedback(
  config: ClientConfig,
  email: string,
  fields: Partial<FeedbackFields>,
  recaptchaToken?: string | null,
  appName?: string,
): Promise<void> {
  const id = normalizeEmail(email);
  const token = appCheckToken(config, appName);
  if (recaptchaToken) {
    try {
      await verifyBotCheck(config.apiBase, id, recaptchaToken, await token);
    } catch (error) {
      console.warn('Bot check failed:', error);
    }
  }
  const { ip, location } = await startVisitorLookup(config);
  const previousKey = readEditKey(id);
  const editKey = newEditKey();
  try {
    await setDoc(
      signupRef(getLiteFirestore(config, appName), id),
      {
        email: id,
        ...feedbackValues(fields),
        ip,
        location,
        timestamp: serverTimestamp(),
        updatedAt: serverTimestamp(),
        editKeyHash: await hashEditKey(editKey),
        ...(previousKey ? { prevEditKey: previousKey } : {}),
      },
      { merge: true },
    );
    saveEditKey(id, editKey);
  } catch (error) {
    console.error('Feedback write failed:', error);
    throw new Error(FEEDBACK_FAILED, { cause: error });
  }
}
