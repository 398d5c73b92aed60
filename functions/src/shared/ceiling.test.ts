import { describe, expect, it } from 'vitest';
import type { Firestore } from 'firebase-admin/firestore';
import { CEILING_PASSES, CEILING_SHARDS, shardCapacity, takeCeilingUnit, windowStart } from './ceiling';

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

/**
 * A stand-in for Firestore holding the shards' counts and update times. A transaction's shard write
 * checks its precondition (FAILED_PRECONDITION when the shard was written since it was read, ALREADY_EXISTS
 * for a create of one that exists); `commit` is called first with the shard's id and may abort the
 * transaction (lock contention) or write the shard itself (another request's unit).
 */
function shardStore(
  commit: (id: string, store: { write: (id: string) => void }) => 'abort' | 'go' = () => 'go',
) {
  const counts = new Map<string, number>();
  const versions = new Map<string, number>();
  const write = (id: string) => {
    counts.set(id, (counts.get(id) ?? 0) + 1);
    versions.set(id, (versions.get(id) ?? 0) + 1);
  };
  const snapshot = (id: string) => ({
    ref: { id },
    exists: counts.has(id),
    updateTime: versions.get(id),
    get: (field: string) => (field === 'count' ? counts.get(id) : undefined),
  });
  const failure = (code: number, message: string) => Object.assign(new Error(message), { code });
  const aborted = failure(10, '10 ABORTED: Transaction lock timeout.');
  const db = {
    collection: () => ({ doc: (id: string) => ({ id }) }),
    getAll: (...refs: Array<{ id: string }>) => Promise.resolve(refs.map(({ id }) => snapshot(id))),
    runTransaction: async <T>(work: (transaction: unknown) => Promise<T>): Promise<T> => {
      let shardWrite: { id: string; version?: number; create: boolean } | undefined;
      const result = await work({
        create: ({ id }: { id: string }) => (shardWrite = { id, create: true }),
        update: ({ id }: { id: string }, _data: unknown, precondition: { lastUpdateTime: number }) =>
          (shardWrite = { id, version: precondition.lastUpdateTime, create: false }),
      });
      if (!shardWrite) return result;
      if (commit(shardWrite.id, { write }) === 'abort') throw aborted;
      if (shardWrite.create && counts.has(shardWrite.id)) throw failure(6, '6 ALREADY_EXISTS');
      if (!shardWrite.create && versions.get(shardWrite.id) !== shardWrite.version)
        throw failure(9, '9 FAILED_PRECONDITION');
      write(shardWrite.id);
      return result;
    },
  };
  return { db: db as unknown as Firestore, counts, aborted };
}

describe('takeCeilingUnit', () => {
  const ceiling = { scope: 'test', limit: 2, windowMs: 3_600_000 };
  const inOrder = () => 0.999; // the shuffle keeps the shards' order
  const noWait = () => Promise.resolve();
  const seams = { now: () => 0, random: inOrder, wait: noWait };

  it('takes a unit from another shard with room when the first one it tries is held by other requests', async () => {
    let first = '';
    const store = shardStore((id) => ((first ||= id) === id ? 'abort' : 'go'));
    await expect(takeCeilingUnit(store.db, ceiling, undefined, seams)).resolves.toBe('taken');
    expect([...store.counts.values()]).toEqual([1]);
    expect(store.counts.has(first)).toBe(false);
  });

  it('fails the request, counting nothing, when every shard with room stays held through every pass', async () => {
    let tries = 0;
    const store = shardStore(() => ((tries += 1), 'abort'));
    await expect(takeCeilingUnit(store.db, ceiling, undefined, seams)).rejects.toBe(store.aborted);
    expect(store.counts.size).toBe(0);
    expect(tries).toBe(CEILING_PASSES * ceiling.limit);
  });

  it('tries the held shards again after a random pause that grows with each pass, and takes one freed meanwhile', async () => {
    let tries = 0;
    // Both shards with room are held for the first three passes.
    const store = shardStore(() => ((tries += 1) <= 3 * ceiling.limit ? 'abort' : 'go'));
    const pauses: number[] = [];
    const wait = (ms: number) => (pauses.push(ms), Promise.resolve());
    await expect(
      takeCeilingUnit(store.db, ceiling, undefined, { now: () => 0, random: () => 0.5, wait }),
    ).resolves.toBe('taken');
    expect([...store.counts.values()]).toEqual([1]);
    expect(pauses).toEqual([100, 200, 300]);
  });

  it('answers full, not a failure, when the requests holding its shards filled them', async () => {
    // Each shard it tries is held by another request, which takes the shard's last unit meanwhile.
    let tried = 0;
    const store = shardStore((id, { write }) => {
      tried += 1;
      write(id);
      return 'abort';
    });
    await expect(takeCeilingUnit(store.db, ceiling, undefined, seams)).resolves.toBe('full');
    expect(tried).toBe(ceiling.limit);
  });

  it('reads a shard again when another request wrote it since, without a pause or a pass counted', async () => {
    // Another request takes a unit of the shard between this one's read and its write, ten times over.
    const roomy = { scope: 'test', limit: 10 * CEILING_SHARDS, windowMs: 3_600_000 };
    let overtaken = 0;
    const store = shardStore((id, { write }) => {
      if (overtaken < 10) {
        overtaken += 1;
        write(id);
      }
      return 'go';
    });
    const pauses: number[] = [];
    const wait = (ms: number) => (pauses.push(ms), Promise.resolve());
    await expect(takeCeilingUnit(store.db, roomy, undefined, { ...seams, wait })).resolves.toBe('taken');
    expect([...store.counts.values()].reduce((sum, count) => sum + count, 0)).toBe(11);
    expect(pauses).toEqual([]);
  });

  it("never counts past a shard's capacity when another request created it first", async () => {
    const store = shardStore((id, { write }) => (store.counts.has(id) ? 'go' : (write(id), 'go')));
    // Every shard it reads empty is created by another request first: the limit of 2 is then reached.
    await expect(takeCeilingUnit(store.db, ceiling, undefined, seams)).resolves.toBe('full');
    expect([...store.counts.values()]).toEqual([1, 1]);
  });

  it('answers full once every shard is at its capacity', async () => {
    const store = shardStore();
    for (let i = 0; i < ceiling.limit; i += 1) {
      await expect(takeCeilingUnit(store.db, ceiling, undefined, seams)).resolves.toBe('taken');
    }
    await expect(takeCeilingUnit(store.db, ceiling, undefined, seams)).resolves.toBe('full');
  });

  it('asks the transaction of `alongside` first and counts nothing when it declines', async () => {
    const store = shardStore();
    await expect(takeCeilingUnit(store.db, ceiling, () => Promise.resolve(false), seams)).resolves.toBe(
      'declined',
    );
    expect(store.counts.size).toBe(0);
  });
});
