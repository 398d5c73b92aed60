// The invitation records: invitations/{sha256 of the code} {email, waveId, createdAt, expiresAt, state,
// redeemedAt?, tokenHash?, tokenConsumedAt?}. A code is shown once (in its e-mail) and never stored, so
// the database alone cannot produce a working link; the product's one-time token is stored the same way.
// Each change of a signup's invite status goes with an invite_history entry, in the same write.
import { COLLECTIONS } from '@silk/schema/constants';
import {
  DEFAULT_INVITE_EXPIRY_DAYS,
  DEFAULT_INVITE_TOKEN_HOURS,
  parseInviteCode,
  type InviteHistoryEntry,
} from '@silk/schema/invites';

export type { InviteHistoryEntry };
import type { DocumentReference, Firestore, WriteBatch } from 'firebase-admin/firestore';
import { createHash, randomBytes } from 'node:crypto';
import { eventSink } from '../events/emit';
import { positiveNumber } from '../shared/config';
import { signupChange } from '../shared/signup-change';

export type InvitationState = 'sent' | 'redeemed' | 'declined' | 'expired';

export interface Invitation {
  email: string;
  waveId: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
  expiresAt: number;
  state: InvitationState;
  redeemedAt?: number;
  /** sha256 of the one-time token handed to the product at redemption. */
  tokenHash?: string;
  tokenConsumedAt?: number;
}

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** How long a new invitation works (INVITE_EXPIRY_DAYS, default 14 days). */
export function inviteExpiryMs(env: NodeJS.ProcessEnv = process.env): number {
  return positiveNumber(env, 'INVITE_EXPIRY_DAYS', DEFAULT_INVITE_EXPIRY_DAYS) * DAY_MS;
}

/** How long the product's one-time token works after its redemption (INVITE_TOKEN_HOURS, default 24). */
export function inviteTokenLifetimeMs(env: NodeJS.ProcessEnv = process.env): number {
  return positiveNumber(env, 'INVITE_TOKEN_HOURS', DEFAULT_INVITE_TOKEN_HOURS) * HOUR_MS;
}

/** A new code: 192 random bits as 32 base64url characters (INVITE_CODE_PATTERN). */
export function newInviteCode(): string {
  return randomBytes(24).toString('base64url');
}

/** A new one-time token for the product (same shape as a code). */
export const newInviteToken = newInviteCode;

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function invitationRef(db: Firestore, code: string): DocumentReference {
  return db.collection(COLLECTIONS.invitations).doc(sha256(code));
}

export function historyRef(db: Firestore): DocumentReference {
  return db.collection(COLLECTIONS.inviteHistory).doc();
}

function signupDoc(db: Firestore, email: string): DocumentReference {
  return db.collection(COLLECTIONS.waitlistSignups).doc(email);
}

/** The invitation's record for a new code (the caller writes it, with `create`, in its batch). */
export function newInvitation(
  email: string,
  waveId: string,
  now: number,
  expiryMs = inviteExpiryMs(),
): Invitation {
  return { email, waveId, createdAt: now, expiresAt: now + expiryMs, state: 'sent' };
}

/**
 * Adds to `writes` the invitation of `email` under `code`, the signup turning invited and its history
 * entry. `create` makes a second write of the same code fail rather than replace it.
 */
export function writeInvitation(
  writes: WriteBatch,
  db: Firestore,
  code: string,
  invitation: Invitation,
  by: string,
): void {
  const { email, waveId, createdAt } = invitation;
  writes.create(invitationRef(db, code), invitation);
  writes.update(
    signupDoc(db, email),
    signupChange({ inviteStatus: 'invited', inviteWave: waveId, invitedAt: createdAt }),
  );
  const entry: InviteHistoryEntry = { email, status: 'invited', at: createdAt, by, waveId };
  writes.create(historyRef(db), entry);
}

export type InvitationLookup =
  | { kind: 'unknown' }
  | { kind: 'valid' | 'expired' | 'redeemed' | 'declined'; ref: DocumentReference; invitation: Invitation };

function classify(ref: DocumentReference, data: unknown, now: number): InvitationLookup {
  const invitation = data as Invitation | undefined;
  if (!invitation || typeof invitation.email !== 'string') return { kind: 'unknown' };
  if (invitation.state === 'redeemed' || invitation.state === 'declined')
    return { kind: invitation.state, ref, invitation };
  if (invitation.state === 'expired' || invitation.expiresAt <= now)
    return { kind: 'expired', ref, invitation };
  return { kind: 'valid', ref, invitation };
}

/** What a code (as typed or tampered with) stands for; a malformed code is unknown. */
export async function readInvitation(
  db: Firestore,
  rawCode: unknown,
  now = Date.now(),
): Promise<InvitationLookup> {
  const code = parseInviteCode(rawCode);
  if (code === null) return { kind: 'unknown' };
  const ref = invitationRef(db, code);
  return classify(ref, (await ref.get()).data(), now);
}

