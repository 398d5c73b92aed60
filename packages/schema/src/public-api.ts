// The public API's request and answer schemas (/api/v1, called with an API key): the frame parses each
// request with its schema, and the OpenAPI document (functions/src/apikeys/openapi.ts) is generated from
// these same schemas, so the document cannot describe another API than the one served.
import * as z from 'zod';
import { ATTRIBUTION_SIGNUP_FIELDS } from './signup-fields';
import { signupEmailField } from './email-field';
import { API_REQUEST_INVALID } from './messages';
import { REFERRAL_CODE_PATTERN } from './referrals';
import { MAX_WEBHOOK_URL_LENGTH, WEBHOOK_EVENT_TYPES } from './webhooks';

const invalid = { error: API_REQUEST_INVALID };

/** The most signups one page of the list holds. */
export const MAX_SIGNUP_PAGE = 100;
export const DEFAULT_SIGNUP_PAGE = 25;

const attributionShape = Object.fromEntries(
  ATTRIBUTION_SIGNUP_FIELDS.map(({ key }) => [key, z.string(invalid).optional()]),
) as Record<(typeof ATTRIBUTION_SIGNUP_FIELDS)[number]['key'], z.ZodOptional<z.ZodString>>;

export const apiAttributionSchema = z
  .object(attributionShape)
  .meta({ description: 'Where the signup came from; a value the site would not store is dropped.' });

export const apiSignupAddRequestSchema = z.object({
  email: signupEmailField.meta({ description: 'The address to add (normalised).' }),
  ref: z
    .string(invalid)
    .regex(REFERRAL_CODE_PATTERN, invalid)
    .optional()
    .meta({ description: "The referrer's referral code, if any." }),
  attribution: apiAttributionSchema.optional(),
});
export const apiSignupAddAnswerSchema = z.object({
  ok: z.literal(true),
  referralCode: z.string().meta({ description: "The subscriber's own referral code." }),
});

export const apiSignupListRequestSchema = z.object({
  cursor: z
    .string(invalid)
    .max(400, invalid)
    .optional()
    .meta({ description: "The previous page's `next`; absent for the first page." }),
  limit: z.number(invalid).int(invalid).min(1, invalid).max(MAX_SIGNUP_PAGE, invalid).optional(),
  search: z
    .string(invalid)
    .trim()
    .toLowerCase()
    .max(254, invalid)
    .optional()
    .meta({ description: 'Only addresses starting with this text.' }),
});
export const apiSignupSchema = z.object({
  email: z.string(),
  signedUpAt: z.string().nullable().meta({ description: 'The first signup time (ISO 8601).' }),
  confirmed: z.boolean(),
  referralCode: z.string().nullable(),
  attribution: apiAttributionSchema,
});
export const apiSignupListAnswerSchema = z.object({
  signups: z.array(apiSignupSchema),
  next: z.string().nullable().meta({ description: 'The cursor of the next page; null after the last.' }),
});

export const SUBSCRIPTION_STATES = ['unconfirmed', 'confirmed', 'unsubscribed', 'not-subscribed'] as const;

export const apiSubscriberStatusRequestSchema = z.object({ email: signupEmailField });
export const apiSubscriberStatusAnswerSchema = z.object({
  email: z.string(),
  subscription: z.enum(SUBSCRIPTION_STATES),
  place: z.number().int().nullable().meta({ description: 'The place in line; null when not in line.' }),
  total: z.number().int().nullable().meta({ description: 'How many are in line.' }),
  confirmedReferrals: z.number().int(),
  referralCode: z.string().nullable(),
  inviteStatus: z.string().nullable(),
});

export const apiHookSubscribeRequestSchema = z.object({
  url: z
    .string(invalid)
    .trim()
    .min(1, invalid)
    .max(MAX_WEBHOOK_URL_LENGTH, invalid)
    .meta({ description: 'A public https:// URL that receives the events.' }),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, invalid), invalid)
    .min(1, invalid)
    .max(WEBHOOK_EVENT_TYPES.length, invalid)
    .refine((events) => new Set(events).size === events.length, invalid),
});
export const apiHookSubscribeAnswerSchema = z.object({
  id: z.string().meta({ description: 'The subscription, to unsubscribe it.' }),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  secret: z
    .string()
    .meta({ description: 'The Standard Webhooks signing secret (whsec_…), answered only here.' }),
});

export const apiHookUnsubscribeRequestSchema = z.object({
  id: z.string(invalid).regex(/^[A-Za-z0-9_-]{1,64}$/, invalid),
});
export const apiHookUnsubscribeAnswerSchema = z.object({ ok: z.literal(true) });

export const apiErrorSchema = z.object({ error: z.string() });

export type ApiSignupAddRequest = z.input<typeof apiSignupAddRequestSchema>;
export type ApiSignupAddAnswer = z.output<typeof apiSignupAddAnswerSchema>;
export type ApiSignupListRequest = z.input<typeof apiSignupListRequestSchema>;
export type ApiSignupListAnswer = z.output<typeof apiSignupListAnswerSchema>;
export type ApiSignup = z.output<typeof apiSignupSchema>;
export type ApiSubscriberStatusRequest = z.input<typeof apiSubscriberStatusRequestSchema>;
export type ApiSubscriberStatusAnswer = z.output<typeof apiSubscriberStatusAnswerSchema>;
export type ApiHookSubscribeRequest = z.input<typeof apiHookSubscribeRequestSchema>;
export type ApiHookSubscribeAnswer = z.output<typeof apiHookSubscribeAnswerSchema>;
export type ApiHookUnsubscribeRequest = z.input<typeof apiHookUnsubscribeRequestSchema>;
export type ApiHookUnsubscribeAnswer = z.output<typeof apiHookUnsubscribeAnswerSchema>;
