// Who a broadcast reaches: confirmed subscribers on the mailing list (a subscriber entry, confirmed, not
// unsubscribed; an erased address has none) whose mailbox is not on the suppression list — everyone such,
// or those of the signups table's filtered view (parsed and matched as the filtered export does). One
// address per mailbox (mailboxKey): two spellings of one inbox get one mail.
import { COLLECTIONS } from '@silk/schema/constants';
import type { BroadcastSegment } from '@silk/schema/broadcasts';
import { mailboxKey } from '@silk/schema/mailbox';
import { SIGNUP_VIEW_FIELDS } from '@silk/schema/signup-fields';
import { parseSignupView, signupMatcher } from '@silk/schema/signup-view';
import type { DocumentData, Firestore, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { suppressionRef } from '../suppression/suppression-list';

const PAGE = 500;

export interface Recipient {
  subscriber: DocumentData | undefined;
  suppressed: boolean;
}

/** May a broadcast go to this person now? */
export function isReachable({ subscriber, suppressed }: Recipient): boolean {
  if (!subscriber || suppressed) return false;
  return (
    subscriber.confirmedAt !== undefined &&
    subscriber.unsubscribedAt === undefined &&
    typeof subscriber.subscriberId === 'string'
  );
}

/** The subscriber entries and suppression entries of `emails`, read together. */
export async function readRecipients(db: Firestore, emails: readonly string[]): Promise<Recipient[]> {
  if (emails.length === 0) return [];
  const refs = emails.flatMap((email) => [
    db.collection(COLLECTIONS.subscribers).doc(email),
    suppressionRef(db, email),
  ]);
  const snapshots = await db.getAll(...refs);
  return emails.map((_, index) => ({
    subscriber: snapshots[2 * index]?.data(),
    suppressed: snapshots[2 * index + 1]?.exists === true,
  }));
}

/** The addresses a segment names, before the mailing-list checks. */
async function segmentAddresses(db: Firestore, segment: BroadcastSegment): Promise<string[]> {
  if (segment.kind === 'confirmed') {
    const emails: string[] = [];
    const stream = db
      .collection(COLLECTIONS.subscribers)
      .where('confirmedAt', '!=', null)
      .select('confirmedAt')
      .stream() as AsyncIterable<QueryDocumentSnapshot>;
    for await (const doc of stream) emails.push(doc.id);
    return emails;
  }
  const matches = signupMatcher(parseSignupView(new URLSearchParams(segment.query)));
  const emails: string[] = [];
  const stream = db
    .collection(COLLECTIONS.waitlistSignups)
    .select(...SIGNUP_VIEW_FIELDS)
    .stream() as AsyncIterable<QueryDocumentSnapshot>;
  for await (const doc of stream) if (matches({ ...doc.data(), email: doc.id })) emails.push(doc.id);
  return emails;
}

/** Everyone the segment reaches now, one address per mailbox. */
export async function selectAudience(db: Firestore, segment: BroadcastSegment): Promise<string[]> {
  const named = await segmentAddresses(db, segment);
  const chosen: string[] = [];
  const mailboxes = new Set<string>();
  for (let start = 0; start < named.length; start += PAGE) {
    const emails = named.slice(start, start + PAGE);
    const recipients = await readRecipients(db, emails);
    for (const [index, email] of emails.entries()) {
      const mailbox = mailboxKey(email);
      if (recipients[index] && isReachable(recipients[index]) && !mailboxes.has(mailbox)) {
        mailboxes.add(mailbox);
        chosen.push(email);
      }
    }
  }
  return chosen;
}
