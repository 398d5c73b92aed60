// The redrive of a delivery queue kept in the "Trigger Email" extension's state machine (the mail queue,
// outbox/delivery.ts; the webhook deliveries, webhooks/deliveries.ts): a document whose failed delivery is
// due for another run (ERROR with `delivery.nextAttemptAt` passed; or PENDING with it: a mail whose send
// slot is near), or whose run never finished (PROCESSING past `delivery.leaseExpireTime`), is set to
// RETRY, which starts a delivery run — the extension's own way to retry. Run on a schedule.
import { FieldValue, Timestamp, type DocumentReference, type Firestore } from 'firebase-admin/firestore';

/** Documents looked at per run and condition; the next run takes the rest. */
const BATCH = 200;

function passed(value: unknown, now: number): boolean {
  return value instanceof Timestamp && value.toMillis() <= now;
}

async function retry(db: Firestore, ref: DocumentReference, now: number): Promise<boolean> {
  return db.runTransaction(async (transaction) => {
    const snapshot = await transaction.get(ref);
    const state = snapshot.get('delivery.state') as unknown;
    const due =
      ((state === 'ERROR' || state === 'PENDING') && passed(snapshot.get('delivery.nextAttemptAt'), now)) ||
      (state === 'PROCESSING' && passed(snapshot.get('delivery.leaseExpireTime'), now));
    if (!snapshot.exists || !due) return false;
    transaction.update(ref, {
      'delivery.state': 'RETRY',
      'delivery.nextAttemptAt': FieldValue.delete(),
      'delivery.leaseExpireTime': FieldValue.delete(),
    });
    return true;
  });
}

/** Sets every due document of `collection` to RETRY (page after page); returns how many. */
export async function redriveQueue(db: Firestore, collection: string, now = Date.now()): Promise<number> {
  const at = Timestamp.fromMillis(now);
  const queue = db.collection(collection);
  let count = 0;
  // Two single-field range queries (indexed automatically), the state checked in the transaction.
  for (;;) {
    const [due, stale] = await Promise.all([
      queue.where('delivery.nextAttemptAt', '<=', at).limit(BATCH).get(),
      queue.where('delivery.leaseExpireTime', '<=', at).limit(BATCH).get(),
    ]);
    let moved = 0;
    for (const doc of [...due.docs, ...stale.docs]) {
      if (await retry(db, doc.ref, now)) moved += 1;
    }
    count += moved;
    if (moved === 0 || (due.size < BATCH && stale.size < BATCH)) return count;
  }
}
