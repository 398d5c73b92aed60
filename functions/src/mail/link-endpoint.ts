// The frame of the functions behind the links in our e-mails: CORS and the request guards, the signed
// token (JSON {token}; for one-click unsubscribe also the `token` of the URL's query string, RFC 8058,
// whatever the form body says), its purpose and expiry, the limits per IP and per subscriber, then the
// action. No App Check: a mail provider's one-click POST has none, and the signed token is the proof.
//   200 {ok: true} · 400 no token, or not a token · 401 a token refused (tampered, another purpose,
//   expired) · 404 no such subscriber (where the action needs one) · 429 rate limited
import { linkTokenRequestSchema } from '@silk/schema/api';
import { API_ROUTES, type FunctionId } from '@silk/schema/api-routes';
import { LINK_EXPIRED, LINK_INVALID } from '@silk/schema/messages';
import type { Firestore } from 'firebase-admin/firestore';
import {
  checkMethod,
  clientIp,
  guardedHandler,
  HttpError,
  jsonEndpoint,
  parseBody,
  readRawBody,
  sendError,
  sendJson,
  type HttpHandler,
  type HttpRequest,
  type HttpResponse,
} from '../http/http';
import { enforceFunctionLimits } from '../http/rate-limit';
import { serverDeps, type ServerDeps } from '../shared/server-deps';
import { LinkTokenError, verifyLinkToken, type LinkPurpose } from '../http/link-token';
import { mailTokenSecret } from '../shared/secrets';

export interface LinkEndpointDeps extends ServerDeps {
  secret: () => string;
}

export interface LinkEndpoint {
  name: FunctionId;
  purpose: LinkPurpose;
  /** Also take the token from the query string, whatever the body (one-click unsubscribe). */
  oneClick?: boolean;
  action: (db: Firestore, subscriberId: string) => Promise<void>;
}

/** The subscriber id a token names; an HttpError when the token is refused. */
export function verifiedSubject(secret: string, token: string, purpose: LinkPurpose): string {
  try {
    return verifyLinkToken(secret, token, purpose).subject;
  } catch (error) {
    if (!(error instanceof LinkTokenError)) throw error;
    if (error.problem === 'malformed') throw new HttpError(400, LINK_INVALID);
    throw new HttpError(401, error.problem === 'expired' ? LINK_EXPIRED : LINK_INVALID);
  }
}

function queryToken(req: HttpRequest & { url?: string }): string | null {
  const token = new URL(req.url ?? '/', 'http://localhost').searchParams.get('token')?.trim();
  return token ? token : null;
}

export function linkEndpoint(endpoint: LinkEndpoint, deps: Partial<LinkEndpointDeps> = {}): HttpHandler {
  const { services, config } = serverDeps(deps);
  const secret = deps.secret ?? (() => mailTokenSecret.value());
  const allowedOrigins = () => config().allowedOrigins;

  async function run(req: HttpRequest, res: HttpResponse, token: string): Promise<void> {
    const subscriberId = verifiedSubject(secret(), token, endpoint.purpose);
    const { db } = services();
    const { rateLimits, clientIpHops } = config();
    await enforceFunctionLimits(db, rateLimits, 'subscription', clientIp(req, clientIpHops), subscriberId);
    await endpoint.action(db, subscriberId);
    sendJson(res, 200, { ok: true });
  }

  const json = jsonEndpoint(endpoint.name, allowedOrigins, (req, res, body) =>
    run(req, res, parseBody(linkTokenRequestSchema, body).token),
  );
  if (!endpoint.oneClick) return json;
  const { methods } = API_ROUTES[endpoint.name];
  const oneClick = guardedHandler(
    endpoint.name,
    allowedOrigins,
    async (req, res) => {
      checkMethod(req, methods);
      await readRawBody(req); // "List-Unsubscribe=One-Click": read (≤ 16 KB) but not needed
      await run(req, res, queryToken(req) ?? ''); // only reached with a token in the URL
    },
    (_req, res, error) => sendError(res, error.status, error.message),
  );
  return (req, res) => (queryToken(req) === null ? json(req, res) : oneClick(req, res));
}
