import { LINK_INVALID } from '@silk/schema/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { followEmailLink } from './subscription';

const answer = (status: number, body: unknown) =>
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json(body, { status }));

afterEach(() => vi.restoreAllMocks());

describe('followEmailLink', () => {
  it.each([
    ['confirmSubscription', '/api/confirm'],
    ['unsubscribe', '/api/unsubscribe'],
    ['resubscribe', '/api/resubscribe'],
    ['eraseSubscriber', '/api/erase'],
  ] as const)('%s POSTs {token} as JSON to %s, with no other header', async (action, path) => {
    const sent = answer(200, { ok: true });
    await expect(followEmailLink('/api', action, 'signed.token')).resolves.toEqual({ ok: true });
    const [url, init] = sent.mock.calls[0]!;
    expect(url).toBe(path);
    expect(init).toMatchObject({ method: 'POST', body: JSON.stringify({ token: 'signed.token' }) });
    expect(init?.headers).toEqual({ 'Content-Type': 'application/json', Accept: 'application/json' });
  });

  it("raises an ApiError with the server's message for a refused link", async () => {
    answer(401, { error: LINK_INVALID });
    const error = await followEmailLink('/api', 'confirmSubscription', 'tampered').catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: LINK_INVALID });
  });
});