/**
 * The invitee's signup, read without the transaction's lock: the signup trigger's stamp also reads the
 * signup and then writes it, and two transactions that both read a document before writing it wait on each
 * other's lock until one times out ("Transaction is invalid or closed" in the emulator). Only the update
 * needs the transaction, and it fails, writing nothing, if the signup was deleted meanwhile.
 */
function signupOutsideTransaction(db: Firestore, email: string) {
  return signupDoc(db, email).get();
}

export type RedeemOutcome =
  | { kind: 'redeemed'; email: string; token: string }
  | { kind: 'unknown' | 'expired' | 'redeemed-before' | 'declined' };

/**
 * Redeems a valid invitation once, in one transaction: the invitation becomes redeemed with the hash of a
 * new one-time token, the signup joined (joinedAt) with its history entry. The token is returned only
 * here; any later call answers 'redeemed-before'.
 */
export async function redeemInvitation(
  db: Firestore,
  rawCode: unknown,
  now = Date.now(),
): Promise<RedeemOutcome> {
  const code = parseInviteCode(rawCode);
  if (code === null) return { kind: 'unknown' };
  const ref = invitationRef(db, code);
  const emit = await eventSink(db, 'invitation.redeemed');
  return db.runTransaction(async (transaction): Promise<RedeemOutcome> => {
    const found = classify(ref, (await transaction.get(ref)).data(), now);
    if (found.kind === 'unknown' || found.kind === 'expired' || found.kind === 'declined')
      return { kind: found.kind };
    if (found.kind === 'redeemed') return { kind: 'redeemed-before' };
    const { email, waveId } = found.invitation;
    const signup = await signupOutsideTransaction(db, email);
    const token = newInviteToken();
    transaction.update(ref, { state: 'redeemed', redeemedAt: now, tokenHash: sha256(token) });
    if (signup.exists)
      transaction.update(signup.ref, signupChange({ inviteStatus: 'joined', joinedAt: now }));
    const entry: InviteHistoryEntry = { email, status: 'joined', at: now, by: 'invitee', waveId };
    transaction.create(historyRef(db), entry);
    emit(transaction, {
      key: ref.id,
      at: now,
      subjects: [email],
      data: { email, waveId: waveId ?? null, joinedAt: new Date(now).toISOString() },
    });
    return { kind: 'redeemed', email, token };
  });
}

/**
 * "Not now": a valid invitation becomes declined and so does the signup (the caller removes the signup
 * when the invitee chose to leave). Returns the invitation's address, or why nothing changed.
 */
export async function declineInvitation(
  db: Firestore,
  rawCode: unknown,
  now = Date.now(),
): Promise<
  { kind: 'declined'; email: string } | { kind: 'unknown' | 'expired' | 'redeemed' | 'declined-before' }
> {
  const code = parseInviteCode(rawCode);
  if (code === null) return { kind: 'unknown' };
  const ref = invitationRef(db, code);
  return db.runTransaction(async (transaction) => {
    const found = classify(ref, (await transaction.get(ref)).data(), now);
    if (found.kind === 'declined') return { kind: 'declined-before' as const };
    if (found.kind !== 'valid') return { kind: found.kind };
    const { email, waveId } = found.invitation;
    const signup = await signupOutsideTransaction(db, email);
    transaction.update(ref, { state: 'declined' });
    if (signup.exists) transaction.update(signup.ref, signupChange({ inviteStatus: 'declined' }));
    const entry: InviteHistoryEntry = { email, status: 'declined', at: now, by: 'invitee', waveId };
    transaction.create(historyRef(db), entry);
    return { kind: 'declined' as const, email };
  });
}

export type TokenCheck = { kind: 'verified'; email: string } | { kind: 'unknown' | 'used' | 'expired' };

/**
 * The product's check of a one-time token: the first check within the token's lifetime (counted from
 * the redemption) answers the invited address and consumes the token, in one transaction; any later
 * check is 'used', a check after the lifetime 'expired'.
 */
export async function consumeInviteToken(
  db: Firestore,
  token: string,
  now = Date.now(),
  lifetimeMs = inviteTokenLifetimeMs(),
): Promise<TokenCheck> {
  const found = await db
    .collection(COLLECTIONS.invitations)
    .where('tokenHash', '==', sha256(token))
    .limit(1)
    .get();
  const doc = found.docs[0];
  if (!doc) return { kind: 'unknown' };
  return db.runTransaction(async (transaction): Promise<TokenCheck> => {
    const invitation = (await transaction.get(doc.ref)).data() as Invitation | undefined;
    if (!invitation || invitation.tokenHash !== sha256(token)) return { kind: 'unknown' };
    if (invitation.tokenConsumedAt !== undefined) return { kind: 'used' };
    if (now >= (invitation.redeemedAt ?? 0) + lifetimeMs) return { kind: 'expired' };
    transaction.update(doc.ref, { tokenConsumedAt: now });
    return { kind: 'verified', email: invitation.email };
  });
}
