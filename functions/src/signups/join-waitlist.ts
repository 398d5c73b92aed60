// POST /api/join {email}: the landing form's server path, for a browser whose script has not taken over
// (scripts off, or a submit before hydration). The form posts natively (application/x-www-form-urlencoded);
// JSON is accepted too. It stores the record the browser writes — waitlist_signups/{email} merged with
// {email, source, ip, location, timestamp}, so a repeat signup refreshes the landing fields only — with
// the address the request came from (or 'N/A') and an unknown location, then adds the mailing-list entry
// as /api/subscribe does, under the same rate limits.
//   form: 303 → /waitlist · an error: its status and a small HTML page with the message
//   JSON: 200 {ok: true} · an error: its status and {error}
// The address is never put in a URL (no query string, no redirect carrying it).
import { subscribeRequestSchema } from '@silk/schema/api';
import { API_ROUTES } from '@silk/schema/api-routes';
import { COLLECTIONS, NOT_AVAILABLE, SIGNUP_SOURCE } from '@silk/schema/constants';
import type { VisitorLocation } from '@silk/schema/entities';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { onRequest } from 'firebase-functions/v2/https';
import { HTTP_FUNCTION_OPTIONS, type ServerConfig } from '../shared/config';
import {
  checkMethod,
  clientIp,
  guardedHandler,
  jsonEndpoint,
  parseBody,
  readRawBody,
  sendJson,
  type HttpHandler,
  type HttpRequest,
  type HttpResponse,
  type JsonBody,
} from '../http/http';
import { addToMailingList, limitSignupsByEmail, limitSignupsByIp } from '../mail/mailing-list';
import { serverDeps, type ServerDeps } from '../shared/server-deps';
import { signupChange } from '../shared/signup-change';
import { mailTokenSecret } from '../shared/secrets';

/** Where a form submit lands: the site's confirmation page. */
export const JOINED_PATH = '/waitlist';

const LOCATION_FIELDS = ['city', 'region', 'country', 'country_code', 'latitude', 'longitude'] as const;
const UNKNOWN_LOCATION = Object.fromEntries(
  LOCATION_FIELDS.map((field) => [field, NOT_AVAILABLE]),
) as unknown as VisitorLocation;

const FORM_TYPE = 'application/x-www-form-urlencoded';

function isFormRequest(req: HttpRequest): boolean {
  const type = req.headers['content-type'];
  return (Array.isArray(type) ? type[0] : type)?.split(';')[0]?.trim().toLowerCase() === FORM_TYPE;
}

/** The form's fields as a JSON-like object; the route's methods only (405), ≤ 16 KB (413, before parsing). */
async function readFormBody(req: HttpRequest): Promise<JsonBody> {
  checkMethod(req, API_ROUTES.joinWaitlist.methods);
  const raw = await readRawBody(req);
  return Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** A page the browser shows in place of the form: the message and the way back (no script, no style). */
export function messagePage(message: string): string {
  const text = escapeHtml(message);
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<meta name="robots" content="noindex"><title>${text} — Silk</title></head>` +
    `<body><main><h1>${text}</h1><p><a href="/">Back to Home</a></p></main></body></html>`
  );
}

function sendPage(res: HttpResponse, status: number, message: string): void {
  const page = messagePage(message);
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(page));
  res.setHeader('Cache-Control', 'no-store');
  res.end(page);
}

async function join(db: Firestore, { rateLimits, clientIpHops }: ServerConfig, req: HttpRequest, body: JsonBody) {
  const ip = clientIp(req, clientIpHops);
  await limitSignupsByIp(db, rateLimits, ip);
  const { email } = parseBody(subscribeRequestSchema, body);
  await limitSignupsByEmail(db, rateLimits, email);
  await db
    .collection(COLLECTIONS.waitlistSignups)
    .doc(email)
    .set(
      signupChange({
        email,
        source: SIGNUP_SOURCE,
        ip: ip && ip !== 'unknown' ? ip : NOT_AVAILABLE,
        location: UNKNOWN_LOCATION,
        timestamp: FieldValue.serverTimestamp(),
      }),
      { merge: true },
    );
  await addToMailingList(db, email, 'no-js');
}

export function makeJoinWaitlistHandler(deps: Partial<ServerDeps> = {}): HttpHandler {
  const { services, config } = serverDeps(deps);
  const allowedOrigins = () => config().allowedOrigins;
  const json = jsonEndpoint('joinWaitlist', allowedOrigins, async (req, res, body) => {
    await join(services().db, config(), req, body);
    sendJson(res, 200, { ok: true });
  });
  const form = guardedHandler(
    'joinWaitlist',
    allowedOrigins,
    async (req, res) => {
      await join(services().db, config(), req, await readFormBody(req));
      res.statusCode = 303;
      res.setHeader('Location', JOINED_PATH);
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Content-Length', '0');
      res.end();
    },
    (_req, res, error) => sendPage(res, error.status, error.message),
  );
  return (req, res) => (isFormRequest(req) ? form(req, res) : json(req, res));
}

export const joinWaitlistHandler = makeJoinWaitlistHandler();
export const joinWaitlist = onRequest({ ...HTTP_FUNCTION_OPTIONS, secrets: [mailTokenSecret] }, joinWaitlistHandler);
