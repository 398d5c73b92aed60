// Signed tokens for the links in our e-mails: base64url(JSON {purpose, subject, exp}) "." base64url(
// HMAC-SHA256 of the first part). The subject is the subscriber's random id, never the address, so no
// URL carries an address. A token serves one purpose only and expires.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const LINK_PURPOSES = ['confirm', 'unsubscribe', 'erase', 'status'] as const;
export type LinkPurpose = (typeof LINK_PURPOSES)[number];

export interface LinkTokenPayload {
  purpose: LinkPurpose;
  /** The subscriber's id (subscribers/{email}.subscriberId). */
  subject: string;
  /** Expiry, in seconds since the epoch. */
  exp: number;
}

const DAY_SECONDS = 24 * 60 * 60;

/**
 * How long each link works. A confirmation is asked for once; unsubscribe and erase links must keep
 * working in old e-mails (RFC 8058 asks for a lasting one-click unsubscribe).
 */
export const LINK_LIFETIME_SECONDS: Record<LinkPurpose, number> = {
  confirm: 30 * DAY_SECONDS,
  unsubscribe: 365 * DAY_SECONDS,
  erase: 365 * DAY_SECONDS,
  // The private status page: sent again on request, so a leaked link does not last.
  status: 30 * DAY_SECONDS,
};

/** Why a token was refused. */
export type LinkTokenProblem = 'malformed' | 'signature' | 'purpose' | 'expired';

export class LinkTokenError extends Error {
  constructor(readonly problem: LinkTokenProblem) {
    super(`link token refused: ${problem}`);
    this.name = 'LinkTokenError';
  }
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function signature(secret: string, body: string): Buffer {
  if (!secret) throw new Error('MAIL_TOKEN_SECRET is not set.');
  return createHmac('sha256', secret).update(body).digest();
}

export function signLinkToken(
  secret: string,
  purpose: LinkPurpose,
  subject: string,
  now = Date.now(),
): string {
  const payload: LinkTokenPayload = {
    purpose,
    subject,
    exp: Math.floor(now / 1000) + LINK_LIFETIME_SECONDS[purpose],
  };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${signature(secret, body).toString('base64url')}`;
}

function isPayload(value: unknown): value is LinkTokenPayload {
  const payload = value as Partial<LinkTokenPayload> | null;
  return (
    typeof payload === 'object' &&
    payload !== null &&
    (LINK_PURPOSES as readonly unknown[]).includes(payload.purpose) &&
    typeof payload.subject === 'string' &&
    payload.subject !== '' &&
    typeof payload.exp === 'number' &&
    Number.isFinite(payload.exp)
  );
}

/** The payload of a token signed with `secret` for `purpose` and not yet expired; else LinkTokenError. */
export function verifyLinkToken(
  secret: string,
  token: string,
  purpose: LinkPurpose,
  now = Date.now(),
): LinkTokenPayload {
  const [body, sent, ...rest] = token.split('.');
  if (!body || !sent || rest.length > 0 || !BASE64URL.test(body) || !BASE64URL.test(sent)) {
    throw new LinkTokenError('malformed');
  }
  // Compared as text: decoding would ignore the unused low bits of the last character, so a link
  // with that character changed would still pass.
  const expected = Buffer.from(signature(secret, body).toString('base64url'));
  const given = Buffer.from(sent);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new LinkTokenError('signature');
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    throw new LinkTokenError('malformed');
  }
  if (!isPayload(payload)) throw new LinkTokenError('malformed');
  if (payload.purpose !== purpose) throw new LinkTokenError('purpose');
  if (payload.exp * 1000 <= now) throw new LinkTokenError('expired');
  return payload;
}
