// The HTTP surface every function shares (DESIGN §5): CORS for the configured origins only, the route's
// methods only (POST), JSON only, bodies ≤ 16 KB (refused before our code parses them), bodies parsed with
// the route's shared schema, and `{ "error": "…" }` bodies with a fitting status and never a stack trace.
import { API_ROUTES, type FunctionId, type HttpMethod } from '@silk/schema/api-routes';
import { APP_CHECK_HEADER, MAX_BODY_BYTES } from '@silk/schema/constants';
import {
  INTERNAL_ERROR,
  INVALID_JSON,
  INVALID_REQUEST_BODY,
  METHOD_NOT_ALLOWED,
  ORIGIN_NOT_ALLOWED,
  PAYLOAD_TOO_LARGE,
  UNSUPPORTED_MEDIA_TYPE,
} from '@silk/schema/messages';
import { logger } from 'firebase-functions/logger';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import { isOriginAllowed } from './cors';

/**
 * The part of the Functions (express) request the handlers use; a plain Node request provides it too.
 * The Functions framework has read the whole body into `rawBody` before calling us; on a plain server
 * the request is still an unread stream, which readRawBody reads up to the limit.
 */
export interface HttpRequest extends Partial<Pick<Readable, 'on' | 'off' | 'readableEnded'>> {
  method: string;
  headers: IncomingHttpHeaders;
  /** The body as received (set by the Functions framework). */
  rawBody?: Buffer;
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

export function header(req: HttpRequest, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

const PREFLIGHT_HEADERS = ['Content-Type', 'Authorization', 'Accept', APP_CHECK_HEADER].join(', ');

/**
 * CORS: a browser origin outside the allow-list is refused (403); requests without an Origin header
 * (server to server, curl) pass. Answers preflights. Returns false when the response is already sent.
 */
export function applyCors(
  req: HttpRequest,
  res: HttpResponse,
  allowedOrigins: readonly string[],
  methods: readonly HttpMethod[],
): boolean {
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
    res.setHeader('Access-Control-Allow-Methods', [...methods, 'OPTIONS'].join(', '));
    res.setHeader('Access-Control-Allow-Headers', PREFLIGHT_HEADERS);
    res.setHeader('Access-Control-Max-Age', '3600');
    res.setHeader('Content-Length', '0');
    res.end();
    return false;
  }
  return true;
}

function isJsonContentType(value: string | undefined): boolean {
  const [type = ''] = (value ?? '').split(';');
  const mime = type.trim().toLowerCase();
  return mime === 'application/json' || (mime.startsWith('application/') && mime.endsWith('+json'));
}

/** The route's methods only (405). */
export function checkMethod(req: HttpRequest, methods: readonly HttpMethod[]): void {
  if (!(methods as readonly string[]).includes(req.method)) throw new HttpError(405, METHOD_NOT_ALLOWED);
}

/** 413 from the declared Content-Length alone, before a byte of the body is read or parsed by us. */
export function checkDeclaredLength(req: HttpRequest, maxBytes = MAX_BODY_BYTES): void {
  if (Number(header(req, 'content-length') ?? 0) > maxBytes) throw new HttpError(413, PAYLOAD_TOO_LARGE);
}

/**
 * The body, at most `maxBytes` (413 otherwise). Behind the Functions framework it is `rawBody`, already
 * read; a plain Node request is read here and refused as soon as it passes the limit (a chunked body
 * declares no length), without reading the rest.
 */
export async function readRawBody(req: HttpRequest, maxBytes = MAX_BODY_BYTES): Promise<Buffer> {
  checkDeclaredLength(req, maxBytes);
  if (req.rawBody) {
    if (req.rawBody.length > maxBytes) throw new HttpError(413, PAYLOAD_TOO_LARGE);
    return req.rawBody;
  }
  const { on, off } = req;
  if (!on || !off || req.readableEnded !== false) return Buffer.alloc(0);
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (error: Error | null) => {
      off.call(req, 'data', onData);
      off.call(req, 'end', onEnd);
      off.call(req, 'error', onError);
      if (error) reject(error);
      else resolve(Buffer.concat(chunks));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) finish(new HttpError(413, PAYLOAD_TOO_LARGE));
      else chunks.push(chunk);
    };
    const onEnd = () => finish(null);
    const onError = (error: Error) => finish(error);
    on.call(req, 'data', onData);
    on.call(req, 'end', onEnd);
    on.call(req, 'error', onError);
  });
}

