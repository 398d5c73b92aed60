// App Check verification without a key server: what is the caller's fault (401), what is not (503), and
// a missing configuration (an error, answered 500). Tokens against the stand-in issuer:
// app-check.emulator.test.ts.
import { APP_CHECK_HEADER } from '@silk/schema/constants';
import { APP_CHECK_FAILED, APP_CHECK_UNAVAILABLE } from '@silk/schema/messages';
import { describe, expect, it } from 'vitest';
import { verifyAppCheck } from './app-check';
import type { HttpRequest } from './http';

const CONFIG = {
  jwksUrl: 'http://127.0.0.1:9/jwks', // the discard port: nothing answers
  issuer: 'https://firebaseappcheck.googleapis.com/123',
  audiences: ['projects/123', 'projects/silk'],
};

const withToken = (token?: string): HttpRequest => ({
  method: 'POST',
  headers: token === undefined ? {} : { [APP_CHECK_HEADER.toLowerCase()]: token },
});

/** A well-formed RS256 JWT header and claims with a meaningless signature. */
function unsignedLookingToken(): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const claims = { iss: CONFIG.issuer, aud: CONFIG.audiences, sub: 'app', iat: now, exp: now + 3600 };
  return `${part({ alg: 'RS256', kid: 'k', typ: 'JWT' })}.${part(claims)}.${Buffer.from('sig').toString('base64url')}`;
}

describe('verifyAppCheck', () => {
  it('refuses a missing or blank token with 401 before fetching any key', async () => {
    for (const token of [undefined, '', '   ']) {
      await expect(verifyAppCheck(withToken(token), CONFIG)).rejects.toMatchObject({
        status: 401,
        message: APP_CHECK_FAILED,
      });
    }
  });

  it('refuses a token that is not a JWT with 401', async () => {
    await expect(verifyAppCheck(withToken('a.b'), CONFIG)).rejects.toMatchObject({ status: 401 });
  });

  it('answers 503 when the keys cannot be fetched (not the caller’s fault)', async () => {
    await expect(verifyAppCheck(withToken(unsignedLookingToken()), CONFIG)).rejects.toMatchObject({
      status: 503,
      message: APP_CHECK_UNAVAILABLE,
    });
  });

  it('fails as a server error without an issuer or audience', async () => {
    const error = await verifyAppCheck(withToken(unsignedLookingToken()), { ...CONFIG, audiences: [] }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toHaveProperty('status');
    expect(String(error)).toContain('APP_CHECK_AUDIENCE');
  });
});
