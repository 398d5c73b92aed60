// Staff sign-in, password reset, sign-out, auth state, ID token and the new-password step.
// Sign-in by username, reset requests and password changes go through our functions, so no browser
// learns the e-mail behind a username and only server code clears mustChangePassword.
import {
  AUTH_INVALID_EMAIL,
  AUTH_USER_DISABLED,
  AUTH_USER_NOT_FOUND,
  AUTH_WRONG_PASSWORD,
  PASSWORD_POLICY,
  RESET_IDENTIFIER_REQUIRED,
  SIGN_IN_FIELDS_REQUIRED,
  USER_NOT_AUTHENTICATED,
} from '@silk/schema/messages';
import { isStrongPassword, isUsernameIdentifier } from '@silk/schema/validators';
import {
  onAuthStateChanged,
  signInWithCustomToken,
  signInWithEmailAndPassword,
  signOut,
  type Unsubscribe,
  type User,
  type UserCredential,
} from 'firebase/auth';
import type { AdminServices } from './admin-firebase';
import { callApi } from './api-client';
import { staffClient } from './staff-client';

/**
 * Auth error code → the sign-in card's message. The Auth emulator (and projects without e-mail
 * enumeration protection) answer `auth/user-not-found` and `auth/wrong-password`; projects with the
 * protection on answer `auth/invalid-credential` (`auth/invalid-login-credentials` in older SDKs) for
 * both, by design indistinguishable: that family reads 'Incorrect password.'.
 */
const AUTH_MESSAGES: Record<string, string> = {
  'auth/user-not-found': AUTH_USER_NOT_FOUND,
  'auth/wrong-password': AUTH_WRONG_PASSWORD,
  'auth/invalid-credential': AUTH_WRONG_PASSWORD,
  'auth/invalid-login-credentials': AUTH_WRONG_PASSWORD,
  'auth/invalid-email': AUTH_INVALID_EMAIL,
  'auth/user-disabled': AUTH_USER_DISABLED,
};

/** The card's message for an Auth error; any other error keeps the service's own message. */
export function authErrorMessage(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && AUTH_MESSAGES[code]) return AUTH_MESSAGES[code];
  if (error instanceof Error && error.message) return error.message;
  return String(error);
}

async function withAuthMessage<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new Error(authErrorMessage(error), { cause: error });
  }
}

/**
 * An identifier without '@' is a username: the signIn function checks it with the password and answers
 * a custom token for the account (never its e-mail). An e-mail signs in directly with Firebase Auth.
 */
export async function signInWithIdentifier(
  services: AdminServices,
  identifier: string,
  password: string,
): Promise<UserCredential> {
  const trimmed = identifier.trim();
  if (trimmed === '' || password === '') throw new Error(SIGN_IN_FIELDS_REQUIRED);
  if (!isUsernameIdentifier(trimmed)) {
    return withAuthMessage(() => signInWithEmailAndPassword(services.auth, trimmed, password));
  }
  const { customToken } = await callApi(services, 'signIn', { identifier: trimmed, password });
  return withAuthMessage(() => signInWithCustomToken(services.auth, customToken));
}

/** Asks the server to send the reset e-mail to the identifier's account (a username is resolved there). */
export async function sendPasswordResetForIdentifier(
  services: AdminServices,
  identifier: string,
): Promise<void> {
  const trimmed = identifier.trim();
  if (trimmed === '') throw new Error(RESET_IDENTIFIER_REQUIRED);
  await callApi(services, 'requestPasswordReset', { identifier: trimmed });
}

export function signOutUser(services: AdminServices): Promise<void> {
  return signOut(services.auth);
}

/** Auth-state listener; returns its unsubscribe function. */
export function onAuthChange(services: AdminServices, callback: (user: User | null) => void): Unsubscribe {
  return onAuthStateChanged(services.auth, callback);
}

/** The signed-in user's ID token, or null when nobody is signed in (staff-client.ts). */
export { staffIdToken as getIdToken } from './staff-client';

/**
 * Sets the signed-in member's new password through the changePassword function (which checks the
 * policy and clears mustChangePassword), then signs in again with it: the change ends older sessions.
 * `currentPassword` proves the caller is the member (the function also accepts a sign-in of the last
 * few minutes without it).
 */
export async function setNewPassword(
  services: AdminServices,
  newPassword: string,
  currentPassword?: string,
): Promise<void> {
  const user = services.auth.currentUser;
  if (!user?.email) throw new Error(USER_NOT_AUTHENTICATED);
  if (!isStrongPassword(newPassword)) throw new Error(PASSWORD_POLICY);
  const email = user.email;
  await callApi(await staffClient(services), 'changePassword', {
    password: newPassword,
    ...(currentPassword ? { currentPassword } : {}),
  });
  await withAuthMessage(() => signInWithEmailAndPassword(services.auth, email, newPassword));
}
