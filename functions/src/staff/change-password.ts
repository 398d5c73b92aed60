// POST /api/account/password (changePassword, admin host) {password}: a member sets their own new
// password, checked against the policy here (the Auth emulator does not enforce the project's policy),
// and only this code clears mustChangePassword. Audited. The panel signs in again with the new password.
//   200 {message} · 400 PASSWORD_POLICY · 401 · 403 · 429
import { COLLECTIONS } from '@silk/schema/constants';
import { PASSWORD_CHANGED } from '@silk/schema/messages';
import { FieldValue } from 'firebase-admin/firestore';
import { httpsFunction } from '../shared/https-function';
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { HTTP_FUNCTION_OPTIONS } from '../shared/config';

export const makeChangePasswordHandler = (deps: Partial<EndpointDeps> = {}) =>
  endpoint(
    'changePassword',
    async ({ services, caller: member, body: { password }, audit }) => {
      await services.auth.updateUser(member.uid, { password });
      await services.db.collection(COLLECTIONS.staff).doc(member.email).update({
        mustChangePassword: false,
        passwordChangedAt: FieldValue.serverTimestamp(),
      });
      await audit({ action: 'password.changed', target: member.email, details: {} });
      return { message: PASSWORD_CHANGED };
    },
    deps,
  );
export const changePassword = httpsFunction(HTTP_FUNCTION_OPTIONS, makeChangePasswordHandler());
