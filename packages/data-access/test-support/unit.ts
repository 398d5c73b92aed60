// Set-up of the unit tests that mock the Firebase SDK's reads and drive a retry policy under fake timers.
import { initializeApp } from 'firebase/app';
import { getFirestore } from 'firebase/firestore';
import { afterEach, beforeEach, vi } from 'vitest';

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
