// How a route of our HTTP API is declared: its public path, the Hosting site that rewrites the path to
// its function, the methods and request media types it accepts, who may call it, its rate limits, the
// audit actions it writes, how it answers, the secrets and runtime its function needs, and, as types
// only, what it takes and answers. Each domain module beside this one declares its routes with
// `defineRoutes`; api-routes.ts joins them. From a declaration are derived: the functions' frame
// (functions/src/http/endpoint.ts), the function's export and options (functions/src/index.ts, written by
// `pnpm routes:write`), the Hosting rewrite (firebase.json, the same command), the browser client and the
// Vite dev proxies. No zod here: the apps bundle these modules; the request schemas are REQUEST_SCHEMAS
// (api-schemas.ts, server side only).
import type { ApiKeyScope } from '../api-keys';
import type { AuditAction } from '../roles';

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
  | 'manageImports'
  | 'manageApiKeys'
  | 'manageEmbeds'
  | 'manageMailCopy'
  | 'manageRewards'
  | 'manageBroadcasts';

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
  /** A caller of the public API: `Authorization: Bearer <API key>`, a live key holding `scope` (401 / 403). */
  | { readonly kind: 'api-key'; readonly scope: ApiKeyScope }
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
  /**
   * The origins its CORS lets in: the configured ones (absent), or those and the sites an Admin allowed
   * to embed the signup widget (`embedders`: settings/embed, read when an Origin is not a configured one).
   */
  readonly origins?: 'embedders';
  /** The largest body the route reads (MAX_BODY_BYTES, 16 KB, when absent). */
  readonly maxBodyBytes?: number;
  /** The secrets its function binds beyond those its access implies (ACCESS_SECRETS). */
  readonly secrets?: readonly ServerSecret[];
  /** Its function's runtime options, where the defaults do not fit. */
  readonly runtime?: { readonly timeoutSeconds?: number; readonly memory?: '512MiB' | '1GiB' | '2GiB' };
}

/** The secrets a function can bind (their values come from Secret Manager, or .secret.local locally). */
export type ServerSecret =
  | 'MAIL_TOKEN_SECRET'
  | 'RECAPTCHA_SECRET_KEY'
  | 'INVITE_VERIFY_KEY'
  | 'MAIL_EVENTS_SECRET'
  | 'SMTP_CONNECTION_URI';

/** What each kind of access needs to check its caller. */
export const ACCESS_SECRETS: Record<RouteAccess['kind'], readonly ServerSecret[]> = {
  'app-check': [],
  public: [],
  'signed-link': ['MAIL_TOKEN_SECRET'],
  'server-key': ['INVITE_VERIFY_KEY'],
  'provider-signature': ['MAIL_EVENTS_SECRET'],
  staff: [],
  'api-key': [],
};

/** Every secret a route's function binds: those its access implies, then its own. */
export function routeSecrets(entry: ApiRouteEntry): ServerSecret[] {
  return [...new Set([...ACCESS_SECRETS[entry.access.kind], ...(entry.secrets ?? [])])];
}

/** The answer of a route that sends a file (the spreadsheet) rather than JSON. */
export interface FileAnswer {
  readonly file: true;
}

/** The answer of a page route: an HTML document, not JSON. */
export interface PageAnswer {
  readonly page: true;
}

/** What a route takes (the JSON body the client sends, a staff caller's token aside) and its 200 answer. */
export interface RouteContract<Request, Answer> {
  request: Request;
  answer: Answer;
}

/** What most routes are: a JSON POST, no limits or audit of their own, answered with JSON. */
const ROUTE_DEFAULTS = {
  methods: ['POST'],
  bodies: ['json'],
  rateLimits: [],
  audit: [],
  answer: 'json',
} as const;
type RouteDefaults = typeof ROUTE_DEFAULTS;

type RouteInput = Partial<ApiRouteEntry> & Pick<ApiRouteEntry, 'path' | 'hosting' | 'access'>;

/** A declared route: its entry with the defaults filled in, and its contract (a type, never a value). */
export type DeclaredRoute<Input, Request, Answer> = Omit<RouteDefaults, keyof Input> &
  Input & { readonly contract?: RouteContract<Request, Answer> };

