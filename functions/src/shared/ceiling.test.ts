import { describe, expect, it } from 'vitest';
import { CEILING_SHARDS, shardCapacity, windowStart } from './ceiling';

describe('shardCapacity', () => {
  it.each([0, 1, 5, 15, 16, 17, 100, 2000, 100_000])(
    'splits a ceiling of %i over the shards exactly',
    (limit) => {
      const capacities = Array.from({ length: CEILING_SHARDS }, (_, shard) => shardCapacity(limit, shard));
      expect(capacities.reduce((sum, capacity) => sum + capacity, 0)).toBe(limit);
      expect(Math.max(...capacities) - Math.min(...capacities)).toBeLessThanOrEqual(1);
    },
  );
});

describe('windowStart', () => {
  it('is the start of the clock window the time falls in', () => {
    const hour = 3_600_000;
    expect(windowStart(hour, 5 * hour)).toBe(5 * hour);
    expect(windowStart(hour, 5 * hour + hour - 1)).toBe(5 * hour);
    expect(windowStart(hour, 6 * hour)).toBe(6 * hour);
  });
});
