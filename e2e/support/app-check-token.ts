// Whether a token a browser sent is an App Check token issued by the stack's stand-in: RS256, signed with
// the key the stand-in publishes (its JWKS), with App Check's issuer, audiences and app id for the
// emulator project, and not expired — what the functions check, so a non-empty header is not enough.
import {
  EMULATOR_APP_CHECK_AUDIENCE,
  EMULATOR_APP_CHECK_ISSUER,
  EMULATOR_APP_ID,
} from '@silk/stack/app-check-stub';
import { appCheckStubUrl } from '@silk/stack/stack';
import { createPublicKey, createVerify, type JsonWebKey } from 'node:crypto';

type Jwk = JsonWebKey & { kid?: string };

async function standInKeys(): Promise<Jwk[]> {
  const response = await fetch(`${appCheckStubUrl()}/jwks`);
  if (!response.ok) throw new Error(`the App Check stand-in answered ${response.status} for its keys`);
  return ((await response.json()) as { keys: Jwk[] }).keys;
}

function decode(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Why `token` is not a valid token of the stand-in, or null when it is one. */
export async function standInTokenProblem(token: string | null | undefined): Promise<string | null> {
  if (!token) return 'no token';
  const parts = token.split('.');
  if (parts.length !== 3) return 'not a JWT';
  const [headerPart, claimsPart, signature] = parts as [string, string, string];
  const header = decode(headerPart);
  const claims = decode(claimsPart);
  if (!header || !claims) return 'unreadable header or claims';
  if (header.alg !== 'RS256') return `algorithm ${String(header.alg)}`;
  const key = (await standInKeys()).find((candidate) => candidate.kid === header.kid);
  if (!key) return 'signed with a key the stand-in does not publish';
  const verified = createVerify('RSA-SHA256')
    .update(`${headerPart}.${claimsPart}`)
    .verify(createPublicKey({ key, format: 'jwk' }), signature, 'base64url');
  if (!verified) return 'bad signature';
  if (claims.iss !== EMULATOR_APP_CHECK_ISSUER) return `issuer ${String(claims.iss)}`;
  const audience = Array.isArray(claims.aud) ? claims.aud : [];
  if (audience.join(' ') !== EMULATOR_APP_CHECK_AUDIENCE.join(' ')) return `audience ${String(claims.aud)}`;
  if (claims.sub !== EMULATOR_APP_ID) return `app ${String(claims.sub)}`;
  if (typeof claims.exp !== 'number' || claims.exp * 1000 <= Date.now()) return 'expired';
  return null;
}
