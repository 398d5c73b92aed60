// Every route of our HTTP API, keyed by the Cloud Function that serves it, in one declaration each: its
// public path, the Hosting site that rewrites the path to the function, the methods and request media
// types it accepts, who may call it, its rate limits, the audit actions it writes and how it answers.
// The request and answer TYPES of each route are `ApiContract` (api-contract.ts, types only), the zod
// request schemas `REQUEST_SCHEMAS` (api-schemas.ts, server side only): this module stays free of zod,
// because the apps bundle it. The functions' frame (functions/src/http/endpoint.ts) applies every part
// of an entry; the Vite dev proxies and the browser client (packages/data-access) are built from it;
// tests check that firebase.json and the functions' exports agree with it, and the guard tests walk it.
// To add a route: one entry here, its contract and schema, the function in functions/src (exported by
// index.ts) and its rewrite.
import type { AuditAction } from './roles';

export type HostingTarget = 'site' | 'admin';
/** GET only for a page a function renders (`answer: 'html'`): a link in an e-mail opens it. */
export type HttpMethod = 'GET' | 'POST';
/** Request bodies a route reads: JSON, or a native HTML form post (application/x-www-form-urlencoded). */
export type RequestMediaType = 'json' | 'form';

/** What a link in our e-mails is for (its signed token names the purpose). */
export type LinkPurpose = 'confirm' | 'unsubscribe' | 'erase' | 'status';

/**
 * What a staff call needs of its caller. admin: a ready member holding Admin. ready: any member who has
 * set their own password. any-member: a member still on a one-time password too (the password change).
 */
export type StaffRequirement = 'admin' | 'ready' | 'any-member';

/** The 403 message of a staff route's refused caller (keys of the messages in functions/src/http/endpoint.ts). */
export type StaffRefusal =
  | 'staff'
  | 'addMember'
  | 'manageTeam'
  | 'deleteSignup'
  | 'manageReferrals'
  | 'manageInvites'
  | 'manageWebhooks'
  | 'manageImports';

/** Who may call a route. */
export type RouteAccess =
  /** Anyone whose request carries a valid App Check token (X-Firebase-AppCheck): the site's own calls. */
  | { readonly kind: 'app-check' }
  /** Anyone: a public form (its only guards are CORS and the rate limits; sign-in checks the password itself). */
  | { readonly kind: 'public' }
  /**
   * Whoever holds a signed link of ours (`token` in the body). oneClick: the token may come in the URL's
   * query string instead, whatever the body (RFC 8058 one-click unsubscribe).
   */
  | { readonly kind: 'signed-link'; readonly purpose: LinkPurpose; readonly oneClick?: boolean }
  /** The product's backend: `Authorization: Bearer <INVITE_VERIFY_KEY>` (a server key from configuration). */
  | { readonly kind: 'server-key' }
  /**
   * The mail provider: a Standard Webhooks signature (`webhook-*` or `svix-*` headers) of the raw body
   * with MAIL_EVENTS_SECRET, at most five minutes old (401 otherwise).
   */
  | { readonly kind: 'provider-signature' }
  /** A signed-in staff member (Firebase ID token: `Authorization: Bearer` or the body's `token`). */
  | { readonly kind: 'staff'; readonly require: StaffRequirement; readonly refusal: StaffRefusal };

/** The groups of rate limits the server configuration sets (RATE_LIMIT_<GROUP>_PER_IP / _PER_KEY). */
export type RateLimitGroup =
  | 'subscribe'
  | 'waitlistUpdate'
  | 'createTeamMember'
  | 'exportWaitlist'
  | 'manageTeam'
  | 'account'
  | 'signIn'
  | 'passwordReset'
  | 'subscription'
  | 'statusPage'
  | 'statusLink'
  | 'invitePage'
  | 'inviteVerify'
  | 'importRows'
  | 'mailEvents';

/**
 * What a rate limit counts: the client address, the staff caller's e-mail, the body's e-mail, the
 * sign-in identifier (case-folded), or the subscriber a signed link names.
 */
export type RateLimitKey = 'ip' | 'caller' | 'email' | 'identifier' | 'subscriber';

export interface RouteRateLimit {
  /** The counter's name; with the key (hashed) it names the window. */
  readonly scope: string;
  readonly key: RateLimitKey;
  /** The configured number: a group's per-IP or per-key limit. */
  readonly limit: `${RateLimitGroup}.${'perIp' | 'perKey'}`;
  /**
   * request: counted once the caller is let in, before the body is parsed; body: after the body is
   * parsed (and a link's token verified). Keys the body names are counted after it.
   */
  readonly when: 'request' | 'body';
}

