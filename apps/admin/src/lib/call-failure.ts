import { ApiError, StaffTokenMissing } from '@silk/data-access/api-client';
import { ID_TOKEN_MISSING } from '@silk/schema/messages';
import { errorMessage } from '@/lib/error-message';

/** The server's refusal as it said it; a missing ID token asks to sign in again; else the fallback. */
export function callFailure(error: unknown, fallback: string): string {
  if (error instanceof StaffTokenMissing) return ID_TOKEN_MISSING;
  if (error instanceof ApiError) return errorMessage(error, fallback);
  return fallback;
}
