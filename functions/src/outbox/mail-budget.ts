// The mail budget: the mails Silk sends to one mailbox (mailboxKey: every spelling of it — tags, Gmail
// dots, a provider's alias domains) per day on a stranger's request, confirmations and status links
// together. Counted in rate_limits under a keyed hash of the mailbox and the day (never the address, and
// not linkable from one day to the next), expiring with the day (TTL on `expiresAt`). The budget document
// is read with the other reads of the transaction that queues the mail and spent with its writes: a mail
// over budget is not queued, and nothing tells the caller.
import { COLLECTIONS } from '@silk/schema/constants';
import { mailboxKey } from '@silk/schema/mailbox';
import {
  Timestamp,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import { windowStart } from '../shared/ceiling';
import { keyedHash } from '../shared/keyed-hash';

export const MAIL_BUDGET_WINDOW_MS = 24 * 3600 * 1000;

/** The budget document of the mailbox `email` delivers to, for the day `now` falls in. */
export function mailBudgetRef(
  db: Firestore,
  secret: string,
  email: string,
  now = Date.now(),
): DocumentReference {
  const day = windowStart(MAIL_BUDGET_WINDOW_MS, now);
  return db
    .collection(COLLECTIONS.rateLimits)
    .doc(keyedHash(secret, 'mail-budget', `${mailboxKey(email)}\u0000${day}`));
}

/**
 * Spends one mail of the budget read as `budget` (a write of `transaction`, so call it after the
 * transaction's reads): true; or false when `perDay` mails went to the mailbox today (nothing written).
 */
export function spendMailBudget(
  transaction: Transaction,
  budget: DocumentSnapshot,
  perDay: number,
  now = Date.now(),
): boolean {
  const sent = Number(budget.get('count')) || 0;
  if (sent >= perDay) return false;
  transaction.set(budget.ref, {
    scope: 'mail-budget',
    count: sent + 1,
    expiresAt: Timestamp.fromMillis(windowStart(MAIL_BUDGET_WINDOW_MS, now) + MAIL_BUDGET_WINDOW_MS),
  });
  return true;
}
