// What the invited person does with their invitation (invitations/{sha256 of the code}, bound to one
// address): read it for the page, redeem it once (the signup becomes joined and a one-time token for the
// product is minted, only its hash stored), decline it (keep the place, or leave the waitlist), and what
// the product's backend does with the token (verify, which consumes it). Each change is one transaction
// with the signup's invite fields and an invite_history entry, so a double submit changes nothing twice.
import { COLLECTIONS } from '@silk/schema/constants';
import type { InviteStatus } from '@silk/schema/invites';
import {
  INVITE_ALREADY_USED,
  INVITE_DECLINED,
  INVITE_EXPIRED,
  INVITE_TOKEN_UNKNOWN,
  INVITE_UNKNOWN,
} from '@silk/schema/messages';
import { FieldValue, Timestamp, type DocumentReference, type DocumentSnapshot, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { createHash, randomBytes } from 'node:crypto';
import { HttpError } from '../http/http';
import { signupRef, subscriberRef } from '../mail/subscribers';
import { signupChange } from '../shared/signup-change';

/** Who the history names for the invitee's own changes. */
export const INVITEE_ACTOR = 'invitee (invitation link)';

/** Where an invitation stands for its visitor (the page shows one message and the forms that fit). */
export type InvitationView =
  | { kind: 'unknown' }
  | { kind: 'open' }
  | { kind: 'redeemed' }
  /** kept: the person chose (or, for an expired one, asked) to stay on the waitlist. */
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

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export function invitationRef(db: Firestore, code: string): DocumentReference {
  return db.collection(COLLECTIONS.invitations).doc(sha256(code));
}

const millis = (value: unknown): number | null =>
  typeof value === 'number' ? value : value instanceof Timestamp ? value.toMillis() : null;

interface Read {
  invitation: DocumentSnapshot;
  signup: DocumentSnapshot | null;
  view: InvitationView;
}

function viewOf(invitation: DocumentSnapshot, signup: DocumentSnapshot | null, now: number): InvitationView {
  if (!invitation.exists || !signup?.exists) return { kind: 'unknown' };
  const kept = signup.get('inviteStatus') === ('waiting' satisfies InviteStatus);
  switch (invitation.get('state') as unknown) {
    case 'redeemed':
      return { kind: 'redeemed' };
    case 'declined':
      return { kind: 'declined', kept };
    case 'expired':
      return { kind: 'expired', kept };
    case 'sent': {
      const expiresAt = millis(invitation.get('expiresAt'));
      return expiresAt !== null && now < expiresAt ? { kind: 'open' } : { kind: 'expired', kept };
    }
    default:
      return { kind: 'unknown' };
  }
}

async function readIn(transaction: Transaction, db: Firestore, code: string, now: number): Promise<Read> {
  const invitation = await transaction.get(invitationRef(db, code));
  const email = invitation.get('email') as unknown;
  const signup = typeof email === 'string' && email !== '' ? await transaction.get(signupRef(db, email)) : null;
  return { invitation, signup, view: viewOf(invitation, signup, now) };
}

export async function viewInvitation(db: Firestore, code: string, now = Date.now()): Promise<InvitationView> {
  return db.runTransaction((transaction) => readIn(transaction, db, code, now).then((read) => read.view), { readOnly: true });
}

function refuse(view: InvitationView, code: string): never {
  switch (view.kind) {
    case 'redeemed':
      throw new InvitationRefusal(409, INVITE_ALREADY_USED, code);
    case 'declined':
      throw new InvitationRefusal(409, INVITE_DECLINED, code);
    case 'expired':
      throw new InvitationRefusal(410, INVITE_EXPIRED, code);
    default:
      throw new InvitationRefusal(404, INVITE_UNKNOWN, code);
  }
}

function recordHistory(
  transaction: Transaction,
  db: Firestore,
  email: string,
  status: InviteStatus,
  at: number,
  waveId: unknown,
): void {
  transaction.create(db.collection(COLLECTIONS.inviteHistory).doc(), {
    email,
    status,
    at,
    by: INVITEE_ACTOR,
    ...(typeof waveId === 'string' ? { waveId } : {}),
  });
}

/** Redeems an open invitation: its signup joined (once), and the product's one-time token (returned, hash stored). */
export async function redeemInvitation(db: Firestore, code: string, now = Date.now()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.runTransaction(async (transaction) => {
    const { invitation, signup, view } = await readIn(transaction, db, code, now);
    if (view.kind !== 'open' || !signup) refuse(view, code);
    transaction.update(invitation.ref, { state: 'redeemed', redeemedAt: now, tokenHash: sha256(token) });
    transaction.update(signup.ref, signupChange({ inviteStatus: 'joined' satisfies InviteStatus, joinedAt: now }));
    recordHistory(transaction, db, signup.id, 'joined', now, invitation.get('waveId'));
  });
  return token;
}

/**
 * "Not now": keep puts the signup back in line as waiting, in the same place (a later wave may invite it
 * again); leave declines for good and unsubscribes the address (never invited, no more mail). An expired
 * invitation can be answered too (its page offers to stay); a repeated answer changes nothing.
 */
export async function declineInvitation(
  db: Firestore,
  code: string,
  choice: 'keep' | 'leave',
  now = Date.now(),
): Promise<void> {
  await db.runTransaction(async (transaction) => {
    const { invitation, signup, view } = await readIn(transaction, db, code, now);
    if ((view.kind !== 'open' && view.kind !== 'expired') || !signup) {
      if (view.kind === 'declined') return;
      refuse(view, code);
    }
    const email = signup.id;
    const subscriber = choice === 'leave' ? await transaction.get(subscriberRef(db, email)) : null;
    const waveId = invitation.get('waveId');
    if (view.kind === 'open') {
      transaction.update(invitation.ref, { state: 'declined' });
      recordHistory(transaction, db, email, 'declined', now, waveId);
    }
    if (choice === 'keep') {
      if (view.kind === 'expired' && view.kept) return;
      transaction.update(signup.ref, signupChange({ inviteStatus: 'waiting' satisfies InviteStatus }));
      recordHistory(transaction, db, email, 'waiting', now, waveId);
      return;
    }
    if (view.kind === 'expired') recordHistory(transaction, db, email, 'declined', now, waveId);
    transaction.update(signup.ref, signupChange({ inviteStatus: 'declined' satisfies InviteStatus }));
    if (subscriber?.exists && subscriber.get('unsubscribedAt') === undefined) {
      transaction.update(subscriber.ref, { unsubscribedAt: FieldValue.serverTimestamp() });
    }
  });
}

/** The product's check of a one-time token: the invited address, and whether it was checked before (it is consumed now). */
export async function verifyInvitationToken(
  db: Firestore,
  token: string,
  now = Date.now(),
): Promise<{ email: string; alreadyConsumed: boolean }> {
  const found = await db.collection(COLLECTIONS.invitations).where('tokenHash', '==', sha256(token)).limit(1).get();
  const ref = found.docs[0]?.ref;
  if (!ref) throw new HttpError(404, INVITE_TOKEN_UNKNOWN);
  return db.runTransaction(async (transaction) => {
    const invitation = await transaction.get(ref);
    const email = invitation.get('email') as unknown;
    if (typeof email !== 'string' || invitation.get('tokenHash') !== sha256(token)) {
      throw new HttpError(404, INVITE_TOKEN_UNKNOWN);
    }
    const alreadyConsumed = invitation.get('tokenConsumedAt') !== undefined;
    if (!alreadyConsumed) transaction.update(ref, { tokenConsumedAt: now });
    return { email, alreadyConsumed };
  });
}
