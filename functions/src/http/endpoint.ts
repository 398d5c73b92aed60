// The frame of every HTTP function, applying its route's declaration (@silk/schema/api-routes) in one
// order, so no route can leave a step out:
//   1. CORS for the configured origins (and, on a route declared `origins: 'embedders'`, the sites an Admin
//      allowed to embed the widget: embed-origins.ts) (403 / the preflight's 204), then errors as `{error}` (http.ts);
//   2. the route's methods (405), body ≤ 16 KB (413), its media types (415), a JSON object (400) — or a
//      form / a one-click unsubscribe where the route declares one;
//   3. who may call it: App Check (401), a server key (401), an API key with the route's scope and within
//      its own rate (401 / 403 / 429), or the staff caller and the access the route needs (401 / 403);
//   4. the rate limits counted per request (429), then the body parsed with the route's schema (400),
//      a signed link's token verified (400 / 401), then the limits the body names (429);
//   5. the handler, given the parsed body, the caller or subscriber, the client address and an audit
//      writer for the route's declared actions only; its answer is sent as 200 JSON (a file or page route
//      writes its own response).
// A page route (`answer: 'html'`, GET) has no body: its handler reads the query (`queryToken`) and
// refusals are pages too (`options.page`).
import type { ApiAnswer } from '@silk/schema/api-contract';
import {
  API_ROUTES,
  type ApiRouteEntry,
  type FunctionId,
  type RateLimitKey,
  type RouteAccess,
  type StaffRefusal,
} from '@silk/schema/api-routes';
import { REQUEST_SCHEMAS, type ParsedRequest } from '@silk/schema/api-schemas';
import {
  ADMIN_REQUIRED,
  API_KEYS_ADMIN_REQUIRED,
  BROADCASTS_ADMIN_REQUIRED,
  EMBED_ADMIN_REQUIRED,
  REWARDS_ADMIN_REQUIRED,
  LINK_EXPIRED,
  MAIL_COPY_ADMIN_REQUIRED,
  LINK_INVALID,
  SIGNUP_DELETE_ADMIN_REQUIRED,
  REFERRALS_ADMIN_REQUIRED,
  INVITES_ADMIN_REQUIRED,
  IMPORTS_ADMIN_REQUIRED,
  STAFF_REQUIRED,
  WEBHOOKS_ADMIN_REQUIRED,
  TEAM_ADMIN_REQUIRED,
} from '@silk/schema/messages';
import { mailboxKey } from '@silk/schema/mailbox';
import { usernameKey } from '@silk/schema/validators';
import type { AdminServices } from '../shared/admin';
import { writeAudit, type AuditEntry } from '../shared/audit';
import type { ServerConfig } from '../shared/config';
import { inviteVerifyKey, mailEventsSecret, mailTokenSecret } from '../shared/secrets';
import { serverDeps, type ServerDeps } from '../shared/server-deps';
import { apiKeyActor, verifyApiKey, type ApiKeyCaller } from './api-key';
import { verifyAppCheck } from './app-check';
import { embedderCors } from './embed-origins';
import { idTokenFrom, requireReadyAdmin, requireReadyStaff, verifyCaller, type Caller } from './auth';
import {
  checkMethod,
  clientIp,
  guardedHandler,
  HttpError,
  parseBody,
  readJsonRequest,
  readRawBody,
  sendError,
  sendJson,
  type HttpHandler,
  type HttpRequest,
  type HttpResponse,
  type JsonBody,
  type Refuse,
} from './http';
import { LinkTokenError, verifyLinkToken, type LinkPurpose } from './link-token';
import { verifyProviderSignature } from './provider-signature';
import { enforceRateLimits, type RateLimitCheck } from './rate-limit';
import { verifyServerKey } from './server-key';

type Route<K extends FunctionId> = (typeof API_ROUTES)[K];
type AccessOf<K extends FunctionId> = Route<K>['access'];

/** The audit actions a route declares (none: the handler gets no way to write one). */
export type AuditActionOf<K extends FunctionId> = Route<K>['audit'][number];

/** The member a staff route let in. */
export interface StaffCaller {
  email: string;
  uid: string;
  /** The ID token's auth_time (seconds), when the route lets in any member (the password change). */
  authTime?: number;
}

/** An audit entry of the route; the actor is the staff caller unless given. */
export interface EndpointAudit<K extends FunctionId> {
  action: AuditActionOf<K>;
  target: string;
  details: Record<string, unknown>;
  actor?: string;
}

