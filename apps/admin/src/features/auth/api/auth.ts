// The panel's auth calls, on its own Firebase services.
import {
  onAuthChange,
  sendPasswordResetForIdentifier,
  setNewPassword,
  signInWithIdentifier,
  signOutUser,
} from '@silk/data-access/auth';
import { adminServices } from '@/lib/services';

export async function signIn(identifier: string, password: string): Promise<void> {
  await signInWithIdentifier(adminServices(), identifier, password);
}

export async function sendPasswordReset(identifier: string): Promise<void> {
  await sendPasswordResetForIdentifier(adminServices(), identifier);
}

/** Stores the signed-in member's own password and clears their mustChangePassword flag. */
export function storeNewPassword(password: string): Promise<void> {
  return setNewPassword(adminServices(), password);
}

export function signOut(): Promise<void> {
  return signOutUser(adminServices());
}

/** Returns the unsubscribe function. */
export function watchAuthState(callback: Parameters<typeof onAuthChange>[1]): () => void {
  return onAuthChange(adminServices(), callback);
}
