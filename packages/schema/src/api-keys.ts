// API keys of the public API (/api/v1): what a key may do (its scopes), what staff see of a key, and the
// key's format. A key is `silk_` and 32 random bytes (base64url); the server stores only its SHA-256
// (api_keys/{sha256 hex}), answers the key itself once, when it is created, and never again.
// Pure and zod-free (the panel imports it).

/** The public API's base path: a new version gets a new base, the old one keeps answering. */
export const PUBLIC_API_BASE = '/api/v1';

/** What a key may call, in the panel's order. */
export const API_KEY_SCOPES = ['signups:write', 'signups:read', 'subscribers:read', 'hooks:manage'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** The panel's words for each scope. */
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'signups:write': 'Add signups',
  'signups:read': 'Read signups',
  'subscribers:read': "Read a subscriber's place and status",
  'hooks:manage': 'Manage webhook subscriptions',
};

export const API_KEY_PREFIX = 'silk_';
/** A key as issued: the prefix and 43 base64url characters (32 bytes). */
export const API_KEY_PATTERN = /^silk_[A-Za-z0-9_-]{43}$/;

/** Requests a key may make per minute, unless its creator sets another number (1 to the maximum). */
export const DEFAULT_API_KEY_RATE_PER_MINUTE = 60;
export const MAX_API_KEY_RATE_PER_MINUTE = 1000;
export const MAX_API_KEY_NAME_LENGTH = 80;
/** Keys at most (revoked ones included: their record stays for the trail). */
export const MAX_API_KEYS = 100;

/** What staff see of a key: never the key, only its first characters to recognise it. */
export interface ApiKeyView {
  /** The key's SHA-256 (hex): its record's id. */
  id: string;
  name: string;
  scopes: ApiKeyScope[];
  /** `silk_` and the key's next 4 characters. */
  hint: string;
  ratePerMinute: number;
  createdAt: number;
  createdBy: string;
  /** Milliseconds since 1970, null before its first accepted call. */
  lastUsedAt: number | null;
  revokedAt: number | null;
  revokedBy: string | null;
}
