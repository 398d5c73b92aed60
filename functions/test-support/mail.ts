// Helpers for the mail emulator tests: a signup as the site makes it, the queue documents of an address,
// waiting for a delivery state, and the tokens in a delivered e-mail's links.
import { COLLECTIONS, NOT_AVAILABLE, SIGNUP_SOURCE } from '@silk/schema/constants';
import {
  FieldValue,
  type DocumentData,
  type DocumentReference,
  type QueryDocumentSnapshot,
} from 'firebase-admin/firestore';
import { setTimeout as sleep } from 'node:timers/promises';
import { adminServices } from '../src/shared/admin';
import { appCheckHeaders, functionUrl, post } from './emulator';

/** The fixed link-signing key of functions/env/.secret.local. */
export const EMULATOR_MAIL_TOKEN_SECRET = 'emulator-only-mail-token-secret';

/** A location nothing is known of: every part 'N/A'. */
export const UNKNOWN_LOCATION = Object.fromEntries(
  ['city', 'region', 'country', 'country_code', 'latitude', 'longitude'].map((field) => [
    field,
    NOT_AVAILABLE,
  ]),
);

/** The browser's landing write of the site's signup (with its session's feedback answers). */
export async function writeLandingRecord(
  email: string,
  feedback: Record<string, string> = {},
): Promise<void> {
  const { db } = adminServices();
  await db
    .collection(COLLECTIONS.waitlistSignups)
    .doc(email)
    .set(
      {
        email,
        source: SIGNUP_SOURCE,
        ip: '203.0.113.9',
        location: UNKNOWN_LOCATION,
        timestamp: FieldValue.serverTimestamp(),
        updatedAt: FieldValue.serverTimestamp(),
        ...feedback,
      },
      { merge: true },
    );
}

/** The site's signup: the browser's landing write, then POST /api/subscribe (as joinWaitlist does). */
export async function signUpOnSite(email: string, feedback: Record<string, string> = {}): Promise<void> {
  await writeLandingRecord(email, feedback);
  const response = await post(
    await functionUrl('subscribe'),
    { email },
    { headers: await appCheckHeaders() },
  );
  if (response.status !== 200) throw new Error(`subscribe answered ${response.status}: ${response.text}`);
}

export async function mailDocsTo(email: string): Promise<QueryDocumentSnapshot[]> {
  const { db } = adminServices();
  return (await db.collection(COLLECTIONS.mail).where('to', '==', email).get()).docs;
}

/** Polls a document until `accept` holds for its data (which may be undefined: deleted). */
export async function waitForDoc(
  ref: DocumentReference,
  accept: (data: DocumentData | undefined) => boolean,
  timeoutMs = 20_000,
): Promise<DocumentData | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const data = (await ref.get()).data();
    if (accept(data)) return data;
    if (Date.now() > deadline)
      throw new Error(`${ref.path} did not reach the expected state: ${JSON.stringify(data)}`);
    await sleep(100);
  }
}

/** The single queue document to `email`, once one exists. */
export async function queuedMailTo(email: string): Promise<DocumentReference> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [first] = await mailDocsTo(email);
    if (first) return first.ref;
    if (Date.now() > deadline) throw new Error(`No mail queued to ${email}.`);
    await sleep(100);
  }
}

export const deliveryState = (data: DocumentData | undefined): unknown =>
  (data?.delivery as { state?: unknown } | undefined)?.state;

/** The URL of a link in a text part: the text after "<label>: ". */
export function linkIn(text: string, label: string): string {
  const line = text.split('\n').find((entry) => entry.startsWith(`${label}: `));
  if (!line) throw new Error(`No "${label}" link in the e-mail.`);
  return line.slice(label.length + 2).trim();
}
