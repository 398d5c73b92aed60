// The signed-in member's own account: username and password reset.
import { sendPasswordResetForIdentifier } from '@silk/data-access/auth';
import { changeUsername } from '@silk/data-access/usernames';
import { adminServices } from '@/lib/services';

export function changeOwnUsername(username: string): Promise<void> {
  return changeUsername(adminServices(), username);
}

export async function sendOwnPasswordReset(email: string): Promise<void> {
  await sendPasswordResetForIdentifier(adminServices(), email);
}
