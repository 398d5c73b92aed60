// The Firestore-backed fixed window, per key: counts, refuses at the limit, keeps keys apart, reopens.
import { COLLECTIONS, MAX_EMAIL_LENGTH } from '@silk/schema/constants';
import { describe, expect, it } from 'vitest';
import { unique } from '../testing/emulator';
import { adminServices } from './admin';
import { consumeRateLimit, rateLimitDocId } from './rate-limit';

const { db } = adminServices();

describe('consumeRateLimit', () => {
  it('allows `limit` requests per window and key, then refuses until the window has passed', async () => {
    const scope = unique('test:ip');
    const check = { scope, key: '203.0.113.7', limit: 3, windowMs: 60_000 };
    const t0 = Date.now();
    const results = [];
    for (let i = 0; i < 5; i += 1) results.push(await consumeRateLimit(db, check, () => t0 + i * 1000));
    expect(results).toEqual([true, true, true, false, false]);

    const stored = await db.collection(COLLECTIONS.rateLimits).doc(rateLimitDocId(scope, check.key)).get();
    expect(stored.get('count')).toBe(3);
    expect(stored.get('windowStart')).toBe(t0);
    expect(stored.get('expiresAt').toMillis()).toBe(t0 + 60_000);

    // Another key of the same scope has its own window.
    expect(await consumeRateLimit(db, { ...check, key: '203.0.113.8' }, () => t0 + 5000)).toBe(true);
    // A window start slightly ahead of this clock (another instance) is still the same window.
    expect(await consumeRateLimit(db, check, () => t0 - 500)).toBe(false);
    // The window reopens after windowMs.
    expect(await consumeRateLimit(db, check, () => t0 + 60_000)).toBe(true);
    expect((await db.collection(COLLECTIONS.rateLimits).doc(rateLimitDocId(scope, check.key)).get()).get('count')).toBe(1);
  });

  it('counts concurrent requests exactly (transaction)', async () => {
    const check = { scope: unique('test:concurrent'), key: 'k', limit: 4, windowMs: 60_000 };
    const results = await Promise.all(Array.from({ length: 10 }, () => consumeRateLimit(db, check)));
    expect(results.filter(Boolean)).toHaveLength(4);
    const stored = await db.collection(COLLECTIONS.rateLimits).doc(rateLimitDocId(check.scope, check.key)).get();
    expect(stored.get('count')).toBe(4);
  });

  it('stores any key (even a long address with slashes) under a fixed-size id', () => {
    const id = rateLimitDocId('subscribe:email', `${'a/'.repeat(MAX_EMAIL_LENGTH)}@x.co`);
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
