// staff/{email}: the one reading and the one writing of a member's record, shared by the functions,
// the admin panel, the bootstrap script and the test stack. Pure (no Firebase): the caller hands the
// document's data and, to write, the timestamp value to store.
//
// Reading is tolerant, as records may be old or made by hand: a field of the wrong type reads as
// missing (uid null, username '', createdBy '', createdAt null), flags are on only when exactly `true`,
// and roles keep only the names of ROLES (anything else, of any type, grants nothing and is dropped).
import { canManageTeam, isRole, type Role } from './roles';

export interface StaffRecord {
  /** The Auth account the record belongs to; null on records written before accounts were bound. */
  uid: string | null;
  /** '' when missing. */
  username: string;
  roles: Role[];
  disabled: boolean;
  /** The member is still on a one-time password and may only set a new one. */
  mustChangePassword: boolean;
  /** Who added the member (an Admin's e-mail, or 'bootstrap'); '' when missing. */
  createdBy: string;
  createdAt: Date | null;
}

/** What the staff record's writers store for a new member. */
export interface NewStaffRecord {
  uid: string;
  username: string;
  roles: readonly Role[];
  mustChangePassword: boolean;
  createdBy: string;
}

/** The stored fields of a new record; `createdAt` is whatever the writer's SDK stores as the time. */
export interface StaffRecordData<Time> {
  uid: string;
  username: string;
  roles: Role[];
  mustChangePassword: boolean;
  createdAt: Time;
  createdBy: string;
}

/** createdBy of the members made by the bootstrap script and the test stack. */
export const BOOTSTRAP_CREATOR = 'bootstrap';

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** A stored time (a Firestore Timestamp of either SDK) as a Date; null for anything else. */
function time(value: unknown): Date | null {
  const toDate = (value as { toDate?: unknown } | null | undefined)?.toDate;
  return typeof toDate === 'function' ? (toDate.call(value) as Date) : null;
}

/** The roles of a stored list that are roles of ROLES, in stored order; none when it is not a list. */
export function storedRoles(value: unknown): Role[] {
  return Array.isArray(value) ? value.filter(isRole) : [];
}

/** Reads a stored staff document's data (any shape) as a record. */
export function parseStaffRecord(data: unknown): StaffRecord {
  const fields = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  return {
    uid: text(fields.uid),
    username: text(fields.username) ?? '',
    roles: storedRoles(fields.roles),
    disabled: fields.disabled === true,
    mustChangePassword: fields.mustChangePassword === true,
    createdBy: text(fields.createdBy) ?? '',
    createdAt: time(fields.createdAt),
  };
}

/**
 * Whether the record makes the account `uid` a member: it names that very account and is not disabled
 * (firestore.rules' isStaff says the same, with the verified e-mail the caller checks).
 */
export function grantsAccess(record: StaffRecord, uid: string): boolean {
  return record.uid === uid && !record.disabled;
}

/** The document to store for a new member, with `createdAt` given by the writer. */
export function staffRecordData<Time>(record: NewStaffRecord, createdAt: Time): StaffRecordData<Time> {
  return {
    uid: record.uid,
    username: record.username,
    roles: [...record.roles],
    mustChangePassword: record.mustChangePassword,
    createdAt,
    createdBy: record.createdBy,
  };
}

/** What the last-Admin rule reads of a member's Auth account (the Admin SDK's user record has these). */
export interface MemberAccount {
  uid: string;
  email?: string;
  disabled: boolean;
  emailVerified: boolean;
}

/**
 * Whether the member stored under `email` is an Admin who can act now: an enabled Admin record, bound to
 * an existing, enabled Auth account with that verified e-mail (so the account's tokens reach this record),
 * and not still on a one-time password. The team must always keep one (the last-Admin rule).
 */
export function canActAsAdmin(
  email: string,
  record: StaffRecord,
  account: MemberAccount | undefined,
): boolean {
  return (
    record.uid !== null &&
    !record.disabled &&
    !record.mustChangePassword &&
    canManageTeam(record.roles) &&
    account !== undefined &&
    account.uid === record.uid &&
    !account.disabled &&
    account.emailVerified &&
    account.email?.trim().toLowerCase() === email
  );
}
