// The team as the staff lifecycle functions see it: staff records read server-side, the Auth account
// each belongs to, and the rule that the team always keeps one Admin who can act (enabled, bound to its
// enabled account, past the one-time password).
import { COLLECTIONS } from '@silk/schema/constants';
import { canManageTeam, type Role } from '@silk/schema/roles';
import {
  canActAsAdmin,
  parseStaffRecord,
  type MemberAccount,
  type StaffRecord,
} from '@silk/schema/staff-record';
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

/** A change the Team Manager makes to one member. */
export interface MemberChange {
  email: string;
  roles?: Role[];
  disabled?: boolean;
  removed?: boolean;
}

/** The team as it would be after `change`. */
export function teamAfter(members: readonly MemberRecord[], change: MemberChange): MemberRecord[] {
  return members.flatMap((member) => {
    if (member.email !== change.email) return [member];
    if (change.removed) return [];
    return [{ ...member, roles: change.roles ?? member.roles, disabled: change.disabled ?? member.disabled }];
  });
}

/** The Auth accounts of the given uids (those that exist), read in batches of 100. */
export async function accountsOf(auth: Auth, uids: readonly string[]): Promise<Map<string, MemberAccount>> {
  const accounts = new Map<string, MemberAccount>();
  const unique = [...new Set(uids)];
  for (let start = 0; start < unique.length; start += 100) {
    const { users } = await auth.getUsers(unique.slice(start, start + 100).map((uid) => ({ uid })));
    for (const user of users) accounts.set(user.uid, user);
  }
  return accounts;
}

/**
 * The Admins who could still act after `change` (canActAsAdmin: enabled, bound to an existing enabled
 * account, not on a one-time password). Records that grant nothing do not keep the team manageable.
 */
export async function usableAdminsAfter(
  auth: Auth,
  members: readonly MemberRecord[],
  change: MemberChange,
): Promise<number> {
  const candidates = teamAfter(members, change).filter(
    (member) =>
      member.uid !== null && !member.disabled && !member.mustChangePassword && canManageTeam(member.roles),
  );
  const accounts = await accountsOf(
    auth,
    candidates.map((member) => member.uid ?? ''),
  );
  return candidates.filter((member) => canActAsAdmin(member.email, member, accounts.get(member.uid ?? '')))
    .length;
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
export async function applyAccountStatus(
  services: AdminServices,
  member: MemberRecord,
  disabled: boolean,
): Promise<void> {
  const uid = await memberAccount(services.auth, member);
  if (!uid) return;
  await services.auth.updateUser(uid, { disabled });
  if (disabled) await services.auth.revokeRefreshTokens(uid);
}
