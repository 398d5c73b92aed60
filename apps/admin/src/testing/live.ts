// Stands in for a data-access listener in a component test.
import { vi } from 'vitest';

export interface FakeListener<T> {
  /** Goes in the listener's place: vi.mocked(listenToX).mockImplementation(fake.listen). */
  listen: (services: unknown, onValue: (value: T) => void, onError: (error: Error) => void) => () => void;
  /** Delivers a value to the component listening (nothing before it listens). */
  deliver: (value: T) => void;
  /** Delivers an error to the component listening (nothing before it listens). */
  fail: (error: Error) => void;
  /** The unsubscribe the listener returned. */
  stop: ReturnType<typeof vi.fn<() => void>>;
}

export function fakeListener<T>(): FakeListener<T> {
  const fake: FakeListener<T> = {
    listen: (_services, onValue, onError) => {
      fake.deliver = onValue;
      fake.fail = onError;
      return fake.stop;
    },
    deliver: () => {},
    fail: () => {},
    stop: vi.fn<() => void>(),
  };
  return fake;
}