export interface ApiRouteEntry {
  /** Path on the Hosting site (and on the app's dev server); every path starts with DEFAULT_API_BASE. */
  readonly path: string;
  readonly hosting: HostingTarget;
  readonly methods: readonly HttpMethod[];
  /** The request bodies the route reads (anything else: 415). */
  readonly bodies: readonly RequestMediaType[];
  readonly access: RouteAccess;
  /** Applied in order; the first one exhausted answers 429. */
  readonly rateLimits: readonly RouteRateLimit[];
  /** The audit actions the route writes (none: []). */
  readonly audit: readonly AuditAction[];
  /**
   * A JSON object, a file (the spreadsheet), or an HTML page (a GET route outside the API's base path,
   * opened from a link in an e-mail).
   */
  readonly answer: 'json' | 'file' | 'html';
  /** The largest body the route reads (MAX_BODY_BYTES, 16 KB, when absent). */
  readonly maxBodyBytes?: number;
}

const JSON_ONLY = ['json'] as const;
const POST = ['POST'] as const;

/** Signups, whichever path they take (subscribe, join): one count per address and per e-mail. */
const SIGNUP_LIMITS = [
  { scope: 'subscribe:ip', key: 'ip', limit: 'subscribe.perIp', when: 'request' },
  { scope: 'subscribe:email', key: 'email', limit: 'subscribe.perKey', when: 'body' },
] as const;
/** The links in our e-mails: per address and per subscriber, once the token is verified. */
const LINK_LIMITS = [
  { scope: 'subscription:ip', key: 'ip', limit: 'subscription.perIp', when: 'body' },
  { scope: 'subscription:key', key: 'subscriber', limit: 'subscription.perKey', when: 'body' },
] as const;
/** Staff calls: per address and per caller, before the body is parsed. */
function staffLimits<Group extends RateLimitGroup, KeyScope extends string>(
  group: Group,
  keyScope: KeyScope,
) {
  return [
    { scope: `${group}:ip`, key: 'ip', limit: `${group}.perIp`, when: 'request' },
    { scope: keyScope, key: 'caller', limit: `${group}.perKey`, when: 'request' },
  ] as const;
}
/** Sign-in and reset requests: per address and per identifier, once the body is parsed. */
function identifierLimits<Group extends RateLimitGroup>(group: Group) {
  return [
    { scope: `${group}:ip`, key: 'ip', limit: `${group}.perIp`, when: 'body' },
    { scope: `${group}:key`, key: 'identifier', limit: `${group}.perKey`, when: 'body' },
  ] as const;
}
const TEAM = { kind: 'staff', require: 'admin', refusal: 'manageTeam' } as const;
const REFERRALS_ADMIN = { kind: 'staff', require: 'admin', refusal: 'manageReferrals' } as const;
const INVITES_ADMIN = { kind: 'staff', require: 'admin', refusal: 'manageInvites' } as const;
const WEBHOOKS_ADMIN = { kind: 'staff', require: 'admin', refusal: 'manageWebhooks' } as const;
const IMPORTS_ADMIN = { kind: 'staff', require: 'admin', refusal: 'manageImports' } as const;
/** The invitation's pages and forms: per address, then per invitation code. */
const INVITE_LIMITS = [
  { scope: 'invitePage:ip', key: 'ip', limit: 'invitePage.perIp', when: 'request' },
] as const;

