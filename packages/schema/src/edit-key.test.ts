import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EDIT_KEY_HASH_PATTERN, hashEditKey } from './edit-key';

describe('hashEditKey', () => {
  it('is the SHA-256 of the key as lower-case hex (what firestore.rules computes from prevEditKey)', async () => {
    const key = 'k'.repeat(43);
    const hash = await hashEditKey(key);
    expect(hash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(hash).toMatch(EDIT_KEY_HASH_PATTERN);
    expect(await hashEditKey(`${key}x`)).not.toBe(hash);
  });
});
