// Live subscription to all waitlist signups for the admin table (SPEC §4, §7, §8).
import { WAITLIST_RETRY_MS } from '@silk/schema/constants';
import { onSnapshot, type Unsubscribe } from 'firebase/firestore';
import type { AdminServices } from './admin-firebase';
import { signupsRef, type WaitlistSignupRow } from './refs';

export type { WaitlistSignupRow } from './refs';

export interface SignupsSubscriptionOptions {
  /** Delay before resubscribing after permission-denied (SPEC: 1 s). */
  retryDelayMs?: number;
  /** Called with errors other than permission-denied (after they are logged). */
  onError?: (error: unknown) => void;
}

function millis(value: unknown): number {
  if (value && typeof value === 'object') {
    const candidate = value as { toMillis?: () => number };
    if (typeof candidate.toMillis === 'function') return candidate.toMillis();
    if (value instanceof Date) return value.getTime();
  }
  return Number.NEGATIVE_INFINITY;
}

/** Newest first; records without a timestamp last (by id, for a stable order). */
export function sortNewestFirst(rows: WaitlistSignupRow[]): WaitlistSignupRow[] {
  return rows.sort((a, b) => millis(b.timestamp) - millis(a.timestamp) || a.id.localeCompare(b.id));
}

/**
 * Listens to the whole waitlist_signups collection (not orderBy('timestamp'), which would drop
 * records that have no timestamp) and hands every snapshot to onRows, newest first.
 * permission-denied (e.g. the staff check racing the sign-in) resubscribes after 1 s; other errors are
 * logged. Returns the unsubscribe function, which also cancels a pending retry.
 */
export function subscribeToSignups(
  services: AdminServices,
  onRows: (rows: WaitlistSignupRow[]) => void,
  options: SignupsSubscriptionOptions = {},
): Unsubscribe {
  const retryDelayMs = options.retryDelayMs ?? WAITLIST_RETRY_MS;
  let stopped = false;
  let current: Unsubscribe | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const listen = () => {
    current = onSnapshot(
      signupsRef(services.db),
      (snapshot) => onRows(sortNewestFirst(snapshot.docs.map((document) => document.data()))),
      (error) => {
        current = null;
        if (stopped) return;
        if (error.code === 'permission-denied') {
          retry = setTimeout(() => {
            retry = undefined;
            if (!stopped) listen();
          }, retryDelayMs);
          return;
        }
        console.error('Waitlist subscription failed:', error);
        options.onError?.(error);
      },
    );
  };
  listen();

  return () => {
    stopped = true;
    clearTimeout(retry);
    current?.();
    current = null;
  };
}
