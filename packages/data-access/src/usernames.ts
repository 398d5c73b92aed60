// Changing the signed-in member's username: the changeUsername function renames staff record and
// username mapping in one transaction and audits the change.
import { INVALID_USERNAME, USER_NOT_AUTHENTICATED, USERNAME_REQUIRED } from '@silk/schema/messages';
import { isValidUsername } from '@silk/schema/validators';
import type { AdminServices } from './admin-firebase';
import { callApi } from './api-client';
import { staffClient } from './staff-client';

/** Checked here first (same rules and messages as the server), then renamed by the server. */
export async function changeUsername(services: AdminServices, newUsername: string): Promise<void> {
  const username = newUsername.trim();
  if (username === '') throw new Error(USERNAME_REQUIRED);
  const user = services.auth.currentUser;
  if (!user?.email) throw new Error(USER_NOT_AUTHENTICATED);
  if (!isValidUsername(username)) throw new Error(INVALID_USERNAME);
  await callApi(await staffClient(services), 'changeUsername', { username });
}
