// POST /api/account/password (changePassword, admin host) {password}: a member sets their own new
// password, checked against the policy here (the Auth emulator does not enforce the project's policy),
// and only this code clears mustChangePassword. Audited. The panel signs in again with the new password.
//   200 {message} · 400 PASSWORD_POLICY · 401 · 403 · 429
import { COLLECTIONS } from '@silk/schema/constants';
import { PASSWORD_CHANGED } from '@silk/schema/messages';
import { passwordChangeRequestSchema } from '@silk/schema/staff-api';
import { FieldValue } from 'firebase-admin/firestore';
import { onRequest } from 'firebase-functions/v2/https';
import { HTTP_FUNCTION_OPTIONS } from '../shared/config';
import { staffEndpoint, type StaffAction, type StaffEndpointDeps } from '../http/endpoint';
import { writeAudit } from '../shared/audit';
import { parseBody } from '../http/http';

const changeOwnPassword: StaffAction = async ({ services, caller: member }, body) => {
  const { password } = parseBody(passwordChangeRequestSchema, body);
  await services.auth.updateUser(member.uid, { password });
  await services.db.collection(COLLECTIONS.staff).doc(member.email).update({
    mustChangePassword: false,
    passwordChangedAt: FieldValue.serverTimestamp(),
  });
  await writeAudit(services.db, { actor: member.email, action: 'password.changed', target: member.email, details: {} });
  return { message: PASSWORD_CHANGED };
};

export const makeChangePasswordHandler = (deps: Partial<StaffEndpointDeps> = {}) =>
  staffEndpoint('changePassword', { require: 'any-member', limit: 'account' }, changeOwnPassword, deps);
export const changePassword = onRequest(HTTP_FUNCTION_OPTIONS, makeChangePasswordHandler());
