// POST /api/account/password (changePassword, admin host) {password, currentPassword?}: a member sets
// their own new password, checked against the policy here (the Auth emulator does not enforce the
// project's policy), and only this code clears mustChangePassword. A valid ID token alone is not enough
// (a stolen one would take the account): the member proves who they are with their current password
// (checked through the Auth REST API, as sign-in does) or by a sign-in within the last
// passwordChange.recentSignInSeconds (the token's auth_time). The panel's first forced change sends the
// one-time password just typed. Audited. The panel signs in again with the new password.
//   200 {message} · 400 PASSWORD_POLICY · 401 CURRENT_PASSWORD_WRONG / token · 403 CURRENT_PASSWORD_REQUIRED
//   / not staff · 429
import { COLLECTIONS } from '@silk/schema/constants';
import {
  AUTH_USER_DISABLED,
  CURRENT_PASSWORD_REQUIRED,
  CURRENT_PASSWORD_WRONG,
  PASSWORD_CHANGED,
  RATE_LIMITED,
} from '@silk/schema/messages';
import { FieldValue } from 'firebase-admin/firestore';
import { endpoint, type EndpointDeps, type StaffCaller } from '../http/endpoint';
import { HttpError } from '../http/http';
import { type ServerConfig } from '../shared/config';
import { checkPassword, IdentityToolkitError } from './identity-toolkit';

/** Whether the caller's token comes from a sign-in within the configured window. */
export function signedInRecently(
  caller: StaffCaller,
  config: ServerConfig,
  now: number = Date.now(),
): boolean {
  if (caller.authTime === undefined) return false;
  const age = now / 1000 - caller.authTime;
  return age >= -60 && age <= config.passwordChange.recentSignInSeconds;
}

/** The current password is the caller's own: else 401 (429 / 403 as the Auth service answers). */
async function verifyCurrentPassword(
  config: ServerConfig,
  member: StaffCaller,
  password: string,
): Promise<void> {
  let uid: string;
  try {
    uid = await checkPassword(config.authApiKey, member.email, password);
  } catch (error) {
    if (!(error instanceof IdentityToolkitError)) throw error;
    if (error.code === 'TOO_MANY_ATTEMPTS_TRY_LATER') throw new HttpError(429, RATE_LIMITED);
    if (error.code === 'USER_DISABLED') throw new HttpError(403, AUTH_USER_DISABLED);
    throw new HttpError(401, CURRENT_PASSWORD_WRONG);
  }
  if (uid !== member.uid) throw new HttpError(401, CURRENT_PASSWORD_WRONG);
}

export const makeChangePasswordHandler = (deps: Partial<EndpointDeps> = {}) =>
  endpoint(
    'changePassword',
    async ({ services, config, caller: member, body: { password, currentPassword }, audit }) => {
      if (currentPassword) await verifyCurrentPassword(config, member, currentPassword);
      else if (!signedInRecently(member, config)) throw new HttpError(403, CURRENT_PASSWORD_REQUIRED);
      await services.auth.updateUser(member.uid, { password });
      await services.db.collection(COLLECTIONS.staff).doc(member.email).update({
        mustChangePassword: false,
        passwordChangedAt: FieldValue.serverTimestamp(),
      });
      await audit({
        action: 'password.changed',
        target: member.email,
        details: { proof: currentPassword ? 'current-password' : 'recent-sign-in' },
      });
      return { message: PASSWORD_CHANGED };
    },
    deps,
  );
