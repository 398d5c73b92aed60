// The mail sending rate (MAIL_RATE_PER_SECOND): mail queued in bulk (invitations) gets a send slot,
// `sendAt` (milliseconds), from one counter, settings/mail_slots {next}: across every wave, drip and
// broadcast, `rate` slots span a second plus SLOT_MARGIN_MS (and the millisecond a slot is rounded up by),
// and a block of them costs one transaction. The sender sends a mail within SLOT_MARGIN_MS after its slot,
// never before (a missed slot is replaced, delivery.ts), so no second of sends holds more than the rate,
// and the margin costs a fraction of the rate rather than 25 ms per mail.
import { COLLECTIONS } from '@silk/schema/constants';
import type { Firestore } from 'firebase-admin/firestore';

/** How late after its slot a mail may still go out; also added to the slots' spacing. */
export const SLOT_MARGIN_MS = 25;
/** The first slot is this far ahead: the time to queue a batch and for the sender to claim its mail. */
export const SLOT_LEAD_MS = 2000;

export function slotsRef(db: Firestore) {
  return db.collection(COLLECTIONS.settings).doc('mail_slots');
}

/** The time between two slots: `rate` of them fill a second widened by the margin and the rounding. */
export function slotSpacingMs(ratePerSecond: number): number {
  return (1000 + SLOT_MARGIN_MS + 1) / ratePerSecond;
}

/**
 * Reserves `count` consecutive slots, the first `leadMs` from `now` (SLOT_LEAD_MS for mail handed to the
 * queue's sender) or after the last one taken; their times.
 */
export async function reserveSendSlots(
  db: Firestore,
  count: number,
  ratePerSecond: number,
  now = Date.now(),
  leadMs = SLOT_LEAD_MS,
): Promise<number[]> {
  if (count === 0) return [];
  const spacing = slotSpacingMs(ratePerSecond);
  const start = await db.runTransaction(async (transaction) => {
    const next = Number((await transaction.get(slotsRef(db))).get('next') ?? 0);
    const first = Math.max(now + leadMs, next);
    transaction.set(slotsRef(db), { next: first + count * spacing });
    return first;
  });
  return Array.from({ length: count }, (_, index) => Math.ceil(start + index * spacing));
}
