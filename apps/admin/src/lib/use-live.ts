import { useEffect, useState } from 'react';

export interface Live<T> {
  /** null until the first snapshot has arrived. */
  value: T | null;
  error: string;
}

/** A live read while the component is mounted: `watch` subscribes and returns its unsubscribe. */
export function useLive<T>(
  watch: (onValue: (value: T) => void, onError: (error: Error) => void) => () => void,
  failed: string,
): Live<T> {
  const [value, setValue] = useState<T | null>(null);
  const [error, setError] = useState('');
  useEffect(
    () =>
      watch(
        (next) => {
          setValue(() => next);
          setError('');
        },
        (caught) => {
          console.error(failed, caught);
          setError(failed);
        },
      ),
    [watch, failed],
  );
  return { value, error };
}
