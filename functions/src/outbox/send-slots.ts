// The mail sending rate (MAIL_RATE_PER_SECOND): mail queued in bulk (invitations) gets a send slot,
// `sendAt` (milliseconds), from one counter, settings/mail_slots {next}: slots are 1/rate + SLOT_MARGIN_MS
// apart across every wave and drip, and a block of them costs one transaction. The sender sends a mail
// within SLOT_MARGIN_MS after its slot, never before (a missed slot is replaced, delivery.ts), so two
// sends are at least 1/rate apart and no second holds more than the rate.
import { COLLECTIONS } from '@silk/schema/constants';
import type { Firestore } from 'firebase-admin/firestore';

/** How late after its slot a mail may still go out; also added to the slots' spacing. */
export const SLOT_MARGIN_MS = 25;
/** The first slot is this far ahead: the time to queue a batch and for the sender to claim its mail. */
export const SLOT_LEAD_MS = 2000;

export function slotsRef(db: Firestore) {
  return db.collection(COLLECTIONS.settings).doc('mail_slots');
}

/** Reserves `count` consecutive slots, the first SLOT_LEAD_MS from `now` or after the last one taken; their times. */
export async function reserveSendSlots(
  db: Firestore,
  count: number,
  ratePerSecond: number,
  now = Date.now(),
): Promise<number[]> {
  if (count === 0) return [];
  const spacing = 1000 / ratePerSecond + SLOT_MARGIN_MS;
  const start = await db.runTransaction(async (transaction) => {
    const next = Number((await transaction.get(slotsRef(db))).get('next') ?? 0);
    const first = Math.max(now + SLOT_LEAD_MS, next);
    transaction.set(slotsRef(db), { next: first + count * spacing });
    return first;
  });
  return Array.from({ length: count }, (_, index) => Math.ceil(start + index * spacing));
}
