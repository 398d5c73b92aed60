import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keyedHash } from './keyed-hash';

describe('keyedHash', () => {
  it('is stable for a secret, a purpose and a value', () => {
    expect(keyedHash('s', 'audit', 'jane@example.com')).toBe(keyedHash('s', 'audit', 'jane@example.com'));
    expect(keyedHash('s', 'audit', 'jane@example.com')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('cannot be matched without the secret: not the plain SHA-256, and another secret gives another hash', () => {
    const plain = createHash('sha256').update('jane@example.com').digest('hex');
    expect(keyedHash('s', 'audit', 'jane@example.com')).not.toBe(plain);
    expect(keyedHash('s', 'audit', 'jane@example.com')).not.toBe(keyedHash('t', 'audit', 'jane@example.com'));
  });

  it('keeps purposes apart', () => {
    expect(keyedHash('s', 'audit', 'jane@example.com')).not.toBe(
      keyedHash('s', 'referral-credit', 'jane@example.com'),
    );
  });

  it('refuses to hash without a secret', () => {
    expect(() => keyedHash('', 'audit', 'x')).toThrow(/MAIL_TOKEN_SECRET/);
  });
});
