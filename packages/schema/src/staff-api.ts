// Request and response shapes of the staff lifecycle calls (admin host): the Team Manager's member
// actions, the member's own password and username, sign-in by username and password-reset requests.
// The functions parse bodies with these schemas; each refusal carries the message the panel shows.
// Answers are interfaces only: they reach the admin panel, which keeps zod out of its bundle.
import * as z from 'zod';
import { teamEmailField } from './email-field';
import {
  CURRENT_PASSWORD_REQUIRED,
  CURRENT_PASSWORD_WRONG,
  INVALID_EMAIL,
  INVALID_ROLES,
  INVALID_USERNAME,
  NOTHING_TO_UPDATE,
  PASSWORD_POLICY,
  RESET_IDENTIFIER_REQUIRED,
  SIGN_IN_FIELDS_REQUIRED,
  USERNAME_REQUIRED,
} from './messages';
import { isRole, type Role } from './roles';
import { isStrongPassword, isUsernameIdentifier, isValidEmailAddress, isValidUsername } from './validators';

/** Longer than any password Firebase accepts (4096 bytes); a longer one is refused unchecked. */
const CURRENT_PASSWORD_MAX_LENGTH = 4096;

const roleList = z
  .array(z.string().refine(isRole), { error: INVALID_ROLES })
  .transform((roles) => [...new Set(roles.filter(isRole))]);

export const teamUpdateRequestSchema = z
  .object({ email: teamEmailField, roles: roleList.optional(), disabled: z.boolean().optional() })
  .refine((body) => body.roles !== undefined || body.disabled !== undefined, { error: NOTHING_TO_UPDATE });
/** What the panel sends: roles of ROLES (the schema above also answers a body with other names). */
export type TeamUpdateRequest = Omit<z.input<typeof teamUpdateRequestSchema>, 'roles'> & { roles?: Role[] };

export const teamRemoveRequestSchema = z.object({ email: teamEmailField });
export type TeamRemoveRequest = z.input<typeof teamRemoveRequestSchema>;

/** A member as the Team Manager lists them (answers are typed, not parsed: the panel bundles no zod). */
export interface TeamMember {
  email: string;
  username: string;
  roles: Role[];
  disabled: boolean;
  mustChangePassword: boolean;
  createdBy: string;
  /** ISO 8601, or null when unknown. */
  createdAt: string | null;
  lastSignInAt: string | null;
}
export interface TeamListResponse {
  members: TeamMember[];
}

export const passwordChangeRequestSchema = z.object({
  password: z.string({ error: PASSWORD_POLICY }).refine(isStrongPassword, { error: PASSWORD_POLICY }),
  /** The proof that the caller is the member, not a holder of their ID token (unless they signed in just now). */
  currentPassword: z
    .string({ error: CURRENT_PASSWORD_REQUIRED })
    .max(CURRENT_PASSWORD_MAX_LENGTH, { error: CURRENT_PASSWORD_WRONG })
    .optional(),
});
export type PasswordChangeRequest = z.input<typeof passwordChangeRequestSchema>;

export const usernameChangeRequestSchema = z.object({
  username: z
    .string({ error: USERNAME_REQUIRED })
    .trim()
    .min(1, { error: USERNAME_REQUIRED })
    .refine(isValidUsername, { error: INVALID_USERNAME }),
});
export type UsernameChangeRequest = z.input<typeof usernameChangeRequestSchema>;

export const signInRequestSchema = z.object({
  identifier: z.string({ error: SIGN_IN_FIELDS_REQUIRED }).trim().min(1, { error: SIGN_IN_FIELDS_REQUIRED }),
  password: z.string({ error: SIGN_IN_FIELDS_REQUIRED }).min(1, { error: SIGN_IN_FIELDS_REQUIRED }),
});
export type SignInRequest = z.input<typeof signInRequestSchema>;
export interface SignInResponse {
  customToken: string;
}

export const requestPasswordResetSchema = z.object({
  identifier: z
    .string({ error: RESET_IDENTIFIER_REQUIRED })
    .trim()
    .min(1, { error: RESET_IDENTIFIER_REQUIRED })
    // An e-mail (it has an '@') must be one address of the grammar before it reaches the Auth API.
    .refine((identifier) => isUsernameIdentifier(identifier) || isValidEmailAddress(identifier), {
      error: INVALID_EMAIL,
    }),
});
export type PasswordResetRequest = z.input<typeof requestPasswordResetSchema>;

export interface MessageResponse {
  message: string;
}