export interface EndpointContext<K extends FunctionId> {
  req: HttpRequest;
  res: HttpResponse;
  services: AdminServices;
  config: ServerConfig;
  /** The client address (config.clientIpHops). */
  ip: string;
  body: ParsedRequest<K>;
  caller: AccessOf<K> extends { kind: 'staff' } ? StaffCaller : null;
  /** The subscriber a signed link names. */
  subscriberId: AccessOf<K> extends { kind: 'signed-link' } ? string : null;
  /** The API key a public API route let in. */
  apiKey: AccessOf<K> extends { kind: 'api-key' } ? ApiKeyCaller : null;
  audit: (entry: EndpointAudit<K>) => Promise<void>;
}

/** Returned by a handler that has written its own response (a file). */
export const ANSWERED = Symbol('answered');

export type EndpointAnswer<K extends FunctionId> = Route<K>['answer'] extends 'file' | 'html'
  ? typeof ANSWERED
  : ApiAnswer<K>;

export type EndpointHandler<K extends FunctionId> = (
  context: EndpointContext<K>,
) => Promise<EndpointAnswer<K>>;

export interface EndpointDeps extends ServerDeps {
  /** The caller of a staff route: by default its ID token, verified and bound to its staff record. */
  authorize: (req: HttpRequest, body: JsonBody) => Promise<Caller>;
  /** Counts the request against limits, in order (by default Firestore windows; 429 at the first exhausted). */
  rateLimit: (checks: RateLimitCheck[]) => Promise<void>;
  /** Writes an audit entry (by default to audit_log). */
  audit: (entry: AuditEntry) => Promise<void>;
  /** The key that signs the links in our e-mails (signed-link routes). */
  linkSecret: () => string;
  /** The key a server-key route's caller must present (the product's backend: INVITE_VERIFY_KEY). */
  serverKey: () => string;
  /** The secret a provider-signature route's requests are signed with (MAIL_EVENTS_SECRET). */
  providerSecret: () => string;
}

/**
 * The server secret (MAIL_TOKEN_SECRET) for a handler made with `deps`: it signs the e-mail links and
 * keys the hashes of shared/keyed-hash.ts. A function that reads it declares `secrets: [mailTokenSecret]`.
 */
export function linkSecretOf(deps: Partial<EndpointDeps>): () => string {
  return deps.linkSecret ?? (() => mailTokenSecret.value());
}

/** How a route that reads HTML forms answers them (a page rather than JSON). */
export interface FormAnswers {
  /** The answer to an accepted form, given the handler's answer and the form's parsed body. */
  accepted: (res: HttpResponse, answer: unknown, body: Record<string, unknown>) => void;
  /** The answer to a refused one. */
  refuse: Refuse;
}

export interface EndpointOptions {
  /** For a route whose declaration reads forms. */
  form?: FormAnswers;
  /** For a page route (`answer: 'html'`): how its refusals are shown. */
  page?: { refuse: Refuse };
}

const STAFF_REFUSALS: Record<StaffRefusal, string> = {
  staff: STAFF_REQUIRED,
  addMember: ADMIN_REQUIRED,
  manageTeam: TEAM_ADMIN_REQUIRED,
  deleteSignup: SIGNUP_DELETE_ADMIN_REQUIRED,
  manageReferrals: REFERRALS_ADMIN_REQUIRED,
  manageInvites: INVITES_ADMIN_REQUIRED,
  manageWebhooks: WEBHOOKS_ADMIN_REQUIRED,
  manageImports: IMPORTS_ADMIN_REQUIRED,
  manageApiKeys: API_KEYS_ADMIN_REQUIRED,
  manageEmbeds: EMBED_ADMIN_REQUIRED,
  manageMailCopy: MAIL_COPY_ADMIN_REQUIRED,
  manageRewards: REWARDS_ADMIN_REQUIRED,
  manageBroadcasts: BROADCASTS_ADMIN_REQUIRED,
};

/** The staff route's access check: the member it lets in, or a 403 with the route's refusal. */
function admitStaff(caller: Caller, access: Extract<RouteAccess, { kind: 'staff' }>): StaffCaller {
  const refusal = STAFF_REFUSALS[access.refusal];
  switch (access.require) {
    case 'admin':
      return requireReadyAdmin(caller, refusal);
    case 'ready':
      return requireReadyStaff(caller, refusal);
    case 'any-member':
      if (caller.roles === null) throw new HttpError(403, refusal);
      return caller;
  }
}

