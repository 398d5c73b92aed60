// The signups' error policy under fake timers (the emulator tests cover the real reads and listeners).
import type * as FirestoreModule from 'firebase/firestore';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Listener = { next: (snapshot: unknown) => void; error: (error: { code: string }) => void; unsubscribe: ReturnType<typeof vi.fn> };
const listeners: Listener[] = [];
const reads = { count: vi.fn(), docs: vi.fn() };
vi.mock('firebase/firestore', async (importOriginal) => ({
  ...(await importOriginal<typeof FirestoreModule>()),
  getCountFromServer: () => reads.count(),
  getDocs: () => reads.docs(),
  onSnapshot: (_query: unknown, next: Listener['next'], error: Listener['error']) => {
    const unsubscribe = vi.fn();
    listeners.push({ next, error, unsubscribe });
    return unsubscribe;
  },
}));

const { subscribeToSignups } = await import('./signups');
const { getFirestore } = await import('firebase/firestore');
const { initializeApp } = await import('firebase/app');

const services = {
  db: getFirestore(initializeApp({ projectId: 'demo-unit', apiKey: 'k', appId: 'a' }, 'signups-unit')),
} as unknown as Parameters<typeof subscribeToSignups>[0];

const emptyPage = { docs: [], size: 0 };
const serverSnapshot = (rows: Array<Record<string, unknown>>) => ({
  metadata: { fromCache: false },
  docChanges: () => rows.map((row) => ({ type: 'added', doc: { data: () => row } })),
});

beforeEach(() => {
  listeners.length = 0;
  reads.count.mockReset().mockResolvedValue({ data: () => ({ count: 0 }) });
  reads.docs.mockReset().mockResolvedValue(emptyPage);
  vi.useFakeTimers();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('subscribeToSignups error policy (fake timers)', () => {
  it('starts over exactly 1000 ms after permission-denied, as often as needed', async () => {
    const onChange = vi.fn();
    subscribeToSignups(services, onChange);
    await vi.advanceTimersByTimeAsync(0);
    expect(listeners).toHaveLength(2); // changes and deletions
    listeners[0]!.error({ code: 'permission-denied' });
    expect(listeners[1]!.unsubscribe).toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(999);
    expect(listeners).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(listeners).toHaveLength(4);
    listeners[2]!.error({ code: 'permission-denied' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(listeners).toHaveLength(6);
    listeners[4]!.next(serverSnapshot([{ id: 'a@example.com', email: 'a@example.com', updatedAt: new Date(5) }]));
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ rows: [{ id: 'a@example.com', email: 'a@example.com', updatedAt: new Date(5) }], complete: true }),
    );
    expect(console.error).not.toHaveBeenCalled();
  });

  it('retries the first reads after permission-denied too (the staff check racing the sign-in)', async () => {
    reads.count.mockRejectedValueOnce({ code: 'permission-denied' });
    subscribeToSignups(services, vi.fn());
    await vi.advanceTimersByTimeAsync(999);
    expect(reads.count).toHaveBeenCalledTimes(1);
    expect(listeners).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(reads.count).toHaveBeenCalledTimes(2);
    expect(listeners).toHaveLength(2);
  });

  it('logs other errors, reports them, and does not retry', async () => {
    const onError = vi.fn();
    subscribeToSignups(services, vi.fn(), { onError });
    await vi.advanceTimersByTimeAsync(0);
    const error = { code: 'unavailable' };
    listeners[0]!.error(error);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(listeners).toHaveLength(2);
    expect(console.error).toHaveBeenCalledWith('Waitlist subscription failed:', error);
    expect(onError).toHaveBeenCalledWith(error);
  });

  it('unsubscribe stops the listeners and cancels a pending retry', async () => {
    const unsubscribe = subscribeToSignups(services, vi.fn());
    await vi.advanceTimersByTimeAsync(0);
    unsubscribe();
    expect(listeners[0]!.unsubscribe).toHaveBeenCalledTimes(1);
    expect(listeners[1]!.unsubscribe).toHaveBeenCalledTimes(1);

    const second = subscribeToSignups(services, vi.fn());
    await vi.advanceTimersByTimeAsync(0);
    listeners[2]!.error({ code: 'permission-denied' });
    second();
    await vi.advanceTimersByTimeAsync(5000);
    expect(listeners).toHaveLength(4);
  });
});
