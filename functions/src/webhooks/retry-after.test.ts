import { describe, expect, it } from 'vitest';
import { RETRY_AFTER_MAX_MS, retryAfterMs } from './retry-after';

const now = Date.parse('2026-11-27T12:00:00Z');

describe('retryAfterMs', () => {
  it("reads Slack's Retry-After seconds", () => {
    expect(retryAfterMs('30', 'rate_limited', now)).toBe(30_000);
    expect(retryAfterMs('0', '', now)).toBe(0);
  });

  it('reads a Retry-After HTTP date as the wait until then', () => {
    expect(retryAfterMs('Fri, 27 Nov 2026 12:00:45 GMT', '', now)).toBe(45_000);
    expect(retryAfterMs('Fri, 27 Nov 2026 11:00:00 GMT', '', now)).toBe(0);
  });

  it("reads Discord's JSON retry_after (fractional seconds) without the header", () => {
    const body = JSON.stringify({ message: 'You are being rate limited.', retry_after: 2.5, global: false });
    expect(retryAfterMs(undefined, body, now)).toBe(2_500);
  });

  it('prefers the header to the body', () => {
    expect(retryAfterMs('3', JSON.stringify({ retry_after: 9 }), now)).toBe(3_000);
  });

  it('caps a long wait', () => {
    expect(retryAfterMs('86400', '', now)).toBe(RETRY_AFTER_MAX_MS);
  });

  it('answers null when the answer names no wait', () => {
    expect(retryAfterMs(undefined, 'slow down', now)).toBeNull();
    expect(retryAfterMs(undefined, JSON.stringify({ retry_after: 'soon' }), now)).toBeNull();
    expect(retryAfterMs('soon', 'null', now)).toBeNull();
    expect(retryAfterMs('-5', '', now)).toBeNull();
  });
});
