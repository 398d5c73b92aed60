import { ApiError, StaffTokenMissing } from '@silk/data-access/api-client';
import { ID_TOKEN_MISSING } from '@silk/schema/messages';

/** The message of a thrown value, or the fallback when it carries none. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  if (typeof error === 'string' && error.trim() !== '') return error;
  return fallback;
}

/** The server's refusal as it said it; a missing ID token asks to sign in again; else the fallback. */
export function callFailure(error: unknown, fallback: string): string {
  if (error instanceof StaffTokenMissing) return ID_TOKEN_MISSING;
  if (error instanceof ApiError) return errorMessage(error, fallback);
  return fallback;
}
