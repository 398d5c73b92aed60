// The e-mail fields of the request schemas: a string the address rule accepts (else refused with
// INVALID_EMAIL), normalised, as it is the document id.
import * as z from 'zod';
import { INVALID_EMAIL } from './messages';
import { isValidSignupEmail, isValidTeamEmail, normalizeEmail } from './validators';

function emailField(isValid: (address: string) => boolean) {
  return z
    .string({ error: INVALID_EMAIL })
    .refine(isValid, { error: INVALID_EMAIL })
    .transform(normalizeEmail);
}

/** A subscriber's address: the signup rule. */
export const signupEmailField = emailField(isValidSignupEmail);

/** A team member's address: the team rule. */
export const teamEmailField = emailField(isValidTeamEmail);
