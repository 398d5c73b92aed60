// The signups' error policy under fake timers (the emulator tests cover the real reads and listeners).
import type * as FirestoreModule from 'firebase/firestore';
import { beforeEach, describe, expect, it, vi } from 'vitest';

type Listener = {
  next: (snapshot: unknown) => void;
  error: (error: { code: string }) => void;
  unsubscribe: ReturnType<typeof vi.fn>;
};
const listeners: Listener[] = [];
const reads = { count: vi.fn(), docs: vi.fn() };
vi.mock('firebase/firestore', async (importOriginal) => ({
  ...(await importOriginal<typeof FirestoreModule>()),
  getCountFromServer: () => reads.count(),
  getDocsFromServer: () => reads.docs(),
  onSnapshot: (_query: unknown, next: Listener['next'], error: Listener['error']) => {
    const unsubscribe = vi.fn();
    listeners.push({ next, error, unsubscribe });
    return unsubscribe;
  },
}));

const { subscribeToSignups } = await import('./signups');
import { fakeTimersEachTest, slowDiskCache, unreachedServices } from '../test-support/unit';

const services = unreachedServices<Parameters<typeof subscribeToSignups>[0]>('signups-unit');

const emptyPage = { docs: [], size: 0, empty: true };
const serverSnapshot = (rows: Array<Record<string, unknown>>) => ({
  metadata: { fromCache: false },
  docChanges: () => rows.map((row) => ({ type: 'added', doc: { data: () => row } })),
});

beforeEach(() => {
  listeners.length = 0;
  reads.count.mockReset().mockResolvedValue({ data: () => ({ count: 0 }) });
  reads.docs.mockReset().mockResolvedValue(emptyPage);
});
fakeTimersEachTest();

describe('subscribeToSignups error policy (fake timers)', () => {
  // A cold start listens to the total's shards, then (after the newest rows) to changes and deletions.
  const LISTENERS_PER_START = 3;
  /** The first rows' head start before the listeners (FIRST_PAINT_HEADSTART_MS). */
  const HEADSTART = 50;

  it('starts over exactly 1000 ms after permission-denied, as often as needed', async () => {
    const onChange = vi.fn();
    subscribeToSignups(services, onChange);
    await vi.advanceTimersByTimeAsync(HEADSTART);
    expect(listeners).toHaveLength(LISTENERS_PER_START);
    listeners[1]!.error({ code: 'permission-denied' });
    expect(listeners[2]!.unsubscribe).toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(999);
    expect(listeners).toHaveLength(LISTENERS_PER_START);
    await vi.advanceTimersByTimeAsync(1);
    // Every row had loaded (the pages were empty): starting over only listens again.
    expect(listeners).toHaveLength(LISTENERS_PER_START + 2);
    listeners[3]!.error({ code: 'permission-denied' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(listeners).toHaveLength(LISTENERS_PER_START + 4);
    listeners[5]!.next(
      serverSnapshot([{ id: 'a@example.com', email: 'a@example.com', updatedAt: new Date(5) }]),
    );
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({
        rows: [{ id: 'a@example.com', email: 'a@example.com', updatedAt: new Date(5) }],
        complete: true,
      }),
    );
    expect(console.error).not.toHaveBeenCalled();
  });

  it('retries the first reads after permission-denied too (the staff check racing the sign-in)', async () => {
    reads.docs.mockRejectedValueOnce({ code: 'permission-denied' });
    subscribeToSignups(services, vi.fn());
    await vi.advanceTimersByTimeAsync(999);
    expect(reads.docs).toHaveBeenCalledTimes(1);
    expect(listeners).toHaveLength(1);
    expect(listeners[0]!.unsubscribe).toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1 + HEADSTART);
    expect(listeners).toHaveLength(1 + LISTENERS_PER_START);
  });

  it("shows the shards' total at once, and counts with count() only where no shard exists yet", async () => {
    const onChange = vi.fn();
    reads.docs.mockImplementation(() => new Promise(() => undefined)); // the newest rows never come
    subscribeToSignups(services, onChange);
    await vi.advanceTimersByTimeAsync(HEADSTART);
    listeners[0]!.next({
      metadata: { fromCache: false },
      empty: false,
      docChanges: () => [],
      docs: [{ data: () => ({ count: 40 }) }, { data: () => ({ count: 2 }) }],
    });
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ rows: null, total: 42, complete: false }),
    );
    expect(reads.count).not.toHaveBeenCalled();
    reads.count.mockResolvedValue({ data: () => ({ count: 7 }) });
    listeners[0]!.next({ metadata: { fromCache: false }, empty: true, docChanges: () => [], docs: [] });
    await vi.advanceTimersByTimeAsync(HEADSTART);
    expect(reads.count).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ rows: null, total: 7 }));
  });

  it('starts over when the server is out of reach, rather than taking an empty answer for the whole list', async () => {
    reads.docs.mockRejectedValueOnce({ code: 'unavailable' });
    const onChange = vi.fn();
    subscribeToSignups(services, onChange);
    await vi.advanceTimersByTimeAsync(999);
    expect(onChange).not.toHaveBeenCalledWith(expect.objectContaining({ complete: true }));
    await vi.advanceTimersByTimeAsync(1 + HEADSTART);
    expect(listeners).toHaveLength(1 + LISTENERS_PER_START);
    expect(console.error).not.toHaveBeenCalled();
  });

  it('logs other errors, reports them, and does not retry', async () => {
    const onError = vi.fn();
    subscribeToSignups(services, vi.fn(), { onError });
    await vi.advanceTimersByTimeAsync(HEADSTART);
    const error = { code: 'internal' };
    listeners[1]!.error(error);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(listeners).toHaveLength(LISTENERS_PER_START);
    expect(console.error).toHaveBeenCalledWith('Waitlist subscription failed:', error);
    expect(onError).toHaveBeenCalledWith(error);
  });

  it('unsubscribe stops the listeners and cancels a pending retry', async () => {
    const unsubscribe = subscribeToSignups(services, vi.fn());
    await vi.advanceTimersByTimeAsync(HEADSTART);
    unsubscribe();
    for (const listener of listeners) expect(listener.unsubscribe).toHaveBeenCalledTimes(1);

    const second = subscribeToSignups(services, vi.fn());
    await vi.advanceTimersByTimeAsync(HEADSTART);
    listeners[LISTENERS_PER_START + 1]!.error({ code: 'permission-denied' });
    second();
    await vi.advanceTimersByTimeAsync(5000);
    expect(listeners).toHaveLength(LISTENERS_PER_START * 2);
  });

  it('unsubscribing right after the load still saves the whole copy, then closes it', async () => {
    const { cache, written: saved } = slowDiskCache();
    const onChange = vi.fn();
    const unsubscribe = subscribeToSignups(services, onChange, { cache, uid: 'u1', projectId: 'p1' });
    await vi.advanceTimersByTimeAsync(HEADSTART);
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ complete: true }));
    expect(saved.some((change) => change.meta)).toBe(false);

    let closed = false;
    const stopped = unsubscribe().then(() => (closed = true));
    await vi.advanceTimersByTimeAsync(1000);
    await stopped;
    expect(closed).toBe(true);
    expect(saved.at(-1)?.meta).toMatchObject({ uid: 'u1', projectId: 'p1' });
    expect(cache.close).toHaveBeenCalledTimes(1);
  });
});
