// Referral credit, given when the referred person confirms their address (creditReferral, called by the
// confirmation) or when an Admin grants withheld credit (decideReferral, the review route). Crediting
// marks the referral `credited` and adds 1 to the referrer's `confirmedReferrals` with
// FieldValue.increment in one batch, so a burst of confirmations for one referrer counts exactly: the
// increments never conflict. The batch updates the referral only if it is unchanged since it was read
// (its update time as precondition), so a referral is credited once however often either path runs, and
// creates the credit's memory (credit-memory.ts), so a mailbox is credited to a referrer once for good:
// a repeat (after an erasure, or under another spelling) is withheld as `already-credited`, and an Admin
// cannot grant it (the grant answers `repeat`). An Admin's reject takes credit back the same way (-1), and
// the credit's memory stays: the mailbox is not credited to that referrer again.
import type { ReferralRecord, ReferralStatus } from '@silk/schema/referrals';
import { FieldValue, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { eventSink } from '../events/emit';
import type { ReferralRules } from '../shared/config';
import { signupChange } from '../shared/signup-change';
import { creditedBefore, rememberCredit } from './credit-memory';
import { withholdReason } from './fraud-rules';
import { referralRecord, referralRef, signupDoc } from './referral-records';
import { GrpcStatus, hasGrpcStatus } from '../shared/grpc-status';

const ATTEMPTS = 5;

type Change = Partial<ReferralRecord> & { status: ReferralStatus };

/**
 * Another writer got there first (the referral changed, the referrer's signup went, or the same mailbox
 * was credited meanwhile): read again.
 */
function isRace(error: unknown): boolean {
  return hasGrpcStatus(
    error,
    GrpcStatus.FAILED_PRECONDITION,
    GrpcStatus.NOT_FOUND,
    GrpcStatus.ALREADY_EXISTS,
  );
}

/** The referrer's signup, read once and only when needed. */
type ReferrerSignup = () => Promise<DocumentSnapshot>;

/**
 * Reads the referral and applies `decide`'s change (null: nothing to do), crediting the referrer when
 * the change is to `credited`. Returns the referral's status after it, or null without a referral.
 */
async function changeReferral(
  db: Firestore,
  secret: string,
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
    const takesBack = change.status === 'rejected' && record.status === 'credited';
    const referrer = change.status === 'credited' || takesBack ? await referrerSignup() : null;
    if (referrer?.exists) {
      batch.update(
        referrer.ref,
        signupChange({ confirmedReferrals: FieldValue.increment(takesBack ? -1 : 1) }),
      );
    }
    if (change.status === 'credited') {
      const at = Date.now();
      rememberCredit(batch, db, secret, {
        referrer: record.referrer,
        referred,
        at,
        ...(record.network ? { network: record.network } : {}),
      });
      const data = { referrer: record.referrer, referred, creditedAt: new Date(at).toISOString() };
      emit(batch, {
        key: `${referred}\n${snapshot.createTime?.toMillis() ?? ''}`,
        at,
        subjects: [record.referrer, referred],
        data,
      });
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
  secret: string,
  now = Date.now(),
): Promise<ReferralStatus | null> {
  return changeReferral(db, secret, referred, async (record, referrerSignup) => {
    if (record.status !== 'pending') return null;
    if ((await signupDoc(db, referred).get()).get('confirmedAt') === undefined) return null;
    const reason = await withholdReason(db, record, await referrerSignup(), { secret, rules, now });
    return reason
      ? { status: 'withheld', reason, confirmedAt: now }
      : { status: 'credited', confirmedAt: now };
  });
}

export type ReviewDecision = 'grant' | 'reject';

/** What an Admin's decision did: the referral's status after it (null: no referral), and its record. */
export interface ReviewOutcome {
  status: ReferralStatus | null;
  /** Whether this call decided it (false: it was not withheld, or a grant of a repeat). */
  decided: boolean;
  /** A reject of credit given before: the referrer's credited referrals went down by one. */
  tookBack: boolean;
  /** A grant refused: the referred mailbox has earned this referrer credit already (it stays withheld). */
  repeat: boolean;
  record: ReferralRecord | null;
}

/**
 * An Admin's decision on withheld credit: grant credits it, reject rejects it; a reject of credited
 * credit takes it back (the referrer's count down by one). Idempotent: granting a referral that is
 * already credited, or deciding one already rejected, changes nothing. A grant of a mailbox that has earned this
 * referrer credit before changes nothing either (`repeat`): credit is counted once per mailbox, whoever
 * decides; the Admin can reject it.
 */
export async function decideReferral(
  db: Firestore,
  referred: string,
  decision: ReviewDecision,
  admin: string,
  secret: string,
  now = Date.now(),
): Promise<ReviewOutcome> {
  let decided = false;
  let repeat = false;
  let tookBack = false;
  let seen: ReferralRecord | null = null;
  const status = await changeReferral(db, secret, referred, async (record) => {
    seen = record;
    tookBack = decision === 'reject' && record.status === 'credited';
    decided = record.status === 'withheld' || tookBack;
    repeat = decided && decision === 'grant' && (await creditedBefore(db, secret, record.referrer, referred));
    if (repeat) decided = false;
    if (!decided) return null;
    return {
      status: decision === 'grant' ? 'credited' : 'rejected',
      decidedAt: now,
      decidedBy: admin,
    };
  });
  return { status, decided, repeat, tookBack, record: seen };
}
