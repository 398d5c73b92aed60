import { SERVER_KEY_REQUIRED } from '@silk/schema/messages';
import { describe, expect, it } from 'vitest';
import { HttpError, type HttpRequest } from './http';
import { verifyServerKey } from './server-key';

const KEY = 'k'.repeat(40);
const request = (authorization?: string | string[]) =>
  ({ headers: { authorization } }) as unknown as HttpRequest;

function refusal(run: () => void): HttpError | null {
  try {
    run();
    return null;
  } catch (error) {
    return error as HttpError;
  }
}

describe('the server key', () => {
  it('lets in the configured key as a bearer token', () => {
    expect(refusal(() => verifyServerKey(request(`Bearer ${KEY}`), KEY))).toBeNull();
    expect(refusal(() => verifyServerKey(request([`bearer ${KEY}`]), KEY))).toBeNull();
  });

  it('refuses a missing, wrong, longer or shorter key with 401', () => {
    for (const header of [
      undefined,
      '',
      'Bearer',
      `Basic ${KEY}`,
      `Bearer ${KEY}x`,
      `Bearer ${KEY.slice(1)}`,
      'Bearer other',
    ]) {
      const error = refusal(() => verifyServerKey(request(header), KEY));
      expect(error, String(header)).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ status: 401, message: SERVER_KEY_REQUIRED });
    }
  });

  it('lets nobody in while no key is configured', () => {
    expect(refusal(() => verifyServerKey(request('Bearer '), ''))).toMatchObject({ status: 401 });
    expect(refusal(() => verifyServerKey(request('Bearer x'), ''))).toMatchObject({ status: 401 });
  });
});
