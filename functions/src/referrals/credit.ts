// Referral credit, given when the referred person confirms their address (creditReferral, called by the
// confirmation) or when an Admin grants withheld credit (decideReferral, the review route). Crediting
// marks the referral `credited` and adds 1 to the referrer's `confirmedReferrals` with
// FieldValue.increment in one batch, so a burst of confirmations for one referrer counts exactly: the
// increments never conflict. The batch updates the referral only if it is unchanged since it was read
// (its update time as precondition), so a referral is credited once however often either path runs.
import type { ReferralRecord, ReferralStatus } from '@silk/schema/referrals';
import { FieldValue, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { eventSink } from '../events/emit';
import type { ReferralRules } from '../shared/config';
import { signupChange } from '../shared/signup-change';
import { withholdReason } from './fraud-rules';
import { referralRecord, referralRef, signupDoc } from './referral-records';

const FAILED_PRECONDITION = 9;
const NOT_FOUND = 5;
const ATTEMPTS = 5;

type Change = Partial<ReferralRecord> & { status: ReferralStatus };

/** Another writer got there first (the referral changed, or the referrer's signup went): read again. */
function isRace(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === FAILED_PRECONDITION || code === NOT_FOUND;
}

/** The referrer's signup, read once and only when needed. */
type ReferrerSignup = () => Promise<DocumentSnapshot>;

/**
 * Reads the referral and applies `decide`'s change (null: nothing to do), crediting the referrer when
 * the change is to `credited`. Returns the referral's status after it, or null without a referral.
 */
async function changeReferral(
  db: Firestore,
  referred: string,
  decide: (record: ReferralRecord, referrerSignup: ReferrerSignup) => Promise<Change | null>,
): Promise<ReferralStatus | null> {
  const emit = await eventSink(db, 'referral.credited');
  for (let attempt = 1; ; attempt += 1) {
    const snapshot = await referralRef(db, referred).get();
    const record = referralRecord(snapshot);
    if (!record || !snapshot.updateTime) return null;
    let read: Promise<DocumentSnapshot> | null = null;
    const referrerSignup = () => (read ??= signupDoc(db, record.referrer).get());
    const change = await decide(record, referrerSignup);
    if (!change) return record.status;
    const batch = db.batch();
    batch.update(snapshot.ref, change, { lastUpdateTime: snapshot.updateTime });
    const referrer = change.status === 'credited' ? await referrerSignup() : null;
    if (referrer?.exists) {
      batch.update(referrer.ref, signupChange({ confirmedReferrals: FieldValue.increment(1) }));
    }
    if (change.status === 'credited') {
      const at = Date.now();
      const data = { referrer: record.referrer, referred, creditedAt: new Date(at).toISOString() };
      emit(batch, { key: `${referred}\n${snapshot.createTime?.toMillis() ?? ''}`, at, subjects: [record.referrer, referred], data });
    }
    try {
      await batch.commit();
      return change.status;
    } catch (error) {
      if (!isRace(error) || attempt === ATTEMPTS) throw error;
    }
  }
}

/**
 * At the referred person's confirmation: a pending referral is credited, or withheld with the reason
 * of the first fraud rule that matches (silently to the visitor; staff review it). Nothing happens
 * before the referred signup is confirmed, or to a referral decided already. A signup nobody referred
 * costs one read.
 */
export async function creditReferral(
  db: Firestore,
  referred: string,
  rules: ReferralRules,
  now = Date.now(),
): Promise<ReferralStatus | null> {
  return changeReferral(db, referred, async (record, referrerSignup) => {
    if (record.status !== 'pending') return null;
    if ((await signupDoc(db, referred).get()).get('confirmedAt') === undefined) return null;
    const reason = await withholdReason(db, record, await referrerSignup(), rules, now);
    return reason
      ? { status: 'withheld', reason, confirmedAt: now }
      : { status: 'credited', confirmedAt: now };
  });
}

export type ReviewDecision = 'grant' | 'reject';

/** What an Admin's decision did: the referral's status after it (null: no referral), and its record. */
export interface ReviewOutcome {
  status: ReferralStatus | null;
  /** Whether this call decided it (false: it was not withheld). */
  decided: boolean;
  record: ReferralRecord | null;
}

/**
 * An Admin's decision on withheld credit: grant credits it, reject rejects it. Idempotent: deciding a
 * referral that is already credited or rejected changes nothing.
 */
export async function decideReferral(
  db: Firestore,
  referred: string,
  decision: ReviewDecision,
  admin: string,
  now = Date.now(),
): Promise<ReviewOutcome> {
  let decided = false;
  let seen: ReferralRecord | null = null;
  const status = await changeReferral(db, referred, async (record) => {
    seen = record;
    decided = record.status === 'withheld';
    if (!decided) return null;
    return {
      status: decision === 'grant' ? 'credited' : 'rejected',
      decidedAt: now,
      decidedBy: admin,
    };
  });
  return { status, decided, record: seen };
}