/** The subscriber id a link token names; an HttpError when the token is refused. */
export function verifiedSubject(secret: string, token: string, purpose: LinkPurpose): string {
  try {
    return verifyLinkToken(secret, token, purpose).subject;
  } catch (error) {
    if (!(error instanceof LinkTokenError)) throw error;
    if (error.problem === 'malformed') throw new HttpError(400, LINK_INVALID);
    throw new HttpError(401, error.problem === 'expired' ? LINK_EXPIRED : LINK_INVALID);
  }
}

/** The token in a link's URL (`?token=…`: one-click unsubscribe, the status page), null without one. */
export function queryToken(req: HttpRequest & { url?: string }): string | null {
  const token = new URL(req.url ?? '/', 'http://localhost').searchParams.get('token')?.trim();
  return token ? token : null;
}

const FORM_TYPE = 'application/x-www-form-urlencoded';

function isFormRequest(req: HttpRequest): boolean {
  const type = req.headers['content-type'];
  return (Array.isArray(type) ? type[0] : type)?.split(';')[0]?.trim().toLowerCase() === FORM_TYPE;
}

/** What each kind of rate-limit key counts, once it is known. */
interface LimitKeys {
  ip: string;
  caller: StaffCaller | null;
  body: Record<string, unknown> | null;
  subscriberId: string | null;
}

function limitKey(key: RateLimitKey, known: LimitKeys): string {
  const field = (name: string) => {
    const value = known.body?.[name];
    if (typeof value !== 'string') throw new Error(`rate limit key ${key} read before the body`);
    return value;
  };
  switch (key) {
    case 'ip':
      return known.ip;
    case 'caller':
      if (!known.caller) throw new Error('rate limit key caller on a route without a staff caller');
      return known.caller.email;
    case 'email':
      // One mailbox counts once: `victim+1@…`, `victim+2@…` (and Gmail's dotted forms) are one key.
      return mailboxKey(field('email'));
    case 'identifier':
      // The same person typed in any case counts once.
      return usernameKey(field('identifier'));
    case 'subscriber':
      if (known.subscriberId === null) throw new Error('rate limit key subscriber on a route without a link');
      return known.subscriberId;
  }
}

/**
 * The handler of the function `id`, inside its route's frame. `deps` replace the deployed services
 * (tests, benchmarks); `options.form` answers a route that reads HTML forms.
 */
