// Staff sign-in, password reset, sign-out, auth state and ID token (SPEC §5, §7, §8).
import {
  AUTH_INVALID_EMAIL,
  AUTH_USER_DISABLED,
  AUTH_USER_NOT_FOUND,
  AUTH_WRONG_PASSWORD,
  PASSWORD_POLICY,
  RESET_IDENTIFIER_REQUIRED,
  SIGN_IN_FIELDS_REQUIRED,
  USER_NOT_AUTHENTICATED,
  USERNAME_NOT_FOUND,
} from '@silk/schema/messages';
import { isStrongPassword, isUsernameIdentifier, normalizeEmail } from '@silk/schema/validators';
import {
  onAuthStateChanged,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  updatePassword,
  type Unsubscribe,
  type User,
  type UserCredential,
} from 'firebase/auth';
import { getDoc, updateDoc } from 'firebase/firestore';
import type { AdminServices } from './admin-firebase';
import { staffRef, usernameMappingRef } from './refs';

/**
 * Auth error code → SPEC §8 message. The Auth emulator (and projects without e-mail enumeration
 * protection) answer `auth/user-not-found` and `auth/wrong-password`; projects with the protection on
 * (the default for new projects) answer `auth/invalid-credential` (`auth/invalid-login-credentials` in
 * older SDKs) for both, by design indistinguishable. Decision: that family reads 'Incorrect password.'
 * — a sign-in by username has already proven the account exists, and for an e-mail the protection
 * exists precisely so that the page does not reveal whether an account exists.
 */
const AUTH_MESSAGES: Record<string, string> = {
  'auth/user-not-found': AUTH_USER_NOT_FOUND,
  'auth/wrong-password': AUTH_WRONG_PASSWORD,
  'auth/invalid-credential': AUTH_WRONG_PASSWORD,
  'auth/invalid-login-credentials': AUTH_WRONG_PASSWORD,
  'auth/invalid-email': AUTH_INVALID_EMAIL,
  'auth/user-disabled': AUTH_USER_DISABLED,
};

/** The SPEC message for an Auth error; any other error keeps the service's own message. */
export function authErrorMessage(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && AUTH_MESSAGES[code]) return AUTH_MESSAGES[code];
  if (error instanceof Error && error.message) return error.message;
  return String(error);
}

/**
 * SPEC §5: an identifier without '@' is a username, resolved with a single-document get of
 * username_mappings/{lower(username)}; otherwise it is the e-mail itself.
 */
export async function resolveIdentifier(services: AdminServices, identifier: string): Promise<string> {
  const trimmed = identifier.trim();
  if (!isUsernameIdentifier(trimmed)) return trimmed;
  const mapping = await getDoc(usernameMappingRef(services.db, trimmed));
  const email = mapping.data()?.email;
  if (!mapping.exists() || !email) throw new Error(USERNAME_NOT_FOUND);
  return email;
}

export async function signInWithIdentifier(
  services: AdminServices,
  identifier: string,
  password: string,
): Promise<UserCredential> {
  if (identifier.trim() === '' || password === '') throw new Error(SIGN_IN_FIELDS_REQUIRED);
  const email = await resolveIdentifier(services, identifier);
  try {
    return await signInWithEmailAndPassword(services.auth, email, password);
  } catch (error) {
    throw new Error(authErrorMessage(error), { cause: error });
  }
}

/** Sends the reset e-mail to the identifier's account; resolves the address it was sent to. */
export async function sendPasswordResetForIdentifier(services: AdminServices, identifier: string): Promise<string> {
  if (identifier.trim() === '') throw new Error(RESET_IDENTIFIER_REQUIRED);
  const email = await resolveIdentifier(services, identifier);
  try {
    await sendPasswordResetEmail(services.auth, email);
  } catch (error) {
    throw new Error(authErrorMessage(error), { cause: error });
  }
  return email;
}

export function signOutUser(services: AdminServices): Promise<void> {
  return signOut(services.auth);
}

/** Auth-state listener; returns its unsubscribe function. */
export function onAuthChange(services: AdminServices, callback: (user: User | null) => void): Unsubscribe {
  return onAuthStateChanged(services.auth, callback);
}

/** The signed-in user's ID token, or null when nobody is signed in. */
export async function getIdToken(services: AdminServices): Promise<string | null> {
  const user = services.auth.currentUser;
  return user ? user.getIdToken() : null;
}

/**
 * Sets the signed-in member's new password (SPEC §5 policy), then clears their own
 * `mustChangePassword` flag when it is set (the only staff field besides username the rules let a
 * member write, and only from true to false).
 */
export async function setNewPassword(services: AdminServices, newPassword: string): Promise<void> {
  const user = services.auth.currentUser;
  if (!user?.email) throw new Error(USER_NOT_AUTHENTICATED);
  if (!isStrongPassword(newPassword)) throw new Error(PASSWORD_POLICY);
  try {
    await updatePassword(user, newPassword);
  } catch (error) {
    throw new Error(authErrorMessage(error), { cause: error });
  }
  const ref = staffRef(services.db, normalizeEmail(user.email));
  const staff = await getDoc(ref);
  if (staff.data()?.mustChangePassword === true) await updateDoc(ref, { mustChangePassword: false });
}
