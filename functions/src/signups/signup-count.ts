// The signup total the admin panel shows at once: the sum of `count` over signup_counts. The signup
// trigger writes each +1 and -1 as a change document of its own there ({count, at}); a fold
// (shared/fold-turns.ts) adds the changes into the one total document, signup_counts/total, at most once a
// second, and deletes them in the same batch. So a burst writes new documents only, and a panel that sums
// the collection reads an exact total at every moment (a fold moves its changes into the total atomically).
// A count() aggregation reconciles it on a schedule (a trigger that failed, or ran twice, leaves it off
// until then).
import { COLLECTIONS } from '@silk/schema/constants';
import { FieldValue, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import { emitMilestones } from '../events/alert-events';
import { foldTurns, foldWhenDue, lostRace } from '../shared/fold-turns';

/** Changes added up per fold: with their deletes and the total, one batch. */
const FOLD_READ = 400;

const counts = (db: Firestore) => db.collection(COLLECTIONS.signupCounts);
const totalRef = (db: Firestore) => counts(db).doc('total');
const turnsOf = (db: Firestore) => foldTurns(db.collection(COLLECTIONS.settings).doc('signup_total'), 'fold');

/** A change of `delta` to the total: the caller creates `data` at `ref` inside its own batch or transaction. */
export function signupCountChange(
  db: Firestore,
  delta: 1 | -1,
): { ref: DocumentReference; data: { count: number; at: FieldValue } } {
  return { ref: counts(db).doc(), data: { count: delta, at: FieldValue.serverTimestamp() } };
}

/** The oldest changes added to the total and deleted, in one batch; a change folded by another fold first fails it. */
async function foldSignupCount(db: Firestore): Promise<void> {
  const changes = (await counts(db).orderBy('at').limit(FOLD_READ).get()).docs;
  if (changes.length === 0) return;
  const batch = db.batch();
  const sum = changes.reduce((total, change) => total + (Number(change.get('count')) || 0), 0);
  // The total before this fold: a rise past a milestone is announced to the alerts (once per milestone).
  const before = sum > 0 ? Number((await totalRef(db).get()).get('count')) || 0 : 0;
  if (sum !== 0) batch.set(totalRef(db), { count: FieldValue.increment(sum) }, { merge: true });
  for (const change of changes) batch.delete(change.ref, { exists: true });
  try {
    await batch.commit();
  } catch (error) {
    // Nothing was written; the next fold reads again.
    if (!lostRace(error)) throw error;
    return;
  }
  if (sum > 0) await emitMilestones(db, before, before + sum);
}

/** Folds the total's changes now if the turn has come (its writers never wait for it: the sum is exact anyway). */
export async function foldSignupCountWhenDue(db: Firestore): Promise<void> {
  await foldWhenDue(db, turnsOf(db), () => foldSignupCount(db));
}

/**
 * Sets the total to the collection's count() less the changes not yet folded, and folds into it any
 * document of the earlier layout (ten shards, no `at`); returns the correction.
 */
export async function reconcileSignupCount(db: Firestore): Promise<number> {
  const counted = (await db.collection(COLLECTIONS.waitlistSignups).count().get()).data().count;
  return db.runTransaction(async (transaction) => {
    const documents = (await transaction.get(counts(db))).docs;
    const value = (document: (typeof documents)[number]) => Number(document.get('count')) || 0;
    const sum = documents.reduce((total, document) => total + value(document), 0);
    const pending = documents
      .filter((document) => document.get('at') !== undefined)
      .reduce((total, document) => total + value(document), 0);
    const correction = counted - sum;
    const folded = documents.filter((document) => document.get('at') === undefined);
    const earlierLayout = folded.filter((document) => document.id !== totalRef(db).id);
    if (correction !== 0 || earlierLayout.length > 0 || folded.length === 0) {
      transaction.set(totalRef(db), { count: counted - pending });
      for (const document of earlierLayout) transaction.delete(document.ref);
    }
    return correction;
  });
}
