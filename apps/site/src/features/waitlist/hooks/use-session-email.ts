import { useSyncExternalStore } from 'react';
import { readSessionEmail } from '../../../lib/session-email';

const subscribe = () => () => undefined;

/**
 * The signed-up e-mail from session storage. The prerendered HTML (server snapshot) has the generic
 * copy; the browser switches to the personalised text right after hydration.
 */
export function useSessionEmail(): string | null {
  return useSyncExternalStore(subscribe, readSessionEmail, () => null);
}
