// Who is calling: the Firebase ID token (verified with the revocation check) and the caller's roles,
// read server-side from staff/{email}, which must name this account. Nothing in the body is trusted.
import { COLLECTIONS } from '@silk/schema/constants';
import {
  AUTH_REQUIRED,
  ID_TOKEN_MISSING,
  PASSWORD_CHANGE_REQUIRED,
  STAFF_REQUIRED,
  TEAM_ADMIN_REQUIRED,
} from '@silk/schema/messages';
import { canManageTeam, type Role } from '@silk/schema/roles';
import { grantsAccess, parseStaffRecord } from '@silk/schema/staff-record';
import { normalizeEmail } from '@silk/schema/validators';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { HttpError, type HttpRequest, type JsonBody } from './http';

export interface Caller {
  uid: string;
  email: string;
  /** null when the caller is not staff (no record, another account's record, disabled or unverified). */
  roles: Role[] | null;
  /** The member is still on a one-time password and may only set a new one. */
  mustChangePassword: boolean;
  /** When the account last signed in with its credentials (the ID token's auth_time, seconds). */
  authTime?: number;
}

/** The ID token from `Authorization: Bearer …`, else from the body's `token` (PRODUCT.md#api sends both). */
export function idTokenFrom(req: HttpRequest, body: JsonBody): string {
  const authorization = req.headers.authorization;
  const match = typeof authorization === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(authorization) : null;
  if (match?.[1]) return match[1];
  return typeof body.token === 'string' ? body.token.trim() : '';
}

export async function verifyCaller(auth: Auth, db: Firestore, token: string): Promise<Caller> {
  if (!token) throw new HttpError(401, ID_TOKEN_MISSING);
  let decoded;
  try {
    decoded = await auth.verifyIdToken(token, true);
  } catch {
    throw new HttpError(401, AUTH_REQUIRED);
  }
  const email = decoded.email ? normalizeEmail(decoded.email) : '';
  const authTime = typeof decoded.auth_time === 'number' ? decoded.auth_time : undefined;
  const notStaff: Caller = { uid: decoded.uid, email, roles: null, mustChangePassword: false, authTime };
  // The same definition as firestore.rules: a verified e-mail whose record names this very account and
  // is not disabled. Whoever registers a removed member's address again gets a new uid and nothing else.
  if (!email || decoded.email_verified !== true) return notStaff;
  const staff = await db.collection(COLLECTIONS.staff).doc(email).get();
  if (!staff.exists) return notStaff;
  const record = parseStaffRecord(staff.data());
  if (!grantsAccess(record, decoded.uid)) return notStaff;
  return {
    uid: decoded.uid,
    email,
    roles: record.roles,
    mustChangePassword: record.mustChangePassword,
    authTime,
  };
}

/** Staff who have set their own password: everything but the password change needs this. */
export function requireReadyStaff(
  caller: Caller,
  notStaffMessage: string = STAFF_REQUIRED,
): { email: string; uid: string; roles: Role[] } {
  if (caller.roles === null) throw new HttpError(403, notStaffMessage);
  if (caller.mustChangePassword) throw new HttpError(403, PASSWORD_CHANGE_REQUIRED);
  return { email: caller.email, uid: caller.uid, roles: caller.roles };
}

/** A ready staff member holding the Admin role. */
export function requireReadyAdmin(
  caller: Caller,
  notAdminMessage: string = TEAM_ADMIN_REQUIRED,
): { email: string; uid: string; roles: Role[] } {
  const staff = requireReadyStaff(caller, notAdminMessage);
  if (!canManageTeam(staff.roles)) throw new HttpError(403, notAdminMessage);
  return staff;
}
