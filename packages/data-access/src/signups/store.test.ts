// The signups store on plain rows: no Firebase, no timers (the coordinator's tests cover the wiring).
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSignupsStore, signupIdHash, sortNewestFirst, type WaitlistSignupRow } from './store';

afterEach(() => void vi.restoreAllMocks());

const row = (
  id: string,
  updatedAt: number | undefined,
  fields: Partial<WaitlistSignupRow> = {},
): WaitlistSignupRow => ({
  id,
  email: id,
  ...(updatedAt === undefined ? {} : { updatedAt: new Date(updatedAt), timestamp: new Date(updatedAt) }),
  ...fields,
});
const ids = (rows: readonly WaitlistSignupRow[] | null) => (rows ?? []).map((item) => item.id);

/** A new store that has merged `rows`, not yet told they are all in. */
function storeWith(...rows: WaitlistSignupRow[]) {
  const store = createSignupsStore();
  rows.forEach(store.merge);
  return store;
}

/** A new store holding `rows`, every row in. */
function held(...rows: WaitlistSignupRow[]) {
  const store = storeWith(...rows);
  store.markRowsReady();
  return store;
}

describe('signups store: rows', () => {
  it('keeps the newer version of a row by updatedAt (the same time replaces it), and follows the newest time', () => {
    const store = createSignupsStore();
    expect(store.merge(row('a', 10, { travelFrequency: 'Monthly' }))).toBe(true);
    expect(store.merge(row('a', 5, { travelFrequency: 'Rarely' }))).toBe(false);
    expect(store.merge(row('a', 10, { travelFrequency: 'Weekly' }))).toBe(true);
    expect(store.merge(row('b', 7))).toBe(true);
    store.markRowsReady();
    expect(store.snapshot().rows?.find((item) => item.id === 'a')?.travelFrequency).toBe('Weekly');
    expect(store.size).toBe(2);
    expect(store.cursors.changesThrough).toBe(10);
  });

  it('applies a batch of the changes feed: what to write to the copy and what to take out', () => {
    const store = storeWith(row('a', 10), row('b', 10));
    const { put, remove } = store.applyChanges([
      { removed: false, row: row('a', 20) },
      { removed: false, row: row('b', 5) }, // older than what is held
      { removed: false, row: row('c', 30) },
      { removed: true, row: row('b', 10) },
      { removed: true, row: row('never-held', 10) },
    ]);
    expect(ids(put)).toEqual(['a', 'c']);
    expect(remove).toEqual(['b']);
    expect(store.size).toBe(2);
    expect(store.cursors.changesThrough).toBe(30);
  });

  it('drops the rows awaiting confirmation that neither a read nor the changes feed handed again', () => {
    // Four recent copies: one read again (even at an older version), one changed, one deleted through the
    // feed, and one whose signup is gone.
    const store = held(row('read', 10), row('changed', 10), row('removed', 10), row('gone', 10));
    store.awaitConfirmation(['read', 'changed', 'removed', 'gone', 'never-held']);
    store.merge(row('read', 5));
    store.applyChanges([
      { removed: false, row: row('changed', 20) },
      { removed: true, row: row('removed', 10) },
    ]);
    expect(store.dropUnconfirmed()).toEqual(['gone']);
    expect(ids(store.snapshot().rows).sort()).toEqual(['changed', 'read']);
    // Asked once: a later call drops nothing.
    expect(store.dropUnconfirmed()).toEqual([]);
  });

  it('hands no rows until the first arrive, then every row newest first', () => {
    const store = storeWith(row('old', 1), row('new', 3), row('undated', undefined));
    expect(store.snapshot()).toEqual({ rows: null, total: null, complete: false, serverDocs: 0 });
    store.markRowsReady();
    expect(ids(store.snapshot().rows)).toEqual(['new', 'old', 'undated']);
  });

  it("reports the server's total (never fewer than the rows held) until complete, then the rows'", () => {
    const store = held(row('a', 1), row('b', 2));
    expect(store.setTotal(1)).toBe(true);
    expect(store.snapshot().total).toBe(2);
    expect(store.setTotal(1)).toBe(false);
    expect(store.setTotal(40)).toBe(true);
    expect(store.snapshot()).toMatchObject({ total: 40, complete: false });
    store.markComplete();
    expect(store.snapshot()).toMatchObject({ total: 2, complete: true });
  });

  it('counts the documents read from the server', () => {
    const store = createSignupsStore();
    store.countServerDocs(10);
    store.countServerDocs(0);
    store.countServerDocs(3);
    expect(store.snapshot().serverDocs).toBe(13);
  });

  it("starts from the browser's copy: its rows, and how far it had been brought up to date", () => {
    const store = createSignupsStore();
    store.loadCopy([row('a', 50), row('b', 60)], { changesThrough: 40, deletionsThrough: 30 });
    expect(ids(store.snapshot().rows)).toEqual(['b', 'a']);
    expect(store.cursors).toEqual({ changesThrough: 40, deletionsThrough: 30 });
    store.deletionsFollowedFrom(20);
    expect(store.cursors.deletionsThrough).toBe(30);
    store.deletionsFollowedFrom(35);
    expect(store.cursors.deletionsThrough).toBe(35);
  });
});

