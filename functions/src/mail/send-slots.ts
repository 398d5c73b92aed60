// The mail sending rate (MAIL_RATE_PER_SECOND): mail queued in bulk (invitations) gets a send slot,
// `sendAt` (milliseconds), from one counter, settings/mail_slots {next}: slots are 1/rate apart across
// every wave and drip, and a block of them costs one transaction. The sender never sends a mail before
// its slot (delivery.ts), and wakes it in time for it, so the provider never sees more than the rate.
import { COLLECTIONS } from '@silk/schema/constants';
import type { Firestore } from 'firebase-admin/firestore';

export function slotsRef(db: Firestore) {
  return db.collection(COLLECTIONS.settings).doc('mail_slots');
}

/** Reserves `count` consecutive slots, the first at `now` or after the last one taken; their times. */
export async function reserveSendSlots(db: Firestore, count: number, ratePerSecond: number, now = Date.now()): Promise<number[]> {
  if (count === 0) return [];
  const spacing = 1000 / ratePerSecond;
  const start = await db.runTransaction(async (transaction) => {
    const next = Number((await transaction.get(slotsRef(db))).get('next') ?? 0);
    const first = Math.max(now, next);
    transaction.set(slotsRef(db), { next: first + count * spacing });
    return first;
  });
  return Array.from({ length: count }, (_, index) => Math.ceil(start + index * spacing));
}
