// The live-signups error policy under fake timers (the emulator test covers real listening).
import type * as FirestoreModule from 'firebase/firestore';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Listener = { next: (snapshot: unknown) => void; error: (error: { code: string }) => void; unsubscribe: ReturnType<typeof vi.fn> };
const listeners: Listener[] = [];
vi.mock('firebase/firestore', async (importOriginal) => ({
  ...(await importOriginal<typeof FirestoreModule>()),
  onSnapshot: (_ref: unknown, next: Listener['next'], error: Listener['error']) => {
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

beforeEach(() => {
  listeners.length = 0;
  vi.useFakeTimers();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('subscribeToSignups error policy (fake timers)', () => {
  it('resubscribes exactly 1000 ms after permission-denied, as often as needed', async () => {
    const onRows = vi.fn();
    subscribeToSignups(services, onRows);
    expect(listeners).toHaveLength(1);
    listeners[0]!.error({ code: 'permission-denied' });
    await vi.advanceTimersByTimeAsync(999);
    expect(listeners).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(listeners).toHaveLength(2);
    listeners[1]!.error({ code: 'permission-denied' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(listeners).toHaveLength(3);
    listeners[2]!.next({ docs: [{ data: () => ({ id: 'a@example.com', email: 'a@example.com' }) }] });
    expect(onRows).toHaveBeenCalledWith([{ id: 'a@example.com', email: 'a@example.com' }]);
    expect(console.error).not.toHaveBeenCalled();
  });

  it('logs other errors, reports them, and does not retry', async () => {
    const onError = vi.fn();
    subscribeToSignups(services, vi.fn(), { onError });
    const error = { code: 'unavailable' };
    listeners[0]!.error(error);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(listeners).toHaveLength(1);
    expect(console.error).toHaveBeenCalledWith('Waitlist subscription failed:', error);
    expect(onError).toHaveBeenCalledWith(error);
  });

  it('unsubscribe stops the listener and cancels a pending retry', async () => {
    const unsubscribe = subscribeToSignups(services, vi.fn());
    unsubscribe();
    expect(listeners[0]!.unsubscribe).toHaveBeenCalledTimes(1);

    const second = subscribeToSignups(services, vi.fn());
    listeners[1]!.error({ code: 'permission-denied' });
    second();
    await vi.advanceTimersByTimeAsync(5000);
    expect(listeners).toHaveLength(2);
  });
});
