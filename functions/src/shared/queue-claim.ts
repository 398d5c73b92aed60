// The claim of a delivery queue kept in the "Trigger Email" extension's state machine (the mail queue,
// outbox/delivery.ts; the webhook deliveries, webhooks/deliveries.ts): a PENDING or RETRY document is
// taken for one run, PROCESSING with a lease, in a transaction, so two runs never take the same one.
import { FieldValue, Timestamp, type DocumentData, type DocumentReference } from 'firebase-admin/firestore';

export interface ClaimRules {
  /** A PENDING document with `delivery.nextAttemptAt` is waiting for that time and is not taken. */
  pendingWaits: boolean;
  /** The claim counts an attempt in `delivery.attempts`. */
  countsAttempt: boolean;
}

/** Takes a PENDING or RETRY document for this run; its data, or null when it is not this run's to take. */
export async function claimDelivery(
  ref: DocumentReference,
  leaseUntil: number,
  rules: ClaimRules,
): Promise<DocumentData | null> {
  return ref.firestore.runTransaction(async (transaction) => {
    const snapshot = await transaction.get(ref);
    const state = snapshot.get('delivery.state') as unknown;
    const waiting =
      rules.pendingWaits && state === 'PENDING' && snapshot.get('delivery.nextAttemptAt') !== undefined;
    if (!snapshot.exists || (state !== 'PENDING' && state !== 'RETRY') || waiting) return null;
    transaction.update(ref, {
      'delivery.state': 'PROCESSING',
      ...(rules.countsAttempt ? { 'delivery.attempts': FieldValue.increment(1) } : {}),
      'delivery.leaseExpireTime': Timestamp.fromMillis(leaseUntil),
      'delivery.nextAttemptAt': FieldValue.delete(),
    });
    return snapshot.data() ?? null;
  });
}
