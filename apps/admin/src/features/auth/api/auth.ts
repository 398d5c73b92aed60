// The panel's auth calls, on its own Firebase services.
import {
  onAuthChange,
  sendPasswordResetForIdentifier,
  setNewPassword,
  signInWithIdentifier,
  signOutUser,
} from '@silk/data-access/auth';
import { adminServices } from '@/lib/services';

/**
 * The password typed at this tab's sign-in, in memory only: a member signing in with a one-time password
 * hands it to the forced password change as proof. Forgotten once used, at sign-out, and when the panel
 * opens without the change.
 */
let signInPassword: string | null = null;

export async function signIn(identifier: string, password: string): Promise<void> {
  // Kept before the sign-in resolves: the auth listener may open the panel first.
  signInPassword = password;
  try {
    await signInWithIdentifier(adminServices(), identifier, password);
  } catch (error) {
    signInPassword = null;
    throw error;
  }
}

/** The password typed at sign-in in this tab, if any (none after a reload). */
export function rememberedSignInPassword(): string | null {
  return signInPassword;
}

export function forgetSignInPassword(): void {
  signInPassword = null;
}

export async function sendPasswordReset(identifier: string): Promise<void> {
  await sendPasswordResetForIdentifier(adminServices(), identifier);
}

/**
 * Stores the signed-in member's own password and clears their mustChangePassword flag; `currentPassword`
 * (the one-time password) proves it is the member.
 */
export async function storeNewPassword(password: string, currentPassword: string): Promise<void> {
  await setNewPassword(adminServices(), password, currentPassword);
  signInPassword = null;
}

export function signOut(): Promise<void> {
  signInPassword = null;
  return signOutUser(adminServices());
}

/** Returns the unsubscribe function. */
export function watchAuthState(callback: Parameters<typeof onAuthChange>[1]): () => void {
  return onAuthChange(adminServices(), callback);
}