export const API_ROUTES = {
  subscribe: {
    path: '/api/subscribe',
    hosting: 'site',
    methods: POST,
    bodies: JSON_ONLY,
    access: { kind: 'app-check' },
    rateLimits: SIGNUP_LIMITS,
    audit: [],
    answer: 'json',
  },
  waitlistUpdate: {
    path: '/api/waitlist-update',
    hosting: 'site',
    methods: POST,
    bodies: JSON_ONLY,
    access: { kind: 'app-check' },
    rateLimits: [
      { scope: 'waitlistUpdate:ip', key: 'ip', limit: 'waitlistUpdate.perIp', when: 'request' },
      { scope: 'waitlistUpdate:email', key: 'email', limit: 'waitlistUpdate.perKey', when: 'body' },
    ],
    audit: [],
    answer: 'json',
  },
  joinWaitlist: {
    path: '/api/join',
    hosting: 'site',
    methods: POST,
    bodies: ['json', 'form'],
    access: { kind: 'public' },
    rateLimits: SIGNUP_LIMITS,
    audit: [],
    answer: 'json',
  },
  /** The "Confirm my spot" link's page: the shell with the link's token in its form (changes nothing). */
  confirmPage: {
    path: '/confirm',
    hosting: 'site',
    methods: ['GET'],
    bodies: [],
    access: { kind: 'public' },
    rateLimits: [],
    audit: [],
    answer: 'html',
  },
  confirmSubscription: {
    path: '/api/confirm',
    hosting: 'site',
    methods: POST,
    bodies: ['json', 'form'],
    access: { kind: 'signed-link', purpose: 'confirm' },
    rateLimits: LINK_LIMITS,
    audit: [],
    answer: 'json',
  },
  unsubscribe: {
    path: '/api/unsubscribe',
    hosting: 'site',
    methods: POST,
    bodies: ['json', 'form'],
    access: { kind: 'signed-link', purpose: 'unsubscribe', oneClick: true },
    rateLimits: LINK_LIMITS,
    audit: [],
    answer: 'json',
  },
  resubscribe: {
    path: '/api/resubscribe',
    hosting: 'site',
    methods: POST,
    bodies: ['json', 'form'],
    access: { kind: 'signed-link', purpose: 'unsubscribe' },
    rateLimits: LINK_LIMITS,
    audit: [],
    answer: 'json',
  },
  /** The "Unsubscribe" and "Delete my data" links' page: the shell with the link's tokens in its forms. */
  unsubscribePage: {
    path: '/unsubscribe',
    hosting: 'site',
    methods: ['GET'],
    bodies: [],
    access: { kind: 'public' },
    rateLimits: [],
    audit: [],
    answer: 'html',
  },
  eraseSubscriber: {
    path: '/api/erase',
    hosting: 'site',
    methods: POST,
    bodies: JSON_ONLY,
    access: { kind: 'signed-link', purpose: 'erase' },
    rateLimits: LINK_LIMITS,
    audit: ['signup.erased'],
    answer: 'json',
  },
  createTeamMember: {
    path: '/api/admin',
    hosting: 'admin',
    methods: POST,
    bodies: JSON_ONLY,
    access: { kind: 'staff', require: 'admin', refusal: 'addMember' },
    rateLimits: staffLimits('createTeamMember', 'createTeamMember:caller'),
    audit: ['member.added'],
    answer: 'json',
  },
  exportWaitlist: {
    path: '/api/xlsxdown',
    hosting: 'admin',
    methods: POST,
    bodies: JSON_ONLY,
    access: { kind: 'staff', require: 'ready', refusal: 'staff' },
    rateLimits: staffLimits('exportWaitlist', 'exportWaitlist:caller'),
    audit: ['export'],
    answer: 'file',
  },
  signIn: {
    path: '/api/sign-in',
    hosting: 'admin',
    methods: POST,
    bodies: JSON_ONLY,
    access: { kind: 'public' },
    rateLimits: identifierLimits('signIn'),
    audit: [],
    answer: 'json',
  },
  requestPasswordReset: {
    path: '/api/password-reset',
    hosting: 'admin',
    methods: POST,
    bodies: JSON_ONLY,
    access: { kind: 'public' },
    rateLimits: identifierLimits('passwordReset'),
    audit: [],
    answer: 'json',
  },
  changePassword: {
    path: '/api/account/password',
    hosting: 'admin',
    methods: POST,
    bodies: JSON_ONLY,
    access: { kind: 'staff', require: 'any-member', refusal: 'staff' },
    rateLimits: staffLimits('account', 'account:key'),
    audit: ['password.changed'],
    answer: 'json',
  },
  changeUsername: {
    path: '/api/account/username',
    hosting: 'admin',
    methods: POST,
    bodies: JSON_ONLY,
    access: { kind: 'staff', require: 'ready', refusal: 'staff' },
    rateLimits: staffLimits('account', 'account:key'),
    audit: ['username.changed'],
    answer: 'json',
  },
  teamList: {
    path: '/api/team/list',
    hosting: 'admin',
    methods: POST,
    bodies: JSON_ONLY,
    access: TEAM,
    rateLimits: staffLimits('manageTeam', 'manageTeam:key'),
    audit: [],
    answer: 'json',
  },
  teamUpdate: {
    path: '/api/team/update',
    hosting: 'admin',
    methods: POST,
    bodies: JSON_ONLY,
    access: TEAM,
    rateLimits: staffLimits('manageTeam', 'manageTeam:key'),
    audit: ['member.updated', 'member.disabled', 'member.enabled'],
    answer: 'json',
  },
  teamRemove: {
    path: '/api/team/remove',
    hosting: 'admin',
    methods: POST,
    bodies: JSON_ONLY,
    access: TEAM,
    rateLimits: staffLimits('manageTeam', 'manageTeam:key'),
    audit: ['member.removed'],
    answer: 'json',
  },
  deleteSignup: {
    path: '/api/signups/delete',
    hosting: 'admin',
    methods: POST,
    bodies: JSON_ONLY,
    access: { kind: 'staff', require: 'admin', refusal: 'deleteSignup' },
    rateLimits: staffLimits('manageTeam', 'manageTeam:key'),
    audit: ['signup.deleted'],
    answer: 'json',
  },
  /** The subscriber's private status page: `GET /status?token=<signed status link>`, rendered with the numbers. */
  statusPage: {
    path: '/status',
    hosting: 'site',
    methods: ['GET'],
    bodies: [],
    access: { kind: 'public' },
    rateLimits: [{ scope: 'statusPage:ip', key: 'ip', limit: 'statusPage.perIp', when: 'request' }],
    audit: [],
    answer: 'html',
  },
  /** A fresh status link, sent only to the address itself (the answer is the same for any address). */
  statusLink: {
    path: '/api/status-link',
    hosting: 'site',
    methods: POST,
    bodies: ['json', 'form'],
    access: { kind: 'public' },
    rateLimits: [
      { scope: 'statusLink:ip', key: 'ip', limit: 'statusLink.perIp', when: 'request' },
      { scope: 'statusLink:email', key: 'email', limit: 'statusLink.perKey', when: 'body' },
    ],
    audit: [],
    answer: 'json',
  },
  /** An Admin grants or rejects withheld referral credit. */
  reviewReferral: {
    path: '/api/referrals/review',
    hosting: 'admin',
    methods: POST,
    bodies: JSON_ONLY,
    access: REFERRALS_ADMIN,
    rateLimits: staffLimits('manageTeam', 'manageTeam:key'),
    audit: ['referral.granted', 'referral.rejected'],
    answer: 'json',
  },
  /** An Admin chooses the ranking rule; everyone is re-ranked. */
  setRankingRule: {
    path: '/api/ranking',
    hosting: 'admin',
    methods: POST,
    bodies: JSON_ONLY,
    access: REFERRALS_ADMIN,
    rateLimits: staffLimits('manageTeam', 'manageTeam:key'),
    audit: ['ranking.changed'],
    answer: 'json',
  },
  /** The invitation page: `GET /invite?code=…`, rendered with the invitation's state and its two forms. */
  invitePage: {
    path: '/invite',
    hosting: 'site',
    methods: ['GET'],
    bodies: [],
    access: { kind: 'public' },
    rateLimits: INVITE_LIMITS,
    audit: [],
    answer: 'html',
  },
  /** Redeems an invitation (JSON, or the page's form: 303 to the product's sign-up address with a one-time token). */
  redeemInvite: {
    path: '/api/invite/redeem',
    hosting: 'site',
    methods: POST,
    bodies: ['json', 'form'],
    access: { kind: 'public' },
    rateLimits: INVITE_LIMITS,
    audit: [],
    answer: 'json',
  },
  /** "Not now": keeps the place on the waitlist or leaves it (the visitor's choice). */
  declineInvite: {
    path: '/api/invite/decline',
    hosting: 'site',
    methods: POST,
    bodies: ['json', 'form'],
    access: { kind: 'public' },
    rateLimits: INVITE_LIMITS,
    audit: [],
    answer: 'json',
  },
  /** The product's backend checks a redeemed invitation's one-time token. */
  verifyInvite: {
    path: '/api/invite/verify',
    hosting: 'site',
    methods: POST,
    bodies: JSON_ONLY,
    access: { kind: 'server-key' },
    rateLimits: [{ scope: 'inviteVerify:ip', key: 'ip', limit: 'inviteVerify.perIp', when: 'request' }],
    audit: [],
    answer: 'json',
  },
  /** An Admin previews or starts a wave (idempotent by its request id). */
  inviteWave: {
    path: '/api/invites/wave',
    hosting: 'admin',
    methods: POST,
    bodies: JSON_ONLY,
    access: INVITES_ADMIN,
    rateLimits: staffLimits('manageTeam', 'manageTeam:key'),
    audit: ['invites.wave'],
    answer: 'json',
  },
  /** An Admin sets or pauses the daily drip. */
  inviteDrip: {
    path: '/api/invites/drip',
    hosting: 'admin',
    methods: POST,
    bodies: JSON_ONLY,
    access: INVITES_ADMIN,
    rateLimits: staffLimits('manageTeam', 'manageTeam:key'),
    audit: ['invites.drip'],
    answer: 'json',
  },
  /** An Admin lists the webhook endpoints and their newest deliveries. */
  webhookList: {
    path: '/api/webhooks/list',
    hosting: 'admin',
    methods: POST,
    bodies: JSON_ONLY,
    access: WEBHOOKS_ADMIN,
    rateLimits: staffLimits('manageTeam', 'manageTeam:key'),
    audit: [],
    answer: 'json',
  },
  /** An Admin adds an endpoint (its secret answered once) or changes one. */
  webhookSave: {
    path: '/api/webhooks/save',
    hosting: 'admin',
    methods: POST,
    bodies: JSON_ONLY,
    access: WEBHOOKS_ADMIN,
    rateLimits: staffLimits('manageTeam', 'manageTeam:key'),
    audit: ['webhook.created', 'webhook.updated'],
    answer: 'json',
  },
  webhookRemove: {
    path: '/api/webhooks/remove',
    hosting: 'admin',
    methods: POST,
    bodies: JSON_ONLY,
    access: WEBHOOKS_ADMIN,
    rateLimits: staffLimits('manageTeam', 'manageTeam:key'),
    audit: ['webhook.removed'],
    answer: 'json',
  },
  /** "Send again": one more attempt of a delivery, now. */
  webhookRedeliver: {
    path: '/api/webhooks/redeliver',
    hosting: 'admin',
    methods: POST,
    bodies: JSON_ONLY,
    access: WEBHOOKS_ADMIN,
    rateLimits: staffLimits('manageTeam', 'manageTeam:key'),
    audit: ['webhook.redelivered'],
    answer: 'json',
  },
  /** An Admin starts a CSV import, or resumes it (the same import id). */
  importStart: {
    path: '/api/import/start',
    hosting: 'admin',
    methods: POST,
    bodies: JSON_ONLY,
    access: IMPORTS_ADMIN,
    rateLimits: staffLimits('manageTeam', 'manageTeam:key'),
    audit: ['import.started'],
    answer: 'json',
  },
  /** One chunk of an import's rows (at most IMPORT_CHUNK_ROWS), written once. */
  importChunk: {
    path: '/api/import/chunk',
    hosting: 'admin',
    methods: POST,
    bodies: JSON_ONLY,
    access: IMPORTS_ADMIN,
    rateLimits: staffLimits('importRows', 'importRows:caller'),
    audit: [],
    answer: 'json',
    maxBodyBytes: 1024 * 1024,
  },
  importList: {
    path: '/api/import/list',
    hosting: 'admin',
    methods: POST,
    bodies: JSON_ONLY,
    access: IMPORTS_ADMIN,
    rateLimits: staffLimits('manageTeam', 'manageTeam:key'),
    audit: [],
    answer: 'json',
  },
  /** The mail provider reports a bounce or complaint (signed): the address is suppressed. */
  mailEvents: {
    path: '/api/mail-events',
    hosting: 'site',
    methods: POST,
    bodies: JSON_ONLY,
    access: { kind: 'provider-signature' },
    rateLimits: [{ scope: 'mailEvents:ip', key: 'ip', limit: 'mailEvents.perIp', when: 'request' }],
    audit: [],
    answer: 'json',
    maxBodyBytes: 64 * 1024,
  },
} as const satisfies Record<string, ApiRouteEntry>;

/** A Cloud Function id; each one serves exactly one route. */
export type FunctionId = keyof typeof API_ROUTES;

/** The routes whose callers are staff (the browser client attaches the staff ID token to them). */
export type StaffRouteId = {
  [K in FunctionId]: (typeof API_ROUTES)[K]['access'] extends { kind: 'staff' } ? K : never;
}[FunctionId];

export interface ApiRoute extends ApiRouteEntry {
  readonly functionId: FunctionId;
}

/** The routes, optionally only those of one Hosting site, in registry order. */
export function apiRoutes(hosting?: HostingTarget): ApiRoute[] {
  return (Object.keys(API_ROUTES) as FunctionId[])
    .map((functionId): ApiRoute => ({ functionId, ...API_ROUTES[functionId] }))
    .filter((route) => hosting === undefined || route.hosting === hosting);
}
