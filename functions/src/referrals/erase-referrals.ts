// What an erasure removes of an address's referrals: its own referral record (as the referred person),
// its referral code, and the records of the people it referred, whose signups stop naming it
// (`referredBy`). Credit already counted stays counted: it was earned.
import { COLLECTIONS } from '@silk/schema/constants';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { signupChange } from '../shared/signup-change';
import { referralRef, referralsOf, signupDoc } from './referral-records';

const NOT_FOUND = 5;

export async function eraseReferrals(db: Firestore, email: string): Promise<void> {
  const [referred, codes] = await Promise.all([
    referralsOf(db).where('referrer', '==', email).get(),
    db.collection(COLLECTIONS.referralCodes).where('email', '==', email).get(),
  ]);
  const writer = db.bulkWriter();
  writer.onWriteError((error) => error.code !== NOT_FOUND && error.failedAttempts < 5);
  const failures: unknown[] = [];
  // A referred signup erased meanwhile has no referrer left to clear.
  const settle = (write: Promise<unknown>) =>
    void write.catch((error: unknown) => {
      if ((error as { code?: unknown }).code !== NOT_FOUND) failures.push(error);
    });
  settle(writer.delete(referralRef(db, email)));
  for (const code of codes.docs) settle(writer.delete(code.ref));
  for (const record of referred.docs) {
    settle(writer.delete(record.ref));
    settle(writer.update(signupDoc(db, record.id), signupChange({ referredBy: FieldValue.delete() })));
  }
  await writer.close();
  if (failures.length > 0)
    throw new Error(`eraseReferrals: ${failures.length} writes failed`, { cause: failures[0] });
}
