// The tabs' live reads from Firestore: each a data-access listener, run on the panel's services.
import type { AdminServices } from '@silk/data-access/admin-firebase';
import { adminServices } from '@/lib/services';

/** Delivers each value (or an error) until the function it returns is called (useLive's `watch`). */
export type LiveRead<T> = (onValue: (value: T) => void, onError: (error: Error) => void) => () => void;

/** `listen` on the panel's services, created at the first read. */
export function liveRead<T>(
  listen: (services: AdminServices, onValue: (value: T) => void, onError: (error: Error) => void) => () => void,
): LiveRead<T> {
  return (onValue, onError) => listen(adminServices(), onValue, onError);
}
