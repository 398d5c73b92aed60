import { logger } from 'firebase-functions/logger';
import { defineSecret } from 'firebase-functions/params';
import { onRequest } from 'firebase-functions/v2/https';
import * as optionsModule from 'firebase-functions/v2/options';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GLOBAL_OPTIONS, HTTP_FUNCTION_OPTIONS } from './config';
import { httpsFunction } from './https-function';

const { clearGlobalOptions, setGlobalOptions } = optionsModule as typeof optionsModule & {
  clearGlobalOptions(): void;
};
const secret = defineSecret('HTTPS_FUNCTION_TEST_SECRET');
const answer = () => undefined;

afterEach(() => clearGlobalOptions());

describe('httpsFunction', () => {
  it.each([
    ['the HTTP functions’ options', HTTP_FUNCTION_OPTIONS],
    ['with a secret', { ...HTTP_FUNCTION_OPTIONS, secrets: [secret] }],
    ['with memory and a timeout', { ...HTTP_FUNCTION_OPTIONS, memory: '1GiB', timeoutSeconds: 300 } as const],
    ['keeping external changes', { ...HTTP_FUNCTION_OPTIONS, preserveExternalChanges: true }],
    ['without an invoker', { cors: false }],
  ])('declares the endpoint onRequest declares: %s', (_name, options) => {
    setGlobalOptions(GLOBAL_OPTIONS);
    expect(httpsFunction(options, answer).__endpoint).toStrictEqual(onRequest(options, answer).__endpoint);
  });

  it('refuses an invoker onRequest refuses', () => {
    for (const invoker of [[], ['public', 'someone@example.iam.gserviceaccount.com']]) {
      expect(() => onRequest({ invoker }, answer)).toThrow();
      expect(() => httpsFunction({ invoker }, answer)).toThrow();
    }
  });

  it('runs the handler, and answers 500 to a throw that escapes it', async () => {
    const error = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const failing = httpsFunction(HTTP_FUNCTION_OPTIONS, () => {
      throw new Error('escaped');
    });
    const res = { headersSent: false, status: vi.fn(), send: vi.fn() };
    res.status.mockReturnValue(res);
    await failing({} as never, res as never);
    expect(res.status).toHaveBeenCalledWith(500);
    expect(res.send).toHaveBeenCalledWith('Internal Server Error');
    expect(error).toHaveBeenCalledWith('Unhandled error', expect.any(Error));
  });
});
