// POST /api/signups/delete (deleteSignup, admin host) {email}, Bearer ID token: an Admin deletes a signup
// from the table, and with it everything held for the address (the same erasure as a subscriber's own
// "Delete my data": signup, mailing-list entry, all mail to it), audited with the address's hash only.
//   200 {ok, removed: {signup, subscriber, mail}} (also when nothing was left) · 400 · 401 · 403 not a
//   ready Admin · 429
import { deleteSignupRequestSchema, type DeleteSignupResponse } from '@silk/schema/api';
import { SIGNUP_DELETE_ADMIN_REQUIRED } from '@silk/schema/messages';
import { onRequest } from 'firebase-functions/v2/https';
import { HTTP_FUNCTION_OPTIONS } from '../shared/config';
import { parseBody } from '../http/http';
import { staffEndpoint, type StaffAction, type StaffEndpointDeps } from '../http/endpoint';
import { eraseAndAudit } from '../mail/erasure';

const deleteSignupAction: StaffAction = async ({ services, caller }, body): Promise<DeleteSignupResponse> => {
  const { email } = parseBody(deleteSignupRequestSchema, body);
  const removed = await eraseAndAudit(services.db, email, { actor: caller.email, action: 'signup.deleted' });
  return { ok: true, removed };
};

export function makeDeleteSignupHandler(deps: Partial<StaffEndpointDeps> = {}) {
  return staffEndpoint(
    'deleteSignup',
    { require: 'admin', limit: 'manageTeam', refusal: SIGNUP_DELETE_ADMIN_REQUIRED },
    deleteSignupAction,
    deps,
  );
}

export const deleteSignup = onRequest(HTTP_FUNCTION_OPTIONS, makeDeleteSignupHandler());
