import { ApiError, callApi, StaffTokenMissing } from '@silk/data-access/api-client';
import { staffClient } from '@silk/data-access/staff-client';
import type { DeleteSignupResponse } from '@silk/schema/api';
import { ID_TOKEN_MISSING, SIGNUP_DELETE_FAILED } from '@silk/schema/messages';
import { errorMessage } from '@/lib/error-message';
import { adminServices } from '@/lib/services';

/**
 * POST /api/signups/delete {email} with the signed-in Admin's ID token: the server erases the signup and
 * everything held for the address, and audits it. The live table then drops the row by itself.
 */
export async function deleteSignup(email: string): Promise<DeleteSignupResponse> {
  return callApi(await staffClient(adminServices()), 'deleteSignup', { email });
}

/** The server's refusal as it said it; a missing ID token asks to sign in again; else the fallback. */
export function deleteSignupFailure(error: unknown): string {
  if (error instanceof StaffTokenMissing) return ID_TOKEN_MISSING;
  if (error instanceof ApiError) return errorMessage(error, SIGNUP_DELETE_FAILED);
  return SIGNUP_DELETE_FAILED;
}
