// What the invited person does with their invitation, on top of the invitation store
// (invitation-store.ts): read it for the page, redeem it once, decline it (keep the place, or leave the
// waitlist), and the product's check of the one-time token. A refusal names the invitation's code, so a
// form can show that invitation's page.
import type { InviteStatus } from '@silk/schema/invites';
import {
  INVITE_ALREADY_USED,
  INVITE_DECLINED,
  INVITE_EXPIRED,
  INVITE_TOKEN_EXPIRED,
  INVITE_TOKEN_UNKNOWN,
  INVITE_TOKEN_USED,
  INVITE_UNKNOWN,
} from '@silk/schema/messages';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { eventSink } from '../events/emit';
import { unsubscribedEvent } from '../events/signup-events';
import { HttpError } from '../http/http';
import { signupRef, subscriberRef } from '../subscribers/subscribers';
import { signupChange } from '../shared/signup-change';
import {
  consumeInviteToken,
  historyRef,
  invitationRef,
  readInvitation,
  redeemInvitation,
  type Invitation,
  type InviteHistoryEntry,
} from './invitation-store';

/** Who the history names for the invitee's own changes (as the store does). */
export const INVITEE_ACTOR = 'invitee';

/** Where an invitation stands for its visitor (the page shows one message and the forms that fit). */
export type InvitationView =
  | { kind: 'unknown' }
  | { kind: 'open' }
  | { kind: 'redeemed' }
  /** kept: the person is back on the waitlist as waiting (they chose to stay). */
  | { kind: 'expired'; kept: boolean }
  | { kind: 'declined'; kept: boolean };

/** A refusal that belongs to one invitation: a form shows it on that invitation's page. */
export class InvitationRefusal extends HttpError {
  constructor(
    status: number,
    message: string,
    readonly code: string,
  ) {
    super(status, message);
  }
}

function refusal(kind: 'unknown' | 'expired' | 'redeemed' | 'declined', code: string): InvitationRefusal {
  switch (kind) {
    case 'redeemed':
      return new InvitationRefusal(409, INVITE_ALREADY_USED, code);
    case 'declined':
      return new InvitationRefusal(409, INVITE_DECLINED, code);
    case 'expired':
      return new InvitationRefusal(410, INVITE_EXPIRED, code);
    case 'unknown':
      return new InvitationRefusal(404, INVITE_UNKNOWN, code);
  }
}

/**
 * The page's view of a code. An invitation whose signup is gone (erased since) is unknown: the page
 * offers nothing for an address no longer on the list.
 */
export async function viewInvitation(db: Firestore, code: string, now = Date.now()): Promise<InvitationView> {
  const found = await readInvitation(db, code, now);
  if (found.kind === 'unknown') return { kind: 'unknown' };
  const signup = await signupRef(db, found.invitation.email).get();
  if (!signup.exists) return { kind: 'unknown' };
  const kept = signup.get('inviteStatus') === ('waiting' satisfies InviteStatus);
  switch (found.kind) {
    case 'valid':
      return { kind: 'open' };
    case 'redeemed':
      return { kind: 'redeemed' };
    case 'expired':
    case 'declined':
      return { kind: found.kind, kept };
  }
}

/** Redeems an open invitation once; returns the product's one-time token. */
export async function redeem(db: Firestore, code: string): Promise<string> {
  // The store redeems by the invitation alone: an invitation whose signup was erased is refused here.
  if ((await viewInvitation(db, code)).kind === 'unknown') throw refusal('unknown', code);
  const outcome = await redeemInvitation(db, code);
  if (outcome.kind === 'redeemed') return outcome.token;
  throw refusal(outcome.kind === 'redeemed-before' ? 'redeemed' : outcome.kind, code);
}

/**
 * "Not now". keep: the signup goes back in line as waiting, in the same place (the ranking is not
 * touched; a later wave may invite it again). leave: the signup is declined for good and the address
 * unsubscribed (never invited again, no more mail); the record stays for the funnel and the history.
 * An open invitation becomes declined; an expired one can be answered too (its page offers to stay). A
 * repeated answer changes nothing; a used or unknown invitation is refused. Answers the address that
 * left (to be suppressed as an unsubscribe), null otherwise.
 */
export async function decline(
  db: Firestore,
  code: string,
  choice: 'keep' | 'leave',
  now = Date.now(),
): Promise<string | null> {
  const ref = invitationRef(db, code);
  const emit = await eventSink(db, 'signup.unsubscribed');
  return db.runTransaction(async (transaction): Promise<string | null> => {
    const snapshot = await transaction.get(ref);
    const invitation = snapshot.data() as Invitation | undefined;
    if (!invitation || typeof invitation.email !== 'string') throw refusal('unknown', code);
    const { email, waveId } = invitation;
    // Subscriber before signup, the order of every transaction that holds both (server-stamps.ts): two
    // that lock them in opposite orders wait on each other until one fails.
    const [subscriber, signup] = await transaction.getAll(subscriberRef(db, email), signupRef(db, email));
    if (!subscriber || !signup) throw refusal('unknown', code);
    if (!signup.exists) throw refusal('unknown', code);
    if (invitation.state === 'redeemed') throw refusal('redeemed', code);
    const open = invitation.state === 'sent' && now < invitation.expiresAt;
    const status = signup.get('inviteStatus') as unknown;
    const history = (entryStatus: InviteStatus) =>
      transaction.create(historyRef(db), {
        email,
        status: entryStatus,
        at: now,
        by: INVITEE_ACTOR,
        waveId,
      } satisfies InviteHistoryEntry);
    if (open) {
      transaction.update(ref, { state: 'declined' });
      history('declined');
    } else if (invitation.state === 'declined' || status === 'waiting' || status === 'declined') {
      return null; // answered before
    }
    if (choice === 'keep') {
      transaction.update(signup.ref, signupChange({ inviteStatus: 'waiting' satisfies InviteStatus }));
      history('waiting');
      return null;
    }
    if (!open) history('declined');
    transaction.update(signup.ref, signupChange({ inviteStatus: 'declined' satisfies InviteStatus }));
    if (subscriber.exists && subscriber.get('unsubscribedAt') === undefined) {
      transaction.update(subscriber.ref, { unsubscribedAt: FieldValue.serverTimestamp() });
      emit(
        transaction,
        unsubscribedEvent(
          email,
          String(subscriber.get('subscriberId') ?? ''),
          subscriber.updateTime?.toMillis(),
        ),
      );
    }
    return email;
  });
}

/**
 * The product's check of a one-time token: the invited address, once (the check consumes the token);
 * 409 for a token checked before, 410 for one past its lifetime, 404 for an unknown token.
 */
export async function verifyToken(db: Firestore, token: string): Promise<{ email: string }> {
  const check = await consumeInviteToken(db, token);
  switch (check.kind) {
    case 'verified':
      return { email: check.email };
    case 'used':
      throw new HttpError(409, INVITE_TOKEN_USED);
    case 'expired':
      throw new HttpError(410, INVITE_TOKEN_EXPIRED);
    case 'unknown':
      throw new HttpError(404, INVITE_TOKEN_UNKNOWN);
  }
}
