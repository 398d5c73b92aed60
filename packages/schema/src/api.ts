// Request and response shapes of the calls to our functions (PRODUCT.md#api, DESIGN §5). Each function parses
// its request body with the schema here (server side only: the apps import just the types, which keeps
// zod out of their bundles); a refusal carries the message the client shows, the first problem winning.
import * as z from 'zod';
import { isAttributionValue } from './attribution';
import { EDIT_KEY_PATTERN, FEEDBACK_FIELDS } from './constants';
import { signupEmailField } from './email-field';
import type { NewTeamMember } from './entities';
import { parseReferralCode } from './referrals';
import type { SignupColumnKey } from './formatters';
import {
  BOT_CHECK_MISSING_TOKEN,
  INVALID_EMAIL,
  INVALID_ROLES,
  INVALID_SIGNUP_VIEW,
  INVALID_USERNAME,
  LINK_TOKEN_MISSING,
  PASSWORD_POLICY,
  SIGNUP_FAILED,
  TEAM_FIELDS_REQUIRED,
} from './messages';
import { isRole, type Role } from './roles';
import { ATTRIBUTION_SIGNUP_FIELDS, type AttributionField } from './signup-fields';
import {
  CONFIRMED_FILTERS,
  isDay,
  isSignupColumnKey,
  isTimeZone,
  MAX_VIEW_COUNTRIES,
  MAX_VIEW_TEXT,
  INVITE_FILTERS,
  REFERRED_FILTERS,
  type SignupView,
} from './signup-view';
import { isStrongPassword, isValidTeamEmail, isValidUsername, normalizeEmail } from './validators';

const MAX_RECAPTCHA_TOKEN_LENGTH = 4096;

/**
 * A referral code from the visit's link: anything that is not a well-formed code is dropped, never
 * refused (the signup goes on without a referrer).
 */
export const referralCodeField = z
  .unknown()
  .transform((value) => parseReferralCode(value) ?? undefined)
  .optional();

export const subscribeRequestSchema = z.object({ email: signupEmailField, ref: referralCodeField });
export type SubscribeRequest = z.input<typeof subscribeRequestSchema>;

/** An attribution field of a join: a value its pattern or limit refuses is dropped, never refused. */
const attributionField = (key: AttributionField) =>
  z
    .unknown()
    .transform((value) => (isAttributionValue(key, value) ? value : undefined))
    .optional();

/**
 * /api/join: the e-mail and, from a page with scripts, the session's edit key (bound on a new signup);
 * optionally the visit's attribution by its field names (a caller that knows it; the form has none).
 */
export const joinRequestSchema = subscribeRequestSchema.extend({
  editKey: z.string({ error: SIGNUP_FAILED }).regex(EDIT_KEY_PATTERN, { error: SIGNUP_FAILED }).optional(),
  ...(Object.fromEntries(ATTRIBUTION_SIGNUP_FIELDS.map(({ key }) => [key, attributionField(key)])) as Record<
    AttributionField,
    ReturnType<typeof attributionField>
  >),
});
export type JoinRequest = z.input<typeof joinRequestSchema>;
export interface SubscribeResponse {
  ok: true;
  /** The subscriber's own referral code (for any address, new or already on the list). */
  referralCode: string;
}

export const waitlistUpdateRequestSchema = z.object({
  email: signupEmailField,
  recaptcha_token: z
    .string({ error: BOT_CHECK_MISSING_TOKEN })
    .trim()
    .refine((token) => token !== '' && token.length <= MAX_RECAPTCHA_TOKEN_LENGTH, {
      error: BOT_CHECK_MISSING_TOKEN,
    }),
});
export type WaitlistUpdateRequest = z.input<typeof waitlistUpdateRequestSchema>;

/** The bot check's verdict: the reCAPTCHA score stored with the signup. */
export interface WaitlistUpdateResponse {
  ok: true;
  score: number;
}

/** A field of the add-member form: trimmed, and '' when missing or not text (the checks below refuse it). */
const formText = z
  .optional(z.unknown())
  .transform((value) => (typeof value === 'string' ? value.trim() : ''));

function isRoleList(value: unknown): boolean {
  return Array.isArray(value) && value.every(isRole);
}

/**
 * The add-member body (the ID token in it is read by the caller check, not here). PRODUCT.md#validation in the form's
 * order: both fields required, then the e-mail, the password (empty: the server generates one), the
 * username and the roles (none is an empty list). Roles are de-duplicated.
 */
