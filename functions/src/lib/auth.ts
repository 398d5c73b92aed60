// Who is calling: the Firebase ID token (verified with the revocation check) and the caller's roles,
// read server-side from staff/{email}. Nothing in the body is trusted.
import { COLLECTIONS } from '@silk/schema/constants';
import { AUTH_REQUIRED, ID_TOKEN_MISSING } from '@silk/schema/messages';
import { normalizeEmail } from '@silk/schema/validators';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { HttpError, type HttpRequest, type JsonBody } from './http';

export interface Caller {
  uid: string;
  email: string;
  /** null when the caller has no staff document (not staff). */
  roles: string[] | null;
}

/** The ID token from `Authorization: Bearer …`, else from the body's `token` (SPEC §7 sends both). */
export function idTokenFrom(req: HttpRequest, body: JsonBody): string {
  const authorization = req.headers.authorization;
  const match = typeof authorization === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(authorization) : null;
  if (match) return match[1]!;
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
  if (!email) return { uid: decoded.uid, email: '', roles: null };
  // Only a verified address is matched to staff/{email}: someone who registered a removed member's
  // address on their own would otherwise inherit that member's roles.
  if (decoded.email_verified !== true) return { uid: decoded.uid, email, roles: null };
  const staff = await db.collection(COLLECTIONS.staff).doc(email).get();
  if (!staff.exists) return { uid: decoded.uid, email, roles: null };
  const roles = staff.get('roles') as unknown;
  return {
    uid: decoded.uid,
    email,
    roles: Array.isArray(roles) ? roles.filter((role): role is string => typeof role === 'string') : [],
  };
}
