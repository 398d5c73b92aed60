// App Check for the public functions: the `X-Firebase-AppCheck` header must hold a token that App Check
// issued to one of this project's apps. It is a JWT (RS256) checked locally against App Check's public
// keys — the JWKS URL, issuer and audiences come from the configuration (config.ts), so the emulator's
// stand-in issuer goes through this same code. Keys are cached per URL (jose refetches on an unknown kid).
//   missing, malformed, expired, not yet valid, forged, another project's → 401
//   keys unreachable or invalid → 503 (not the caller's fault); not configured → 500 (ours)
import { APP_CHECK_HEADER } from '@silk/schema/constants';
import { APP_CHECK_FAILED, APP_CHECK_UNAVAILABLE } from '@silk/schema/messages';
import { logger } from 'firebase-functions/logger';
import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import type { ServerConfig } from '../shared/config';
import { header, HttpError, type HttpRequest } from './http';

/** What each key-set fetch may take; App Check answers in well under a second. */
const JWKS_TIMEOUT_MS = 5000;

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function keySet(url: string): ReturnType<typeof createRemoteJWKSet> {
  let keys = keySets.get(url);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(url), { timeoutDuration: JWKS_TIMEOUT_MS });
    keySets.set(url, keys);
  }
  return keys;
}

/** Errors that mean the token itself is not acceptable (anything else: the keys could not be had). */
const TOKEN_ERRORS = [
  errors.JWTClaimValidationFailed,
  errors.JWTExpired,
  errors.JOSEAlgNotAllowed,
  errors.JOSENotSupported,
  errors.JWSInvalid,
  errors.JWTInvalid,
  errors.JWKSNoMatchingKey,
  errors.JWKSMultipleMatchingKeys,
  errors.JWSSignatureVerificationFailed,
];

/** Verifies the request's App Check token; resolves with the app id it was issued to. */
export async function verifyAppCheck(req: HttpRequest, config: ServerConfig['appCheck']): Promise<string> {
  if (!config.issuer || config.audiences.length === 0) {
    throw new Error('App Check is not configured: set APP_CHECK_ISSUER and APP_CHECK_AUDIENCE.');
  }
  const token = header(req, APP_CHECK_HEADER.toLowerCase())?.trim();
  if (!token) throw new HttpError(401, APP_CHECK_FAILED);
  try {
    const { payload } = await jwtVerify(token, keySet(config.jwksUrl), {
      algorithms: ['RS256'],
      issuer: config.issuer,
      audience: config.audiences,
      requiredClaims: ['sub', 'exp'],
    });
    return String(payload.sub);
  } catch (error) {
    if (TOKEN_ERRORS.some((type) => error instanceof type)) {
      logger.info('App Check token refused', { code: (error as errors.JOSEError).code });
      throw new HttpError(401, APP_CHECK_FAILED);
    }
    logger.warn('App Check keys unavailable', { url: config.jwksUrl, error: String(error) });
    throw new HttpError(503, APP_CHECK_UNAVAILABLE);
  }
}