export const createTeamMemberRequestSchema = z
  .object({
    email: formText,
    username: formText,
    password: formText,
    roles: z.optional(z.unknown()).transform((r) => r ?? []),
  })
  .refine(({ email, username }) => email !== '' && username !== '', {
    error: TEAM_FIELDS_REQUIRED,
    abort: true,
  })
  .refine(({ email }) => isValidTeamEmail(email), { error: INVALID_EMAIL, abort: true })
  .refine(({ password }) => password === '' || isStrongPassword(password), {
    error: PASSWORD_POLICY,
    abort: true,
  })
  .refine(({ username }) => isValidUsername(username), { error: INVALID_USERNAME, abort: true })
  .refine(({ roles }) => isRoleList(roles), { error: INVALID_ROLES, abort: true })
  .transform(({ email, username, password, roles }): NewTeamMember => ({
    email: normalizeEmail(email),
    username,
    password,
    roles: [...new Set(roles as Role[])], // checked by isRoleList above
  }));
export interface CreateTeamMemberResponse {
  message: string;
  /** Present only when the server generated the one-time password. */
  temporaryPassword?: string;
}

/** Longer than any token we sign (a few hundred characters); anything longer is not one of ours. */
const MAX_LINK_TOKEN_LENGTH = 2048;

/**
 * The signed token of a link in our e-mails (confirm, unsubscribe, re-subscribe, erase): checked here
 * for presence only; the function verifies its signature, purpose and expiry.
 */
export const linkTokenRequestSchema = z.object({
  token: z
    .string({ error: LINK_TOKEN_MISSING })
    .trim()
    .refine((token) => token !== '' && token.length <= MAX_LINK_TOKEN_LENGTH, { error: LINK_TOKEN_MISSING }),
});
export type LinkTokenRequest = z.input<typeof linkTokenRequestSchema>;
export interface LinkTokenResponse {
  ok: true;
}

/** An Admin deleting a signup (and everything else held for the address) from the table. */
export const deleteSignupRequestSchema = z.object({ email: signupEmailField });
export type DeleteSignupRequest = z.input<typeof deleteSignupRequestSchema>;
export interface DeleteSignupResponse {
  ok: true;
  /** What was found and removed for the address. */
  removed: { signup: boolean; subscriber: boolean; mail: number };
}

const viewText = z.string().max(MAX_VIEW_TEXT);
const viewDay = z.string().refine(isDay).nullable();
/** A source or campaign filter: '' for the rows without one. */
const viewAttribution = viewText.nullable();

/**
 * The Waitlist Signups view (signup-view.ts) as the filtered export receives it: every setting present,
 * nothing unknown. The panel builds it from its URL, which parseSignupView has already cleaned.
 */
export const signupViewSchema = z.strictObject({
  sort: z
    .strictObject({ key: z.custom<SignupColumnKey>(isSignupColumnKey), direction: z.enum(['asc', 'desc']) })
    .nullable(),
  search: viewText,
  answers: z.partialRecord(z.enum(FEEDBACK_FIELDS), viewText),
  from: viewDay,
  to: viewDay,
  timeZone: z.string().refine(isTimeZone),
  countries: z.array(viewText).max(MAX_VIEW_COUNTRIES),
  confirmed: z.enum(CONFIRMED_FILTERS),
  referred: z.enum(REFERRED_FILTERS),
  hasReferrals: z.boolean(),
  invite: z.enum(INVITE_FILTERS),
  source: viewAttribution,
  campaign: viewAttribution,
});

/** POST /api/xlsxdown: `{token}` for every signup, `{token, view}` for the rows of a view. */
export const exportWaitlistRequestSchema = z.object({
  view: z.optional(z.unknown()).transform((value, context): SignupView | undefined => {
    if (value === undefined) return undefined;
    const parsed = signupViewSchema.safeParse(value);
    if (parsed.success) return parsed.data;
    context.addIssue({ code: 'custom', message: INVALID_SIGNUP_VIEW });
    return z.NEVER;
  }),
  /**
   * The downloader's IANA zone for the Signup Date column; a zone this server's Intl does not know (a
   * newer tz name, say) is left out and the sheet says UTC rather than the download failing.
   */
  timeZone: z.optional(z.unknown()).transform((value) => (isTimeZone(value) ? value : undefined)),
});
export interface ExportWaitlistRequest {
  view?: SignupView;
  timeZone?: string;
}
