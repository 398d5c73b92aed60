// Confirmation e-mails wait in mail_waiting/{id} (the queue document as it will be, plus `waitingSince`)
// until the global hourly ceiling (config.ts, Ceilings.confirmationMails) lets them into the mail queue:
// a release moves one into mail/{same id} and counts it, in one transaction, so the queue receives at most
// the ceiling in any window and no confirmation is ever dropped. A signup releases its own at once when
// the window has room; the redrive's schedule (redrive-mail.ts) releases the rest, oldest first, in later
// windows. Browsers can neither read nor write it (rules: no match).
import { COLLECTIONS } from '@silk/schema/constants';
import { FieldValue, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import type { Ceilings } from '../shared/config';
import { takeCeilingUnit, type Ceiling } from '../shared/ceiling';
import type { QueuedMail } from './mail-queue';

/** Waiting mail looked at per scheduled run. */
const BATCH = 200;

export function confirmationCeiling(ceilings: Ceilings): Ceiling {
  return { scope: 'confirmation-mails', limit: ceilings.confirmationMails, windowMs: ceilings.windowMs };
}

/** A new waiting document (its id chosen now, so a transaction can create it with other writes). */
export function newWaitingMailRef(db: Firestore): DocumentReference {
  return db.collection(COLLECTIONS.mailWaiting).doc();
}

export function waitingMail(mail: QueuedMail): QueuedMail & { waitingSince: FieldValue } {
  return { ...mail, waitingSince: FieldValue.serverTimestamp() };
}

/** Moves one waiting mail into the queue if the window has room: released, still waiting, or gone (released or erased meanwhile). */
export async function releaseWaitingMail(
  db: Firestore,
  ref: DocumentReference,
  ceilings: Ceilings,
  now?: () => number,
): Promise<'released' | 'waiting' | 'gone'> {
  const outcome = await takeCeilingUnit(
    db,
    confirmationCeiling(ceilings),
    async (transaction) => {
      const waiting = await transaction.get(ref);
      const data = waiting.data();
      if (!data) return false;
      const { waitingSince: _since, ...mail } = data;
      transaction.create(db.collection(COLLECTIONS.mail).doc(ref.id), mail);
      transaction.delete(ref);
      return true;
    },
    { now },
  );
  return outcome === 'taken' ? 'released' : outcome === 'full' ? 'waiting' : 'gone';
}

/** Releases waiting mail, oldest first, until the window is full; returns how many. */
export async function releaseWaitingMails(
  db: Firestore,
  ceilings: Ceilings,
  now?: () => number,
): Promise<number> {
  const oldest = await db.collection(COLLECTIONS.mailWaiting).orderBy('waitingSince').limit(BATCH).get();
  let released = 0;
  for (const doc of oldest.docs) {
    const outcome = await releaseWaitingMail(db, doc.ref, ceilings, now);
    if (outcome === 'waiting') break;
    if (outcome === 'released') released += 1;
  }
  return released;
}
