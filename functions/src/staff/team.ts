// The team as the staff lifecycle functions see it: staff records read server-side, the Auth account
// each belongs to, and the rule that the team always keeps one enabled Admin.
import { COLLECTIONS } from '@silk/schema/constants';
import { canManageTeam, type Role } from '@silk/schema/roles';
import { parseStaffRecord, type StaffRecord } from '@silk/schema/staff-record';
import type { Auth } from 'firebase-admin/auth';
import type { DocumentSnapshot, Transaction } from 'firebase-admin/firestore';
import { MEMBER_NOT_FOUND } from '@silk/schema/messages';
import type { AdminServices } from '../shared/admin';
import { HttpError } from '../http/http';

/** A member's staff record and the e-mail it is stored under. */
export interface MemberRecord extends StaffRecord {
  email: string;
}

export function memberFrom(snapshot: DocumentSnapshot): MemberRecord {
  return { email: snapshot.id, ...parseStaffRecord(snapshot.data()) };
}

/** Enabled members holding Admin, after `change` is applied to the member it names. */
export function enabledAdminsAfter(
  members: readonly MemberRecord[],
  change: { email: string; roles?: Role[]; disabled?: boolean; removed?: boolean },
): number {
  return members.filter((member) => {
    if (member.email !== change.email) return !member.disabled && canManageTeam(member.roles);
    if (change.removed) return false;
    return !(change.disabled ?? member.disabled) && canManageTeam(change.roles ?? member.roles);
  }).length;
}

/** The Auth account of a member: the uid on the record, or (older records) the account of the e-mail. */
export async function memberAccount(auth: Auth, member: MemberRecord): Promise<string | null> {
  if (member.uid) return member.uid;
  try {
    return (await auth.getUserByEmail(member.email)).uid;
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found') return null;
    throw error;
  }
}

export function findMember(members: readonly MemberRecord[], email: string): MemberRecord {
  const member = members.find((candidate) => candidate.email === email);
  if (!member) throw new HttpError(404, MEMBER_NOT_FOUND);
  return member;
}

/** Every member, read in the transaction (the team is small): concurrent changes are serialised. */
export async function teamIn(services: AdminServices, transaction: Transaction): Promise<MemberRecord[]> {
  return (await transaction.get(services.db.collection(COLLECTIONS.staff))).docs.map(memberFrom);
}

/**
 * Applies a status change to the member's Auth account. Disabling also revokes their sessions: the next
 * token refresh fails and every function refuses the current token. Roles need no revocation: rules and
 * functions read them from the record on every request.
 */
export async function applyAccountStatus(services: AdminServices, member: MemberRecord, disabled: boolean): Promise<void> {
  const uid = await memberAccount(services.auth, member);
  if (!uid) return;
  await services.auth.updateUser(uid, { disabled });
  if (disabled) await services.auth.revokeRefreshTokens(uid);
}
