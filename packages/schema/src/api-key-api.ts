// Request and response shapes of the Admins' API key routes: list, create (the key answered once), revoke.
import * as z from 'zod';
import {
  API_KEY_SCOPES,
  DEFAULT_API_KEY_RATE_PER_MINUTE,
  MAX_API_KEY_NAME_LENGTH,
  MAX_API_KEY_RATE_PER_MINUTE,
  type ApiKeyView,
} from './api-keys';
import { API_KEY_REQUEST_INVALID } from './messages';

const invalid = { error: API_KEY_REQUEST_INVALID };

export const apiKeyListRequestSchema = z.object({});
export type ApiKeyListRequest = z.input<typeof apiKeyListRequestSchema>;
export interface ApiKeyListResponse {
  keys: ApiKeyView[];
}

export const apiKeyCreateRequestSchema = z.object({
  name: z.string(invalid).trim().min(1, invalid).max(MAX_API_KEY_NAME_LENGTH, invalid),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, invalid), invalid)
    .min(1, invalid)
    .max(API_KEY_SCOPES.length, invalid)
    .refine((scopes) => new Set(scopes).size === scopes.length, invalid),
  ratePerMinute: z
    .number(invalid)
    .int(invalid)
    .min(1, invalid)
    .max(MAX_API_KEY_RATE_PER_MINUTE, invalid)
    .default(DEFAULT_API_KEY_RATE_PER_MINUTE),
});
export type ApiKeyCreateRequest = z.input<typeof apiKeyCreateRequestSchema>;
export interface ApiKeyCreateResponse {
  key: ApiKeyView;
  /** The key itself: in this answer only. */
  secret: string;
}

export const apiKeyRevokeRequestSchema = z.object({
  id: z.string(invalid).regex(/^[0-9a-f]{64}$/, invalid),
});
export type ApiKeyRevokeRequest = z.input<typeof apiKeyRevokeRequestSchema>;
export interface ApiKeyRevokeResponse {
  key: ApiKeyView;
}
