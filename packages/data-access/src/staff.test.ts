// The staff-info retry policy under fake timers (the emulator test covers the real reads).
import type * as FirestoreModule from 'firebase/firestore';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeTimersEachTest, unreachedServices } from '../test-support/unit';

const getDoc = vi.fn();
vi.mock('firebase/firestore', async (importOriginal) => ({
  ...(await importOriginal<typeof FirestoreModule>()),
  getDoc: (...args: unknown[]) => getDoc(...args),
}));

const { fetchStaffInfo } = await import('./staff');

const services = unreachedServices<Parameters<typeof fetchStaffInfo>[0]>('staff-unit');
const denied = Object.assign(new Error('Missing or insufficient permissions.'), {
  code: 'permission-denied',
});
const found = (data: Record<string, unknown>) => ({ data: () => data });

fakeTimersEachTest();
beforeEach(() => {
  getDoc.mockReset();
});

describe('fetchStaffInfo retry policy (fake timers)', () => {
  it('retries after 500 ms, 1000 ms and 1500 ms, then falls back to the e-mail and no roles', async () => {
    getDoc.mockRejectedValue(denied);
    let result: unknown;
    void fetchStaffInfo(services, 'ana@silk.travel').then((value) => (result = value));
    await vi.advanceTimersByTimeAsync(0);
    expect(getDoc).toHaveBeenCalledTimes(1);
    for (const [wait, reads] of [
      [500, 2],
      [1000, 3],
      [1500, 4],
    ] as const) {
      // Not a millisecond early, and no answer yet.
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(getDoc).toHaveBeenCalledTimes(reads - 1);
      expect(result).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      expect(getDoc).toHaveBeenCalledTimes(reads);
    }
    expect(result).toEqual({
      username: 'ana@silk.travel',
      roles: [],
      mustChangePassword: false,
      hasAccess: false,
    });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(getDoc).toHaveBeenCalledTimes(4);
  });

  it('returns the record as soon as a retry succeeds', async () => {
    getDoc.mockRejectedValueOnce(denied).mockResolvedValueOnce(found({ username: 'ana', roles: ['Admin'] }));
    const pending = fetchStaffInfo(services, 'ana@silk.travel');
    await vi.advanceTimersByTimeAsync(500);
    await expect(pending).resolves.toEqual({
      username: 'ana',
      roles: ['Admin'],
      mustChangePassword: false,
      hasAccess: true,
    });
    expect(getDoc).toHaveBeenCalledTimes(2);
  });

  it('reads again every second while the server is out of reach, and never falls back meanwhile', async () => {
    const offline = Object.assign(new Error('Failed to get document because the client is offline.'), {
      code: 'unavailable',
    });
    const timedOut = Object.assign(new Error('Deadline exceeded'), { code: 'deadline-exceeded' });
    getDoc
      .mockRejectedValueOnce(offline)
      .mockRejectedValueOnce(timedOut)
      .mockRejectedValueOnce(offline)
      .mockRejectedValueOnce(offline)
      .mockRejectedValueOnce(offline)
      .mockResolvedValueOnce(found({ username: 'ana', roles: ['Staff'] }));
    let result: unknown;
    void fetchStaffInfo(services, 'ana@silk.travel').then((value) => (result = value));
    await vi.advanceTimersByTimeAsync(0);
    for (let reads = 1; reads <= 5; reads += 1) {
      // Not a millisecond early, and no answer yet.
      await vi.advanceTimersByTimeAsync(999);
      expect(getDoc).toHaveBeenCalledTimes(reads);
      expect(result).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      expect(getDoc).toHaveBeenCalledTimes(reads + 1);
    }
    expect(result).toEqual({ username: 'ana', roles: ['Staff'], mustChangePassword: false, hasAccess: true });
    expect(console.error).not.toHaveBeenCalled();
  });

  it('stops reading once its signal aborts, rejecting with the reason', async () => {
    getDoc.mockRejectedValue(Object.assign(new Error('offline'), { code: 'unavailable' }));
    const closed = new AbortController();
    const pending = fetchStaffInfo(services, 'ana@silk.travel', { signal: closed.signal });
    const outcome = pending.then(
      () => 'resolved',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(2500);
    expect(getDoc).toHaveBeenCalledTimes(3);
    closed.abort(new Error('panel closed'));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(getDoc).toHaveBeenCalledTimes(3);
    expect(await outcome).toEqual(new Error('panel closed'));
  });

  it('does not retry other errors: it logs and falls back at once', async () => {
    getDoc.mockRejectedValue(Object.assign(new Error('internal'), { code: 'internal' }));
    await expect(fetchStaffInfo(services, 'ana@silk.travel')).resolves.toEqual({
      username: 'ana@silk.travel',
      roles: [],
      mustChangePassword: false,
      hasAccess: false,
    });
    expect(getDoc).toHaveBeenCalledTimes(1);
    expect(console.error).toHaveBeenCalled();
  });

  it('keeps only string roles', async () => {
    getDoc.mockResolvedValue(found({ username: 'ana', roles: ['Admin', 7, null], mustChangePassword: true }));
    await expect(fetchStaffInfo(services, 'ana@silk.travel')).resolves.toEqual({
      username: 'ana',
      roles: ['Admin'],
      mustChangePassword: true,
      hasAccess: true,
    });
  });

  it('gives a disabled record no access', async () => {
    getDoc.mockResolvedValue(found({ username: 'ana', roles: ['Admin'], disabled: true }));
    await expect(fetchStaffInfo(services, 'ana@silk.travel')).resolves.toMatchObject({ hasAccess: false });
  });
});
