// The Firestore-backed fixed window, per key: counts, refuses at the limit, keeps keys apart, reopens, and
// takes a concurrent burst without a transaction: exactly `limit` requests pass and none fails.
import { COLLECTIONS, MAX_EMAIL_LENGTH } from '@silk/schema/constants';
import { describe, expect, it } from 'vitest';
import { unique } from '../../test-support/emulator';
import { adminServices } from '../shared/admin';
import { consumeRateLimit, RATE_LIMIT_EXPIRY_FIELD, RATE_LIMIT_SLOTS, rateLimitDocId } from './rate-limit';

const { db } = adminServices();
const rateLimits = db.collection(COLLECTIONS.rateLimits);
const slotsOf = (scope: string, key: string, start: number) =>
  rateLimits.doc(rateLimitDocId(scope, key)).collection(RATE_LIMIT_SLOTS).where('window', '==', start).get();

describe('consumeRateLimit', () => {
  it('allows `limit` requests per window and key, then refuses until the window has passed', async () => {
    const check = { scope: unique('test:ip'), key: '203.0.113.7', limit: 3, windowMs: 60_000 };
    const t0 = Date.now();
    const results = [];
    for (let i = 0; i < 5; i += 1) results.push(await consumeRateLimit(db, check, () => t0 + i * 1000));
    expect(results).toEqual([true, true, true, false, false]);

    const window = await rateLimits.doc(rateLimitDocId(check.scope, check.key)).get();
    expect(window.get('windowStart')).toBe(t0);
    expect(window.get(RATE_LIMIT_EXPIRY_FIELD).toMillis()).toBe(t0 + 60_000);
    const slots = await slotsOf(check.scope, check.key, t0);
    expect(slots.size).toBe(3);
    for (const slot of slots.docs) expect(slot.get(RATE_LIMIT_EXPIRY_FIELD).toMillis()).toBe(t0 + 60_000);

    // Another key of the same scope has its own window.
    expect(await consumeRateLimit(db, { ...check, key: '203.0.113.8' }, () => t0 + 5000)).toBe(true);
    // A window start slightly ahead of this clock (another instance) is still the same window.
    expect(await consumeRateLimit(db, check, () => t0 - 500)).toBe(false);
    // The window reopens after windowMs, with every slot free.
    expect(await consumeRateLimit(db, check, () => t0 + 60_000)).toBe(true);
    expect((await slotsOf(check.scope, check.key, t0 + 60_000)).size).toBe(1);
  });

  it('admits exactly `limit` of a concurrent burst, without a transaction and without an error', async () => {
    const check = { scope: unique('test:burst'), key: 'k', limit: 10, windowMs: 60_000 };
    const results = await Promise.all(Array.from({ length: 50 }, () => consumeRateLimit(db, check)));
    expect(results.filter(Boolean)).toHaveLength(10);
    const windowStart = (await rateLimits.doc(rateLimitDocId(check.scope, check.key)).get()).get(
      'windowStart',
    ) as number;
    expect((await slotsOf(check.scope, check.key, windowStart)).size).toBe(10);
  });

  it('opens one window when a burst finds none or an ended one', async () => {
    const check = { scope: unique('test:open'), key: 'k', limit: 100, windowMs: 60_000 };
    const t0 = Date.now();
    await Promise.all(Array.from({ length: 20 }, (_, i) => consumeRateLimit(db, check, () => t0 + i)));
    const first = (await rateLimits.doc(rateLimitDocId(check.scope, check.key)).get()).get(
      'windowStart',
    ) as number;
    expect(first).toBeGreaterThanOrEqual(t0);
    const later = first + 60_000;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => consumeRateLimit(db, check, () => later + i)),
    );
    expect(results.every(Boolean)).toBe(true);
    const second = (await rateLimits.doc(rateLimitDocId(check.scope, check.key)).get()).get(
      'windowStart',
    ) as number;
    expect(second).toBeGreaterThanOrEqual(later);
    expect((await slotsOf(check.scope, check.key, second)).size).toBe(20);
  });

  it('stores any key (even a long address with slashes) under a fixed-size id', () => {
    const id = rateLimitDocId('subscribe:email', `${'a/'.repeat(MAX_EMAIL_LENGTH)}@x.co`);
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
