// "Download my data": everything Silk holds about one subscriber, as one JSON document — the signup
// record and its feedback answers, the consent evidence (the mailing-list entry), referrals, invitations,
// the suppression entry and the mails sent to them. Nothing of anyone else: the people they referred are
// counted and dated, never named; who referred them is not named either; a staff member who changed their
// invitation shows as "staff". Left out as credentials rather than data: the session's edit-key hash,
// invitation token hashes and the mails' bodies (which hold the subscriber's own signed links).
import { COLLECTIONS } from '@silk/schema/constants';
import { mailboxKey } from '@silk/schema/mailbox';
import type { ReferralRecord } from '@silk/schema/referrals';
import { Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { addressOf, signupRef, subscriberRef } from '../subscribers/subscribers';

/** The file's format version, for a machine reading it. */
export const SUBSCRIBER_DATA_FORMAT = 1;

/** Fields of the signup record that are not the subscriber's data to take away. */
const SIGNUP_FIELDS_LEFT_OUT = new Set([
  'editKeyHash', // a credential of the browser session that joined
  'prevEditKey',
  'referredBy', // the referrer's address
]);

/** Who changed an invitation's status, as the file names them (a staff member's address stays out). */
const INVITE_ACTORS_SHOWN = new Set(['drip', 'system', 'invitee']);

type Plain = null | boolean | number | string | Plain[] | { [key: string]: Plain };

/** A stored value as JSON: Firestore times as ISO 8601 text, everything else as it is. */
export function plain(value: unknown): Plain {
  if (value === null || value === undefined) return null;
  if (value instanceof Timestamp) return value.toDate().toISOString();
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(plain);
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, item]) => item !== undefined)
        .map(([key, item]) => [key, plain(item)]),
    );
  }
  if (typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string') return value;
  return String(value);
}

/** A stored time (milliseconds since the epoch or a Firestore time) as ISO 8601 text, or null. */
function isoTime(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return new Date(value).toISOString();
  if (value instanceof Timestamp) return value.toDate().toISOString();
  return null;
}

function without(data: DocumentData | undefined, left: ReadonlySet<string>): Plain {
  if (!data) return null;
  return plain(Object.fromEntries(Object.entries(data).filter(([key]) => !left.has(key))));
}

/** The people this subscriber referred: how many in each state, and when, never who. */
function referralsMade(records: ReferralRecord[]) {
  const byStatus: Record<string, number> = {};
  for (const record of records) byStatus[record.status] = (byStatus[record.status] ?? 0) + 1;
  return {
    count: records.length,
    byStatus,
    referrals: records
      .map((record) => ({
        status: record.status,
        createdAt: isoTime(record.createdAt),
        confirmedAt: isoTime(record.confirmedAt),
      }))
      .sort((a, b) => (a.createdAt ?? '').localeCompare(b.createdAt ?? '')),
  };
}

/** The subscriber's own referral, as the referred person: that it was and its state, not who referred them. */
function referredBy(record: DocumentData | undefined) {
  if (!record) return null;
  return {
    status: String(record.status),
    createdAt: isoTime(record.createdAt),
    confirmedAt: isoTime(record.confirmedAt),
  };
}

function mailEntry(data: DocumentData) {
  const delivery = (data.delivery ?? {}) as Record<string, unknown>;
  const message = (data.message ?? {}) as Record<string, unknown>;
  return {
    subject: typeof message.subject === 'string' ? message.subject : null,
    state: typeof delivery.state === 'string' ? delivery.state : null,
    queuedAt: isoTime(delivery.startTime),
    lastAttemptAt: isoTime(delivery.endTime),
  };
}

const byTime =
  <T>(time: (entry: T) => string | null) =>
  (a: T, b: T) =>
    (time(a) ?? '').localeCompare(time(b) ?? '');

/** The file's content for the subscriber `subscriberId`, or null when no one on the list has that id. */
export async function subscriberData(
  db: Firestore,
  subscriberId: string,
  now = new Date(),
): Promise<Record<string, unknown> | null> {
  const email = await addressOf(db, subscriberId);
  if (!email) return null;
  const [signup, subscriber, referral, made, invitations, history, mails, suppression] = await Promise.all([
    signupRef(db, email).get(),
    subscriberRef(db, email).get(),
    db.collection(COLLECTIONS.referrals).doc(email).get(),
    db.collection(COLLECTIONS.referrals).where('referrer', '==', email).get(),
    db.collection(COLLECTIONS.invitations).where('email', '==', email).get(),
    db.collection(COLLECTIONS.inviteHistory).where('email', '==', email).get(),
    db.collection(COLLECTIONS.mail).where('to', '==', email).get(),
    db.collection(COLLECTIONS.suppressions).doc(mailboxKey(email)).get(),
  ]);
  const suppressed = suppression.data();
  return {
    format: SUBSCRIBER_DATA_FORMAT,
    exportedAt: now.toISOString(),
    email,
    signup: without(signup.data(), SIGNUP_FIELDS_LEFT_OUT),
    subscription: plain(subscriber.data()),
    referrals: {
      referredBy: referredBy(referral.data()),
      made: referralsMade(made.docs.map((doc) => doc.data() as ReferralRecord)),
    },
    invitations: invitations.docs
      .map((doc) => {
        const data = doc.data();
        return {
          state: String(data.state),
          waveId: typeof data.waveId === 'string' ? data.waveId : null,
          createdAt: isoTime(data.createdAt),
          expiresAt: isoTime(data.expiresAt),
          redeemedAt: isoTime(data.redeemedAt),
        };
      })
      .sort(byTime((entry) => entry.createdAt)),
    invitationHistory: history.docs
      .map((doc) => {
        const data = doc.data();
        const by = String(data.by);
        return {
          status: String(data.status),
          at: isoTime(data.at),
          by: INVITE_ACTORS_SHOWN.has(by) ? by : 'staff',
        };
      })
      .sort(byTime((entry) => entry.at)),
    suppression: suppressed
      ? { reason: String(suppressed.reason), source: String(suppressed.source), at: isoTime(suppressed.at) }
      : null,
    mails: mails.docs.map((doc) => mailEntry(doc.data())).sort(byTime((entry) => entry.queuedAt)),
  };
}
