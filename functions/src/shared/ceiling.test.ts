import { describe, expect, it } from 'vitest';
import type { Firestore } from 'firebase-admin/firestore';
import { CEILING_SHARDS, shardCapacity, takeCeilingUnit, windowStart } from './ceiling';

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

/** A stand-in for Firestore holding the shards' counts, whose transactions on `contended` shards abort. */
function shardStore(contended: (id: string) => boolean) {
  const counts = new Map<string, number>();
  const snapshot = (id: string) => ({
    get: (field: string) => (field === 'count' ? counts.get(id) : undefined),
  });
  const aborted = Object.assign(new Error('10 ABORTED: Transaction lock timeout.'), { code: 10 });
  const db = {
    collection: () => ({ doc: (id: string) => ({ id }) }),
    getAll: (...refs: Array<{ id: string }>) => Promise.resolve(refs.map(({ id }) => snapshot(id))),
    runTransaction: async <T>(work: (transaction: unknown) => Promise<T>): Promise<T> => {
      const writes = new Map<string, number>();
      let touched = '';
      const result = await work({
        get: ({ id }: { id: string }) => ((touched = id), Promise.resolve(snapshot(id))),
        set: ({ id }: { id: string }, data: { count: number }) => writes.set(id, data.count),
      });
      if (contended(touched)) throw aborted;
      for (const [id, count] of writes) counts.set(id, count);
      return result;
    },
  };
  return { db: db as unknown as Firestore, counts, aborted };
}

describe('takeCeilingUnit', () => {
  const ceiling = { scope: 'test', limit: 2, windowMs: 3_600_000 };
  const inOrder = () => 0.999; // the shuffle keeps the shards' order

  it('takes a unit from another shard with room when the first one it tries is held by other requests', async () => {
    let first = '';
    const store = shardStore((id) => (first ||= id) === id);
    await expect(takeCeilingUnit(store.db, ceiling, undefined, () => 0, inOrder)).resolves.toBe('taken');
    expect([...store.counts.values()]).toEqual([1]);
    expect(store.counts.has(first)).toBe(false);
  });

  it('fails the request, counting nothing, when every shard with room is held', async () => {
    const store = shardStore(() => true);
    await expect(takeCeilingUnit(store.db, ceiling, undefined, () => 0, inOrder)).rejects.toBe(store.aborted);
    expect(store.counts.size).toBe(0);
  });

  it('answers full, not a failure, when the requests holding its shards filled them', async () => {
    // Each shard it tries is held by another request, which takes the shard's last unit meanwhile.
    let tried = 0;
    const filling = shardStore((id) => {
      tried += 1;
      filling.counts.set(id, 1);
      return true;
    });
    await expect(takeCeilingUnit(filling.db, ceiling, undefined, () => 0, inOrder)).resolves.toBe('full');
    expect(tried).toBe(ceiling.limit);
  });

  it('answers full once every shard is at its capacity', async () => {
    const store = shardStore(() => false);
    for (let i = 0; i < ceiling.limit; i += 1) {
      await expect(takeCeilingUnit(store.db, ceiling, undefined, () => 0, inOrder)).resolves.toBe('taken');
    }
    await expect(takeCeilingUnit(store.db, ceiling, undefined, () => 0, inOrder)).resolves.toBe('full');
  });
});
