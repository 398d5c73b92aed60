import type { WebhookListResponse } from '@silk/schema/webhook-api';
import { WEBHOOKS_LOAD_FAILED } from '@silk/schema/messages';
import { useCallback, useEffect, useState } from 'react';
import { fetchWebhooks } from '@/features/webhooks/api/webhooks';
import { callFailure } from '@/lib/error-message';

/** How often the open tab lists the deliveries again. */
export const WEBHOOKS_REFRESH_MS = 5000;

export interface Webhooks {
  /** null until the first list has arrived. */
  list: WebhookListResponse | null;
  /** Why the last load failed ('' when it did not); the last list stays shown. */
  error: string;
  refresh: () => void;
}

/** The endpoints and their newest deliveries, loaded on mount, after each change and every few seconds while open. */
export function useWebhooks(): Webhooks {
  const [list, setList] = useState<WebhookListResponse | null>(null);
  const [error, setError] = useState('');
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let active = true;
    const load = () =>
      fetchWebhooks().then(
        (next) => {
          if (!active) return;
          setList(next);
          setError('');
        },
        (caught: unknown) => {
          if (active) setError(callFailure(caught, WEBHOOKS_LOAD_FAILED));
        },
      );
    void load();
    const timer = setInterval(() => void load(), WEBHOOKS_REFRESH_MS);
    return () => {
      active = false;
      clearInterval(timer);
    };
  }, [version]);
  const refresh = useCallback(() => setVersion((current) => current + 1), []);
  return { list, error, refresh };
}
