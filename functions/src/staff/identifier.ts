// "Username or Email" as the sign-in card takes it: a username (no '@') is resolved server-side, so the
// e-mail behind it never reaches an unauthenticated client.
import { COLLECTIONS } from '@silk/schema/constants';
import { USERNAME_NOT_FOUND } from '@silk/schema/messages';
import { isUsernameIdentifier, normalizeEmail, usernameKey } from '@silk/schema/validators';
import type { Firestore } from 'firebase-admin/firestore';
import { HttpError } from '../http/http';

/**
 * The address `identifier` names; an unknown username is refused (404) once `noteUnknown` has recorded it
 * (the security log of the call).
 */
export async function emailForIdentifier(
  db: Firestore,
  identifier: string,
  noteUnknown: () => Promise<void>,
): Promise<string> {
  if (!isUsernameIdentifier(identifier)) return normalizeEmail(identifier);
  const mapping = await db.collection(COLLECTIONS.usernameMappings).doc(usernameKey(identifier)).get();
  const email = mapping.get('email') as unknown;
  if (typeof email === 'string' && email) return email;
  await noteUnknown();
  throw new HttpError(404, USERNAME_NOT_FOUND);
}