export function endpoint<K extends FunctionId>(
  id: K,
  handler: EndpointHandler<K>,
  deps: Partial<EndpointDeps> = {},
  options: EndpointOptions = {},
): HttpHandler {
  const route: ApiRouteEntry = API_ROUTES[id];
  const { services, config } = serverDeps(deps);
  const authorize =
    deps.authorize ??
    ((req: HttpRequest, body: JsonBody) =>
      verifyCaller(services().auth, services().db, idTokenFrom(req, body)));
  const rateLimit =
    deps.rateLimit ?? ((checks: RateLimitCheck[]) => enforceRateLimits(services().db, checks));
  const audit = deps.audit ?? ((entry: AuditEntry) => writeAudit(services().db, entry));
  const linkSecret = linkSecretOf(deps);
  const serverKey = deps.serverKey ?? (() => inviteVerifyKey.value());
  const providerSecret = deps.providerSecret ?? (() => mailEventsSecret.value());
  const maxBodyBytes = route.maxBodyBytes;
  const allowedOrigins = () => config().allowedOrigins;
  // A route the embeddable widget calls also lets in the sites an Admin allowed (http/embed-origins.ts).
  const cors =
    route.origins === 'embedders'
      ? embedderCors(() => services().db, allowedOrigins, route.methods)
      : undefined;
  const { access } = route;
  const reads = (type: 'json' | 'form') => (route.bodies as readonly string[]).includes(type);
  if (reads('form') && !options.form)
    throw new Error(`${id}: a route that reads forms needs its form answers`);
  if ((route.answer === 'html') !== (options.page !== undefined))
    throw new Error(`${id}: a page route (and only one) needs its page refusals`);

  /**
   * Steps 3–5 for a body read by step 2; `linkToken`: the token of a one-click URL, instead of the body's;
   * `bytes`: the body as received (a provider's signature covers them).
   */
  async function serve(
    req: HttpRequest,
    res: HttpResponse,
    raw: JsonBody,
    linkToken?: string,
    bytes?: Buffer,
  ): Promise<{ answer: unknown; body: ParsedRequest<K> }> {
    const currentConfig = config();
    const current = services();
    if (access.kind === 'app-check') await verifyAppCheck(req, currentConfig.appCheck);
    if (access.kind === 'server-key') verifyServerKey(req, serverKey());
    if (access.kind === 'provider-signature')
      await verifyProviderSignature(req, bytes ?? Buffer.alloc(0), providerSecret());
    const caller = access.kind === 'staff' ? admitStaff(await authorize(req, raw), access) : null;
    const apiKey =
      access.kind === 'api-key' ? await verifyApiKey(req, current.db, access.scope, rateLimit) : null;
    const known: LimitKeys = {
      ip: clientIp(req, currentConfig.clientIpHops),
      caller,
      body: null,
      subscriberId: null,
    };
    const { rateLimits } = currentConfig;
    const count = (when: 'request' | 'body') =>
      rateLimit(
        route.rateLimits
          .filter((limit) => limit.when === when)
          .map((limit) => {
            const [group, per] = limit.limit.split('.') as [keyof typeof rateLimits, 'perIp' | 'perKey'];
            const rule = rateLimits[group];
            if (typeof rule !== 'object') throw new Error(`${id}: no rate limit group ${group}`);
            return {
              scope: limit.scope,
              key: limitKey(limit.key, known),
              limit: rule[per],
              windowMs: rateLimits.windowMs,
            };
          }),
      );
    await count('request');
    const body =
      linkToken === undefined
        ? (parseBody(REQUEST_SCHEMAS[id], raw) as ParsedRequest<K>)
        : ({ token: linkToken } as ParsedRequest<K>);
    known.body = body as Record<string, unknown>;
    if (access.kind === 'signed-link') {
      known.subscriberId = verifiedSubject(linkSecret(), (body as { token: string }).token, access.purpose);
    }
    await count('body');
    const context = {
      req,
      res,
      services: current,
      config: currentConfig,
      ip: known.ip,
      body,
      caller,
      subscriberId: known.subscriberId,
      apiKey,
      audit: (entry: EndpointAudit<K>) =>
        audit({
          actor: entry.actor ?? caller?.email ?? (apiKey ? apiKeyActor(apiKey) : ''),
          action: entry.action,
          target: entry.target,
          details: entry.details,
        }),
    } as EndpointContext<K>;
    return { answer: await handler(context), body };
  }

  const json = guardedHandler(
    id,
    allowedOrigins,
    async (req, res) => {
      const { body, raw } = await readJsonRequest(req, route.methods, maxBodyBytes);
      const { answer } = await serve(req, res, body, undefined, raw);
      if (answer !== ANSWERED) sendJson(res, 200, answer);
    },
    undefined,
    cors,
  );

  /** A handler for requests that skip the JSON reading: the route's methods, then `run`. */
  const checked = (run: HttpHandler, refuse: Refuse) =>
    guardedHandler(
      id,
      allowedOrigins,
      async (req, res) => {
        checkMethod(req, route.methods);
        await run(req, res);
      },
      refuse,
      cors,
    );

  const formAnswers = options.form;
  const form =
    formAnswers &&
    checked(async (req, res) => {
      const raw = await readRawBody(req);
      const served = await serve(req, res, Object.fromEntries(new URLSearchParams(raw.toString('utf8'))));
      formAnswers.accepted(res, served.answer, served.body as Record<string, unknown>);
    }, formAnswers.refuse);

  const oneClick =
    access.kind === 'signed-link' && access.oneClick
      ? checked(
          async (req, res) => {
            await readRawBody(req); // "List-Unsubscribe=One-Click": read (≤ 16 KB) but not needed
            const { answer } = await serve(req, res, {}, queryToken(req) ?? ''); // only reached with a token in the URL
            sendJson(res, 200, answer);
          },
          (_req, res, error) => sendError(res, error.status, error.message),
        )
      : undefined;

  const pageAnswers = options.page;
  const page =
    pageAnswers &&
    checked(async (req, res) => {
      await serve(req, res, {});
    }, pageAnswers.refuse);

  return (req, res) => {
    if (page) return page(req, res);
    // A one-click unsubscribe is a form post too (RFC 8058): its token in the URL tells it from the page's form.
    if (oneClick && queryToken(req) !== null) return oneClick(req, res);
    if (form && isFormRequest(req)) return form(req, res);
    return json(req, res);
  };
}
