import { isStrongPassword } from './validators';
import { describe, expect, it } from 'vitest';
import { generateOneTimePassword } from './password';

describe('generateOneTimePassword', () => {
  it('always meets the PRODUCT.md#validation policy, 16 characters, never repeating', () => {
    const passwords = Array.from({ length: 500 }, () => generateOneTimePassword());
    for (const password of passwords) {
      expect(isStrongPassword(password)).toBe(true);
      expect(password).toHaveLength(16);
    }
    expect(new Set(passwords).size).toBe(passwords.length);
  });
});
