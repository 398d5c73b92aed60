// How the engine uses the browser's copy, over a stand-in cache (the IndexedDB copy itself is exercised by
// signups.emulator.test.ts with fake-indexeddb).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { slowDiskCache } from '../../test-support/unit';
import { DELETIONS_KEPT_MS, signupsCopy, type SignupsCacheMeta } from './persistence';

const DAY = 24 * 3600 * 1000;
const NOW = Date.parse('2026-11-25T12:00:00Z');
const owner = { uid: 'u1', projectId: 'p1' };

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A copy of one signup saved at `savedAt`, on a slow disk. */
function standIn(savedAt = NOW, writable = true) {
  const meta: SignupsCacheMeta = { ...owner, changesThrough: 1, deletionsThrough: 1, savedAt };
  return slowDiskCache({ rows: [{ id: 'a', email: 'a' }], meta }, writable);
}

describe('signupsCopy', () => {
  it('uses a copy only while its tombstones can still bring it up to date (a day to spare)', async () => {
    expect(await signupsCopy(standIn(NOW - DELETIONS_KEPT_MS + DAY + 1).cache, owner).load()).not.toBeNull();
    expect(await signupsCopy(standIn(NOW - DELETIONS_KEPT_MS + DAY).cache, owner).load()).toBeNull();
  });

  it('takes a copy that fails to load for none', async () => {
    const { cache } = standIn();
    vi.mocked(cache.load).mockRejectedValueOnce(new Error('blocked'));
    expect(await signupsCopy(cache, owner).load()).toBeNull();
  });

  it('writes in order, and records how far the copy is up to date only once every signup is held', async () => {
    const { cache, written } = standIn();
    const copy = signupsCopy(cache, owner);
    copy.save([{ id: 'a', email: 'a' }], []);
    copy.save([], ['b'], { changesThrough: 7, deletionsThrough: 5 });
    await vi.advanceTimersByTimeAsync(250);
    expect(written).toEqual([
      { put: [{ id: 'a', email: 'a' }], remove: [], meta: undefined },
      { put: [], remove: ['b'], meta: { ...owner, changesThrough: 7, deletionsThrough: 5, savedAt: NOW } },
    ]);
  });

  it('records nothing about an unknown owner', async () => {
    const { cache, written } = standIn();
    signupsCopy(cache, {}).save([], [], { changesThrough: 7, deletionsThrough: 5 });
    await vi.advanceTimersByTimeAsync(100);
    expect(written).toEqual([{ put: [], remove: [], meta: undefined }]);
  });

  it('lands the writes asked for before close, none after, then closes the copy', async () => {
    const { cache, written } = standIn();
    const copy = signupsCopy(cache, owner);
    copy.save([{ id: 'a', email: 'a' }], []);
    copy.save([{ id: 'b', email: 'b' }], []);
    let closed = false;
    const closing = copy.close().then(() => (closed = true));
    copy.save([{ id: 'c', email: 'c' }], []);
    await vi.advanceTimersByTimeAsync(150);
    expect(closed).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    await closing;
    expect(written.map((change) => change.put?.[0]?.id)).toEqual(['a', 'b']);
    expect(cache.close).toHaveBeenCalledTimes(1);
  });

  it('neither writes nor clears in a tab that is not the writer', async () => {
    const { cache } = standIn(NOW, false);
    const copy = signupsCopy(cache, owner);
    await copy.clear();
    copy.save([{ id: 'a', email: 'a' }], []);
    await copy.close();
    expect(cache.clear).not.toHaveBeenCalled();
    expect(cache.write).not.toHaveBeenCalled();
  });

  it('without a cache, keeps nothing', async () => {
    const copy = signupsCopy(undefined, owner);
    expect(copy.present).toBe(false);
    expect(await copy.load()).toBeNull();
    copy.save([{ id: 'a', email: 'a' }], []);
    await expect(copy.close()).resolves.toBeUndefined();
  });
});