/**
 * Declares one route: `route<Request, Answer>()({ path, hosting, access, … })`. Left out: POST, JSON
 * bodies, no rate limits, no audit, a JSON answer.
 */
export function route<Request, Answer>() {
  return <const Input extends RouteInput>(input: Input): DeclaredRoute<Input, Request, Answer> =>
    ({ ...ROUTE_DEFAULTS, ...input }) as DeclaredRoute<Input, Request, Answer>;
}

/** The folders of functions/src that serve routes: a route's function is `<domain>/<its id in kebab case>.ts`. */
export type RouteDomain =
  | 'subscribers'
  | 'signups'
  | 'staff'
  | 'status'
  | 'referrals'
  | 'ranking'
  | 'invites'
  | 'webhooks'
  | 'imports'
  | 'suppression'
  | 'apikeys'
  | 'broadcasts';

/** One domain's routes, keyed by the Cloud Function that serves each, with the domain they belong to. */
export function defineRoutes<
  const Domain extends RouteDomain,
  const Routes extends Record<string, ApiRouteEntry>,
>(domain: Domain, routes: Routes): { readonly [K in keyof Routes]: Routes[K] & { readonly domain: Domain } } {
  return Object.fromEntries(
    Object.entries(routes).map(([functionId, entry]) => [functionId, { ...entry, domain }]),
  ) as { readonly [K in keyof Routes]: Routes[K] & { readonly domain: Domain } };
}

/** A group's limit per client address, counted before the body is parsed unless `when` says otherwise. */
export function perIp<const Group extends RateLimitGroup>(
  group: Group,
  when: RouteRateLimit['when'] = 'request',
) {
  return { scope: `${group}:ip`, key: 'ip', limit: `${group}.perIp`, when } as const;
}

/** A group's limit per key (`scope` names its counter), counted when `when` says. */
export function perKey<const Group extends RateLimitGroup>(
  group: Group,
  key: RateLimitKey,
  scope: string,
  when: RouteRateLimit['when'],
) {
  return { scope, key, limit: `${group}.perKey`, when } as const;
}

/** A visitor's call naming an e-mail: one count per client address, and per e-mail once the body is parsed. */
export function perIpAndEmail<const Group extends RateLimitGroup>(group: Group) {
  return [perIp(group), perKey(group, 'email', `${group}:email`, 'body')] as const;
}

/** Signups, whichever path they take (subscribe, join): one count per address and per e-mail. */
export const SIGNUP_LIMITS = perIpAndEmail('subscribe');

/** Staff calls: per address and per caller, before the body is parsed. */
export function staffLimits<const Group extends RateLimitGroup>(group: Group, keyScope: string) {
  return [perIp(group), perKey(group, 'caller', keyScope, 'request')] as const;
}

/** The limits most Admin tools share. */
export const MANAGE_TEAM_LIMITS = staffLimits('manageTeam', 'manageTeam:key');

/** A call only a ready Admin may make; `refusal` names the 403 message the others get. */
export function adminOnly<const Refusal extends StaffRefusal>(refusal: Refusal) {
  return { kind: 'staff', require: 'admin', refusal } as const;
}

/** A call of the panel any member may make who meets `require` (the others: the staff refusal). */
export function memberCall<const Require extends StaffRequirement>(require: Require) {
  return { hosting: 'admin', access: { kind: 'staff', require, refusal: 'staff' } } as const;
}

/** A tool of the panel for Admins only, with the limits the Admin tools share. */
export function adminTool<const Refusal extends StaffRefusal>(refusal: Refusal) {
  return { hosting: 'admin', access: adminOnly(refusal), rateLimits: MANAGE_TEAM_LIMITS } as const;
}

/** A page a link opens: GET on the site, for anyone, answered with HTML. */
export const SITE_PAGE = {
  hosting: 'site',
  methods: ['GET'],
  bodies: [],
  access: { kind: 'public' },
  answer: 'html',
} as const;

/** A public form of the site: a JSON call, or the page's native form post. */
export const SITE_FORM = { hosting: 'site', bodies: ['json', 'form'], access: { kind: 'public' } } as const;
