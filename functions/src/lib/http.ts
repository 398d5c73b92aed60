// The HTTP surface every function shares (DESIGN §5): CORS for the configured origins only, POST only,
// JSON only, bodies ≤ 16 KB, `{ "error": "…" }` bodies with a fitting status and never a stack trace.
import { MAX_BODY_BYTES } from '@silk/schema/constants';
import {
  INTERNAL_ERROR,
  INVALID_JSON,
  INVALID_REQUEST_BODY,
  METHOD_NOT_ALLOWED,
  ORIGIN_NOT_ALLOWED,
  PAYLOAD_TOO_LARGE,
  UNSUPPORTED_MEDIA_TYPE,
} from '@silk/schema/messages';
import { logger } from 'firebase-functions';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { isOriginAllowed } from './cors';

/** The part of the Functions (express) request the handlers use; a plain adapter can provide it too. */
export interface HttpRequest {
  method: string;
  headers: IncomingHttpHeaders;
  /** The body as received (set by the Functions framework). */
  rawBody?: Buffer;
  ip?: string;
  socket?: { remoteAddress?: string };
}

export type HttpResponse = ServerResponse;
export type HttpHandler = (req: HttpRequest, res: HttpResponse) => Promise<void>;
export type JsonBody = Record<string, unknown>;

/** A refusal with its status and user-facing message. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function sendJson(res: HttpResponse, status: number, body: unknown): void {
  const payload = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(payload));
  res.setHeader('Cache-Control', 'no-store');
  res.end(payload);
}

/** The one way an error leaves a function. */
export function sendError(res: HttpResponse, status: number, message: string): void {
  sendJson(res, status, { error: message });
}

function header(req: HttpRequest, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

const PREFLIGHT_HEADERS = 'Content-Type, Authorization, Accept';

/**
 * CORS: a browser origin outside the allow-list is refused (403); requests without an Origin header
 * (server to server, curl) pass. Answers preflights. Returns false when the response is already sent.
 */
export function applyCors(req: HttpRequest, res: HttpResponse, allowedOrigins: readonly string[]): boolean {
  const origin = header(req, 'origin');
  res.setHeader('Vary', 'Origin');
  if (origin !== undefined) {
    if (!isOriginAllowed(origin, allowedOrigins)) {
      sendError(res, 403, ORIGIN_NOT_ALLOWED);
      return false;
    }
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Expose-Headers', 'Content-Disposition');
  }
  if (req.method === 'OPTIONS') {
    res.statusCode = 204;
    res.setHeader('Access-Control-Allow-Methods', 'POST, OPTIONS');
    res.setHeader('Access-Control-Allow-Headers', PREFLIGHT_HEADERS);
    res.setHeader('Access-Control-Max-Age', '3600');
    res.setHeader('Content-Length', '0');
    res.end();
    return false;
  }
  return true;
}

function isJsonContentType(value: string | undefined): boolean {
  const mime = (value ?? '').split(';')[0]!.trim().toLowerCase();
  return mime === 'application/json' || (mime.startsWith('application/') && mime.endsWith('+json'));
}

/** POST only (405), body ≤ 16 KB (413), JSON only (415), a JSON object (400). */
export function readJsonBody(req: HttpRequest): JsonBody {
  if (req.method !== 'POST') throw new HttpError(405, METHOD_NOT_ALLOWED);
  const declaredLength = Number(header(req, 'content-length') ?? 0);
  const raw = req.rawBody ?? Buffer.alloc(0);
  if (declaredLength > MAX_BODY_BYTES || raw.length > MAX_BODY_BYTES) throw new HttpError(413, PAYLOAD_TOO_LARGE);
  if (!isJsonContentType(header(req, 'content-type'))) throw new HttpError(415, UNSUPPORTED_MEDIA_TYPE);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new HttpError(400, INVALID_JSON);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new HttpError(400, INVALID_REQUEST_BODY);
  return parsed as JsonBody;
}

/**
 * Wraps a function body: CORS and the request guards first, then `body(json)`. An HttpError becomes its
 * `{error}` response; anything else is logged and answered 500 (or, once a stream has started, the
 * connection is cut so the client sees an incomplete download rather than a corrupt one).
 */
export function jsonEndpoint(
  name: string,
  allowedOrigins: () => readonly string[],
  body: (req: HttpRequest, res: HttpResponse, json: JsonBody) => Promise<void>,
): HttpHandler {
  return async (req, res) => {
    try {
      if (!applyCors(req, res, allowedOrigins())) return;
      await body(req, res, readJsonBody(req));
    } catch (error) {
      if (error instanceof HttpError) {
        if (!res.headersSent) sendError(res, error.status, error.message);
        return;
      }
      logger.error(`${name} failed`, error);
      if (!res.headersSent) sendError(res, 500, INTERNAL_ERROR);
      else res.destroy();
    }
  };
}

/** The client address: the Functions framework trusts the Google front end's X-Forwarded-For. */
export function clientIp(req: HttpRequest): string {
  return req.ip || req.socket?.remoteAddress || 'unknown';
}

/** A string field of the body, or '' when absent or not a string. */
export function stringField(body: JsonBody, name: string): string {
  const value = body[name];
  return typeof value === 'string' ? value : '';
}