/**
 * The route's methods only (405), body ≤ `maxBytes` (16 KB unless the route declares more; 413: from
 * Content-Length before the body is read, or while it streams in), JSON only (415), a JSON object (400).
 * Answers the raw bytes too (a signature is checked over them).
 */
export async function readJsonRequest(
  req: HttpRequest,
  methods: readonly HttpMethod[],
  maxBytes = MAX_BODY_BYTES,
): Promise<{ body: JsonBody; raw: Buffer }> {
  checkMethod(req, methods);
  checkDeclaredLength(req, maxBytes);
  if (!isJsonContentType(header(req, 'content-type'))) throw new HttpError(415, UNSUPPORTED_MEDIA_TYPE);
  const raw = await readRawBody(req, maxBytes);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new HttpError(400, INVALID_JSON);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new HttpError(400, INVALID_REQUEST_BODY);
  return { body: parsed as JsonBody, raw };
}

/** readJsonRequest's body alone. */
export async function readJsonBody(
  req: HttpRequest,
  methods: readonly HttpMethod[],
  maxBytes = MAX_BODY_BYTES,
): Promise<JsonBody> {
  return (await readJsonRequest(req, methods, maxBytes)).body;
}

/** Sends a refusal; a body refused mid-stream is not read any further: the connection closes after it. */
function sendRefusal(req: HttpRequest, res: HttpResponse, error: HttpError): void {
  if (error.status === 413 && req.readableEnded === false) res.setHeader('Connection', 'close');
  sendError(res, error.status, error.message);
}

/** A route's CORS step in place of applyCors over the configured origins (false: the answer is sent). */
export type CorsCheck = (req: HttpRequest, res: HttpResponse) => boolean | Promise<boolean>;

/** How a handler answers a refusal (an HttpError; an unexpected failure comes as a 500 with INTERNAL_ERROR). */
export type Refuse = (req: HttpRequest, res: HttpResponse, error: HttpError) => void;

/**
 * The frame of the function `name`'s handler: CORS for its route first, then `body`. An HttpError goes to
 * `refuse` (by default its `{error}` response); anything else is logged and refused with a 500 (or, once a
 * stream has started, the connection is cut so the client sees an incomplete download rather than a
 * corrupt one).
 */
export function guardedHandler(
  name: FunctionId,
  allowedOrigins: () => readonly string[],
  body: HttpHandler,
  refuse: Refuse = sendRefusal,
  cors?: CorsCheck,
): HttpHandler {
  const { methods } = API_ROUTES[name];
  const corsCheck =
    cors ?? ((req: HttpRequest, res: HttpResponse) => applyCors(req, res, allowedOrigins(), methods));
  return async (req, res) => {
    try {
      if (!(await corsCheck(req, res))) return;
      await body(req, res);
    } catch (error) {
      if (error instanceof HttpError) {
        if (!res.headersSent) refuse(req, res, error);
        return;
      }
      logger.error(`${name} failed`, error);
      if (!res.headersSent) refuse(req, res, new HttpError(500, INTERNAL_ERROR));
      else res.destroy();
    }
  };
}

/** Wraps the body of the function `name` (guardedHandler), given the JSON body its route's guards let in. */
export function jsonEndpoint(
  name: FunctionId,
  allowedOrigins: () => readonly string[],
  body: (req: HttpRequest, res: HttpResponse, json: JsonBody) => Promise<void>,
): HttpHandler {
  const { methods } = API_ROUTES[name];
  return guardedHandler(name, allowedOrigins, async (req, res) =>
    body(req, res, await readJsonBody(req, methods)),
  );
}

/**
 * The client address as our front ends saw it: the `hops`-th X-Forwarded-For entry from the right
 * (the injected server configuration's `clientIpHops`, config.ts), never an entry the client wrote itself — so not express's `req.ip`,
 * which the Functions framework takes from the header's first, client-written entry. A header with fewer
 * entries than `hops` was written by the front ends alone (a call that skipped Hosting): its first entry
 * is the caller. With hops 0, or no header, the socket's peer.
 */
export function clientIp(req: HttpRequest, hops: number): string {
  if (hops > 0) {
    const entries = (header(req, 'x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
    const entry = entries[Math.max(0, entries.length - hops)];
    if (entry) return entry;
  }
  return req.socket?.remoteAddress || 'unknown';
}

/** The body parsed with the route's request schema; a refusal is a 400 with the first problem's message. */
export function parseBody<Schema extends z.ZodType>(schema: Schema, body: JsonBody): z.output<Schema> {
  const result = schema.safeParse(body);
  if (!result.success) throw new HttpError(400, result.error.issues[0]?.message ?? INVALID_REQUEST_BODY);
  return result.data;
}
