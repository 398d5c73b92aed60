// API keys and the public API they open: the Admins' key tools (admin host) and the versioned routes
// under /api/v1 (site host), each needing one scope of the caller's key. Every /api/v1 route is in the
// OpenAPI document (functions/src/apikeys/openapi.ts; a test compares the two).
import type {
  ApiKeyCreateRequest,
  ApiKeyCreateResponse,
  ApiKeyListRequest,
  ApiKeyListResponse,
  ApiKeyRevokeRequest,
  ApiKeyRevokeResponse,
} from '../api-key-api';
import { PUBLIC_API_BASE, type ApiKeyScope } from '../api-keys';
import type {
  ApiHookSubscribeAnswer,
  ApiHookSubscribeRequest,
  ApiHookUnsubscribeAnswer,
  ApiHookUnsubscribeRequest,
  ApiSignupAddAnswer,
  ApiSignupAddRequest,
  ApiSignupListAnswer,
  ApiSignupListRequest,
  ApiSubscriberStatusAnswer,
  ApiSubscriberStatusRequest,
} from '../public-api';
import { SITE_PAGE, adminTool, defineRoutes, perKey, route, type PageAnswer } from './route';

const API_KEYS_ADMIN = adminTool('manageApiKeys');

/** A public API call: a key holding `scope` (Authorization: Bearer), its own rate limit per minute. */
const withKey = <const Scope extends ApiKeyScope>(scope: Scope) =>
  ({ hosting: 'site', access: { kind: 'api-key', scope } }) as const;

export const API_KEY_ROUTES = defineRoutes('apikeys', {
  apiKeyList: route<ApiKeyListRequest, ApiKeyListResponse>()({
    path: '/api/api-keys/list',
    ...API_KEYS_ADMIN,
  }),
  /** An Admin creates a key: the answer carries the key, this once. */
  apiKeyCreate: route<ApiKeyCreateRequest, ApiKeyCreateResponse>()({
    path: '/api/api-keys/create',
    ...API_KEYS_ADMIN,
    audit: ['apikey.created'],
  }),
  apiKeyRevoke: route<ApiKeyRevokeRequest, ApiKeyRevokeResponse>()({
    path: '/api/api-keys/revoke',
    ...API_KEYS_ADMIN,
    audit: ['apikey.revoked'],
  }),
  /** The public API's reference: its OpenAPI document, readable, for anyone. */
  apiReference: route<Record<string, never>, PageAnswer>()({
    path: '/developers/api',
    ...SITE_PAGE,
  }),
  /** Adds a signup as the site's join does: the same mail, per-address limit and global ceiling. */
  apiV1SignupAdd: route<ApiSignupAddRequest, ApiSignupAddAnswer>()({
    path: `${PUBLIC_API_BASE}/signups/add`,
    ...withKey('signups:write'),
    rateLimits: [perKey('subscribe', 'email', 'subscribe:email', 'body')],
    secrets: ['MAIL_TOKEN_SECRET'],
  }),
  /** A page of signups in address order, optionally those starting with a search text. */
  apiV1SignupList: route<ApiSignupListRequest, ApiSignupListAnswer>()({
    path: `${PUBLIC_API_BASE}/signups/list`,
    ...withKey('signups:read'),
  }),
  apiV1SubscriberStatus: route<ApiSubscriberStatusRequest, ApiSubscriberStatusAnswer>()({
    path: `${PUBLIC_API_BASE}/subscribers/status`,
    ...withKey('subscribers:read'),
  }),
  /** REST hooks: subscribes a URL to events, delivered signed by the webhook engine. */
  apiV1HookSubscribe: route<ApiHookSubscribeRequest, ApiHookSubscribeAnswer>()({
    path: `${PUBLIC_API_BASE}/hooks/subscribe`,
    ...withKey('hooks:manage'),
    audit: ['webhook.created'],
  }),
  apiV1HookUnsubscribe: route<ApiHookUnsubscribeRequest, ApiHookUnsubscribeAnswer>()({
    path: `${PUBLIC_API_BASE}/hooks/unsubscribe`,
    ...withKey('hooks:manage'),
    audit: ['webhook.removed'],
  }),
});