describe('signups store: deletions', () => {
  const tombstone = async (id: string, deletedAt: number) => ({ idHash: await signupIdHash(id), deletedAt });

  it('takes out a row whose tombstone is at least as new, and keeps a signup made again after its deletion', async () => {
    const store = held(row('gone', 10), row('same-time', 20), row('made-again', 30), row('kept', 5));
    store.addTombstones([
      await tombstone('gone', 15),
      await tombstone('same-time', 20),
      await tombstone('made-again', 25),
    ]);
    expect(store.deletionsPending).toBe(true);
    expect(store.cursors.deletionsThrough).toBe(25);
    await store.hashRowIds();
    expect(store.applyDeletions(false).sort()).toEqual(['gone', 'same-time']);
    expect(ids(store.snapshot().rows)).toEqual(['made-again', 'kept']);
    expect(store.deletionsPending).toBe(false);
  });

  it('keeps a tombstone whose row is not held yet, until every row is held', async () => {
    const store = held(row('a', 10));
    store.addTombstones([await tombstone('later', 50)]);
    await store.hashRowIds();
    expect(store.applyDeletions(false)).toEqual([]);
    expect(store.deletionsPending).toBe(true);

    store.merge(row('later', 40));
    await store.hashRowIds();
    expect(store.applyDeletions(false)).toEqual(['later']);

    store.addTombstones([await tombstone('never-held', 60)]);
    await store.hashRowIds();
    expect(store.applyDeletions(true)).toEqual([]);
    expect(store.deletionsPending).toBe(false);
  });

  it('matches only rows whose id has been hashed', async () => {
    const store = held(row('a', 10));
    store.addTombstones([await tombstone('a', 20)]);
    expect(store.applyDeletions(false)).toEqual([]);
    await store.hashRowIds();
    expect(store.applyDeletions(false)).toEqual(['a']);
  });

  it('hashes each row id once', async () => {
    const digest = vi.spyOn(crypto.subtle, 'digest');
    const store = held(row('a', 10), row('b', 10));
    await store.hashRowIds();
    expect(digest).toHaveBeenCalledTimes(2);
    store.merge(row('c', 10));
    store.merge(row('a', 20));
    await store.hashRowIds();
    expect(digest).toHaveBeenCalledTimes(3);
  });

  it('names a signup by the SHA-256 of its id, in hex (a tombstone keeps no address)', async () => {
    expect(await signupIdHash('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
});

describe('sortNewestFirst', () => {
  it('orders by timestamp descending, untimed rows last by id', () => {
    const rows = [
      { id: 'b', email: 'b', timestamp: undefined },
      { id: 'c', email: 'c', timestamp: new Date('2025-01-01') },
      { id: 'a', email: 'a', timestamp: undefined },
      { id: 'd', email: 'd', timestamp: new Date('2025-03-01') },
    ] as WaitlistSignupRow[];
    expect(sortNewestFirst(rows).map((row) => row.id)).toEqual(['d', 'c', 'a', 'b']);
  });
});

describe('signups store module', () => {
  it('loads no Firebase (its only imports are types)', () => {
    const source = readFileSync(new URL('./store.ts', import.meta.url), 'utf8');
    const imports = [...source.matchAll(/^import\s+(type\s+)?[^;]*?from\s+'([^']+)'/gm)];
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.filter(([, type]) => !type).map(([, , from]) => from)).toEqual([]);
  });
});
