// A local stand-in for Firebase App Check, which has no emulator (and Google's service cannot be reached
// from the test machines): an RS256 key pair made at start, its public half served as a JWKS — the
// functions' emulator configuration (functions/env/.env.demo-silk) points APP_CHECK_JWKS_URL at it — and
// tokens shaped like App Check's, minted for the emulator build's custom provider. The functions verify
// them with the same code as production tokens. Loopback only; started by `pnpm test` and `pnpm dev`
// on 127.0.0.1:5998, shifted by SILK_PORT_OFFSET like every port of a stack.
//   GET  /jwks   the public key set
//   POST /token  {token, expireTimeMillis}; a JSON body may ask for a bad token, for tests:
//                {ttlSeconds, issuer, audience, appId, forged}
import { createPublicKey, createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { APP_CHECK_STUB_BASE_PORT, appCheckStubUrl, PROJECT_ID } from './stack';

/** The emulator project's number (the one in its web app id, 1:000000000000:web:…). */
export const EMULATOR_PROJECT_NUMBER = '000000000000';
export const EMULATOR_APP_ID = `1:${EMULATOR_PROJECT_NUMBER}:web:0000000000000000`;
/** App Check's issuer and audiences for a project, as production tokens carry them. */
export const EMULATOR_APP_CHECK_ISSUER = `https://firebaseappcheck.googleapis.com/${EMULATOR_PROJECT_NUMBER}`;
export const EMULATOR_APP_CHECK_AUDIENCE = [`projects/${EMULATOR_PROJECT_NUMBER}`, `projects/${PROJECT_ID}`];

const TOKEN_TTL_SECONDS = 3600;

export interface TokenRequest {
  ttlSeconds?: number;
  issuer?: string;
  audience?: string[];
  appId?: string;
  /** Signed with another key under the stand-in's key id: a forged signature. */
  forged?: boolean;
}

export interface MintedToken {
  token: string;
  expireTimeMillis: number;
}

const base64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

function newKey(): KeyObject {
  return generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
}

function sign(key: KeyObject, kid: string, claims: Record<string, unknown>): string {
  const input = `${base64url(JSON.stringify({ kid, typ: 'JWT', alg: 'RS256' }))}.${base64url(JSON.stringify(claims))}`;
  return `${input}.${createSign('RSA-SHA256').update(input).sign(key, 'base64url')}`;
}

async function readJson(req: IncomingMessage): Promise<TokenRequest> {
  let raw = '';
  for await (const chunk of req) raw += (chunk as Buffer).toString('utf8');
  if (raw.trim() === '') return {};
  try {
    return JSON.parse(raw) as TokenRequest;
  } catch {
    return {};
  }
}

function send(res: ServerResponse, status: number, body?: unknown): void {
  // Any origin: the site's pages on the Hosting emulator and Vite call it from their own ports.
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Headers', 'Content-Type');
  res.setHeader('Cache-Control', 'no-store');
  if (body === undefined) {
    res.writeHead(status).end();
    return;
  }
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

export interface AppCheckStub {
  url: string;
  close: () => Promise<void>;
}

export async function startAppCheckStub(
  offset = Number(process.env.SILK_PORT_OFFSET ?? 0),
): Promise<AppCheckStub> {
  const key = newKey();
  const forger = newKey();
  const kid = randomBytes(8).toString('hex');
  const jwks = {
    keys: [{ ...createPublicKey(key).export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' }],
  };

  const mint = (request: TokenRequest): MintedToken => {
    const now = Math.floor(Date.now() / 1000);
    const exp = now + (request.ttlSeconds ?? TOKEN_TTL_SECONDS);
    const claims = {
      sub: request.appId ?? EMULATOR_APP_ID,
      aud: request.audience ?? EMULATOR_APP_CHECK_AUDIENCE,
      provider: 'custom',
      iss: request.issuer ?? EMULATOR_APP_CHECK_ISSUER,
      exp,
      iat: Math.min(now, exp - 1),
      jti: randomBytes(16).toString('base64url'),
    };
    return { token: sign(request.forged ? forger : key, kid, claims), expireTimeMillis: exp * 1000 };
  };

  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://stub').pathname;
    if (req.method === 'OPTIONS') return send(res, 204);
    if (req.method === 'GET' && path === '/jwks') return send(res, 200, jwks);
    if (req.method === 'POST' && path === '/token') {
      readJson(req).then(
        (request) => send(res, 200, mint(request)),
        () => send(res, 400, { error: 'unreadable request' }),
      );
      return;
    }
    send(res, 404, { error: 'not found' });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(APP_CHECK_STUB_BASE_PORT + offset, '127.0.0.1', resolve);
  });
  return {
    url: appCheckStubUrl(offset),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A token from the running stand-in (as the emulator build's custom provider gets one). */
export async function mintAppCheckToken(request: TokenRequest = {}, offset?: number): Promise<string> {
  const response = await fetch(`${appCheckStubUrl(offset)}/token`, {
    method: 'POST',
    body: JSON.stringify(request),
  });
  if (!response.ok) throw new Error(`the App Check stand-in answered ${response.status}`);
  return ((await response.json()) as MintedToken).token;
}
