import { afterEach, beforeEach, vi, type Mock } from 'vitest';

/**
 * For a form island's tests: before each, the mocked data-access call forgets its calls and results,
 * the session storage is empty and console errors (React's, on purpose-failed writes) are silenced;
 * after each, the console is restored.
 */
export function resetBetweenFormTests(dataAccessCall: Mock) {
  beforeEach(() => {
    dataAccessCall.mockReset();
    window.sessionStorage.clear();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());
}
