// Set-up of the unit tests that mock the Firebase SDK's reads and drive a retry policy under fake timers.
import { initializeApp } from 'firebase/app';
import { getFirestore } from 'firebase/firestore';
import { afterEach, beforeEach, vi } from 'vitest';
import type { CachedSignups, SignupsCache, SignupsCacheWrite } from '../src/signups-cache';

/** Services over a Firestore that is never reached (the test mocks the SDK calls); `name` names the app. */
export function unreachedServices<Services>(name: string): Services {
  return {
    db: getFirestore(initializeApp({ projectId: 'demo-unit', apiKey: 'k', appId: 'a' }, name)),
  } as unknown as Services;
}

/** Each test of the file on fake timers, console.error silenced; real timers and every mock back after it. */
export function fakeTimersEachTest(): void {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
}

/**
 * A stand-in for the browser's copy of the signups that holds `copy` (none by default) on a slow disk:
 * each write lands in `written` 100 ms after it is asked for.
 */
export function slowDiskCache(
  copy: CachedSignups | null = null,
  writable = true,
): { cache: SignupsCache; written: SignupsCacheWrite[] } {
  const written: SignupsCacheWrite[] = [];
  const cache: SignupsCache = {
    load: vi.fn(async () => copy),
    clear: vi.fn(async () => undefined),
    writable: async () => writable,
    close: vi.fn(),
    write: vi.fn(
      (change: SignupsCacheWrite) =>
        new Promise<void>((resolve) => setTimeout(() => resolve(void written.push(change)), 100)),
    ),
  };
  return { cache, written };
}
