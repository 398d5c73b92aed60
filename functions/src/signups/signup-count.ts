// The signup total the admin panel shows at once: signup_counts/{0..SIGNUP_COUNT_SHARDS-1} {count},
// kept by the signup trigger (+1 when a signup is created, -1 when one is deleted) on a random shard
// each, so a burst of signups does not queue on one document. A count() aggregation reconciles it on a
// schedule (a trigger that failed, or ran twice, leaves it off until then).
import { COLLECTIONS, SIGNUP_COUNT_SHARDS } from '@silk/schema/constants';
import { FieldValue, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import { randomInt } from 'node:crypto';

function shardRef(db: Firestore, shard: number) {
  return db.collection(COLLECTIONS.signupCounts).doc(String(shard));
}

/** `delta` for a random shard: the caller merges `data` into `ref` inside its own batch or transaction. */
export function signupCountChange(
  db: Firestore,
  delta: number,
): { ref: DocumentReference; data: { count: FieldValue } } {
  return { ref: shardRef(db, randomInt(SIGNUP_COUNT_SHARDS)), data: { count: FieldValue.increment(delta) } };
}

/** Sets the shards' sum to the collection's count() (shard 0 takes the difference); returns the correction. */
export async function reconcileSignupCount(db: Firestore): Promise<number> {
  const counted = (await db.collection(COLLECTIONS.waitlistSignups).count().get()).data().count;
  return db.runTransaction(async (transaction) => {
    const shards = await transaction.get(db.collection(COLLECTIONS.signupCounts));
    const sum = shards.docs.reduce((total, shard) => total + (Number(shard.get('count')) || 0), 0);
    const correction = counted - sum;
    if (correction !== 0)
      transaction.set(shardRef(db, 0), { count: FieldValue.increment(correction) }, { merge: true });
    return correction;
  });
}
