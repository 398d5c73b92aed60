// The Firestore-backed waitlist module (firebase/firestore/lite) is never in the initial bundle: it is
// imported on submit, and prefetched when the visitor focuses an e-mail field.
import type * as waitlist from '@silk/data-access/waitlist';

type WaitlistModule = typeof waitlist;

let pending: Promise<WaitlistModule> | null = null;

export function loadWaitlistModule(): Promise<WaitlistModule> {
  if (!pending) {
    pending = import('@silk/data-access/waitlist').catch((error: unknown) => {
      pending = null; // a failed chunk load may succeed on the next attempt
      throw error;
    });
  }
  return pending;
}

/** Starts loading the module without waiting for it (focus of the e-mail field). */
export function prefetchWaitlistModule(): void {
  loadWaitlistModule().catch(() => undefined);
}
