// The one way a staff call gets its ID token: `staffClient` resolves the signed-in member's token once and
// hands back the ApiClient that attaches it to staff routes (and the panel's App Check token to every
// call). No Firebase import (the services bring Auth and App Check).
import type { AdminServices } from './admin-firebase';
import { StaffTokenMissing, type ApiClient } from './api-client';

/** The signed-in user's ID token, or null when nobody is signed in. */
export async function staffIdToken(services: Pick<AdminServices, 'auth'>): Promise<string | null> {
  const user = services.auth.currentUser;
  return user ? user.getIdToken() : null;
}

/**
 * The client of every staff call: the API base and the signed-in member's ID token. Signed out:
 * StaffTokenMissing (its message asks to sign in again), and nothing is sent.
 */
export async function staffClient(
  services: Pick<AdminServices, 'auth' | 'apiBase'> & Partial<Pick<AdminServices, 'appCheckToken'>>,
): Promise<ApiClient> {
  const staffToken = await staffIdToken(services);
  if (!staffToken) throw new StaffTokenMissing();
  return {
    apiBase: services.apiBase,
    staffToken,
    ...(services.appCheckToken ? { appCheckToken: services.appCheckToken } : {}),
  };
}
