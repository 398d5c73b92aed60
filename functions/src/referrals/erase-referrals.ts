// What an erasure removes of an address's referrals: its own referral record (as the referred person),
// its referral code, and the records of the people it referred, whose signups stop naming it
// (`referredBy`). Credit already counted stays counted: it was earned. The erased person's own record,
// once decided (credited, withheld, rejected), stays without their address (ERASED_REFERRED, a new random
// id), so the referrer's credits and repeated attempts stay visible to reviewers and in the export; a
// withheld one is rejected by the erasure (nobody is left to review).
import { COLLECTIONS } from '@silk/schema/constants';
import { ERASED_REFERRED, ERASURE_DECIDER, type ReferralRecord } from '@silk/schema/referrals';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { randomUUID } from 'node:crypto';
import { signupChange } from '../shared/signup-change';
import { referralRecord, referralRef, referralsOf, signupDoc } from './referral-records';
import { GrpcStatus, hasGrpcStatus } from '../shared/grpc-status';

/** The erased person's decided record as kept: no address, no network. */
function withoutAddress(record: ReferralRecord, now: number): ReferralRecord {
  const { network: _network, ...kept } = record;
  const withheld = record.status === 'withheld';
  return {
    ...kept,
    referred: ERASED_REFERRED,
    erasedAt: now,
    ...(withheld ? { status: 'rejected', decidedAt: now, decidedBy: ERASURE_DECIDER } : {}),
  };
}

/** Replaces the address's own referral record by its copy without the address (a pending one just goes). */
async function eraseOwnRecord(db: Firestore, email: string, now: number): Promise<void> {
  await db.runTransaction(async (transaction) => {
    const snapshot = await transaction.get(referralRef(db, email));
    const record = referralRecord(snapshot);
    if (!snapshot.exists) return;
    transaction.delete(snapshot.ref);
    if (record && record.status !== 'pending') {
      transaction.create(referralsOf(db).doc(`erased-${randomUUID()}`), withoutAddress(record, now));
    }
  });
}

export async function eraseReferrals(db: Firestore, email: string, now = Date.now()): Promise<void> {
  await eraseOwnRecord(db, email, now);
  const [referred, codes] = await Promise.all([
    referralsOf(db).where('referrer', '==', email).get(),
    db.collection(COLLECTIONS.referralCodes).where('email', '==', email).get(),
  ]);
  const writer = db.bulkWriter();
  writer.onWriteError((error) => !hasGrpcStatus(error, GrpcStatus.NOT_FOUND) && error.failedAttempts < 5);
  const failures: unknown[] = [];
  // A referred signup erased meanwhile has no referrer left to clear.
  const settle = (write: Promise<unknown>) =>
    void write.catch((error: unknown) => {
      if (!hasGrpcStatus(error, GrpcStatus.NOT_FOUND)) failures.push(error);
    });
  for (const code of codes.docs) settle(writer.delete(code.ref));
  for (const record of referred.docs) {
    settle(writer.delete(record.ref));
    if (record.get('erasedAt') === undefined)
      settle(writer.update(signupDoc(db, record.id), signupChange({ referredBy: FieldValue.delete() })));
  }
  await writer.close();
  if (failures.length > 0)
    throw new Error(`eraseReferrals: ${failures.length} writes failed`, { cause: failures[0] });
}
