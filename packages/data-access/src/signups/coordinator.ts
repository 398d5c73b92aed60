// Wires the signups engine together: the store (what is known), the source (the server's reads and
// feeds) and the browser's copy (persistence). It decides when each read starts — cold start or repeat
// open —, hands the table a new list (at once, or at most every EMIT_INTERVAL_MS while pages arrive),
// starts over after a retried error, and on unsubscribe settles once the copy holds what had arrived.
import { WAITLIST_RETRY_MS } from '@silk/schema/constants';
import type { Unsubscribe } from 'firebase/firestore';
import type { AdminServices } from '../admin-firebase';
import { isPermissionDenied, isServerOutOfReach } from '../firestore-errors';
import { signupsCopy, type SignupsCache } from './persistence';
import { signupsSource } from './source';
import { createSignupsStore, updatedMillis, type SignupsSnapshot, type WaitlistSignupRow } from './store';

/** Rows shown first on a cold open (the newest), and the background pages after them. */
const FIRST_PAGE_SIZE = 200;
const FILL_PAGE_SIZE = 2000;
/** The table is handed a new list at most this often while pages arrive. */
const EMIT_INTERVAL_MS = 300;
/**
 * Errors after which everything starts over in `retryDelayMs`: a refused read (the staff check racing
 * the sign-in) and a server out of reach (the one-shot reads fail rather than answer from an empty
 * local cache: a load that stopped halfway must not look complete).
 */
const isRetried = (error: unknown) => isPermissionDenied(error) || isServerOutOfReach(error);
/** The first rows get this long to be painted before the listeners and the background pages start. */
const FIRST_PAINT_HEADSTART_MS = 50;

export interface SignupsSubscriptionOptions {
  /** Delay before starting again after permission-denied or an unreachable server (1 s by default). */
  retryDelayMs?: number;
  /** Called with the other errors (after they are logged). */
  onError?: (error: unknown) => void;
  /** The browser's copy (none: everything is read from the server at each open). */
  cache?: SignupsCache;
  projectId?: string;
  uid?: string;
  pageSize?: number;
  firstPageSize?: number;
}

/**
 * Follows every signup: `onChange` receives the rows (newest first) with the total and progress, at
 * once from the browser's copy or the newest page, then as pages, changes and deletions arrive.
 * permission-denied (e.g. the staff check racing the sign-in) or an unreachable server starts over
 * after 1 s; other errors are logged. Returns the unsubscribe function, which also cancels a pending retry;
 * its promise settles once the browser's copy holds what had arrived and its connection is closed.
 */
export function subscribeToSignups(
  services: AdminServices,
  onChange: (snapshot: SignupsSnapshot) => void,
  options: SignupsSubscriptionOptions = {},
): () => Promise<void> {
  const retryDelayMs = options.retryDelayMs ?? WAITLIST_RETRY_MS;
  const pageSize = options.pageSize ?? FILL_PAGE_SIZE;
  const firstPageSize = options.firstPageSize ?? FIRST_PAGE_SIZE;
  const store = createSignupsStore();
  const source = signupsSource(services.db, (docs) => store.countServerDocs(docs));
  const copy = signupsCopy(options.cache, { uid: options.uid, projectId: options.projectId });

  let stopped = false;
  /** Bumped whenever the listeners stop: a read of an earlier run is dropped when it answers. */
  let run = 0;
  let listeners: Unsubscribe[] = [];
  let retry: ReturnType<typeof setTimeout> | undefined;
  let emitTimer: ReturnType<typeof setTimeout> | undefined;
  let lastEmit = 0;

  const emitNow = () => {
    clearTimeout(emitTimer);
    emitTimer = undefined;
    if (stopped) return;
    lastEmit = Date.now();
    onChange(store.snapshot());
  };
  /** Hands the table the rows: at once when `urgent` (or the first time), else at most every EMIT_INTERVAL_MS. */
  const emit = (urgent = false) => {
    if (urgent || lastEmit === 0) return emitNow();
    if (emitTimer === undefined)
      emitTimer = setTimeout(emitNow, Math.max(0, lastEmit + EMIT_INTERVAL_MS - Date.now()));
  };

  /** Writes to the browser's copy (with how far it is up to date once every signup is held). */
  const persist = (put: WaitlistSignupRow[], remove: string[]) =>
    copy.save(put, remove, store.complete ? store.cursors : undefined);

  /** Applies the tombstones whose rows are known (hashing each row id once, only when a tombstone waits). */
  let resolving: Promise<void> = Promise.resolve();
  const resolveDeletions = (dropUnmatched: boolean) => {
    resolving = resolving.then(async () => {
      if (!store.deletionsPending) return;
      await store.hashRowIds();
      const removed = store.applyDeletions(dropUnmatched);
      if (removed.length > 0 && !stopped) {
        persist([], removed);
        emit(true);
      }
    });
  };

  const failed = (error: unknown) => {
    if (stopped) return;
    stopListening();
    if (isRetried(error)) {
      retry = setTimeout(() => {
        retry = undefined;
        if (!stopped) void start();
      }, retryDelayMs);
      return;
    }
    console.error('Waitlist subscription failed:', error);
    options.onError?.(error);
  };

  const stopListening = () => {
    run += 1;
    for (const unsubscribe of listeners) unsubscribe();
    listeners = [];
  };

  /** Follows changes and deletions from the given server times on; `onCurrent` after the first server answer. */
  const listen = (changesFrom: number, deletionsFrom: number, onCurrent: () => void) => {
    let current = false;
    listeners.push(
      source.followChanges(
        changesFrom,
        ({ changes, fromServer }) => {
          const { put, remove } = store.applyChanges(changes);
          const wasComplete = store.complete;
          if (!current && fromServer) {
            current = true;
            onCurrent();
          }
          // Nothing new (the first answer of a quiet collection): the table is not handed the same rows again.
          if (put.length === 0 && remove.length === 0 && wasComplete === store.complete) return;
          persist(put, remove);
          emit(true);
        },
        failed,
      ),
      source.followDeletions(
        deletionsFrom,
        (tombstones) => {
          store.addTombstones(tombstones);
          resolveDeletions(store.complete);
        },
        failed,
      ),
    );
  };

  /** Reads every signup in pages (the listeners cover what changes meanwhile); false if a newer run took over. */
  const fill = (myRun: number) =>
    source.readPages(
      pageSize,
      (page) => {
        persist(page.filter(store.merge), []);
        if (store.deletionsPending) resolveDeletions(false);
        emit();
      },
      () => myRun === run,
    );

  /** The total while rows load: the shards' sum, live (count() once where no shard exists yet). */
  const followTotal = (myRun: number) => {
    const stop = source.followTotal(
      (total, counted) => {
        if (store.setTotal(total) || counted) emit(true);
      },
      () => myRun === run && !store.complete,
      failed,
    );
    listeners.push(stop);
    return stop;
  };

  const coldStart = async (myRun: number) => {
    if (copy.present) await copy.clear();
    const stopTotal = followTotal(myRun);
    const newest = await source.newestRows(firstPageSize);
    if (myRun !== run) return;
    newest.forEach(store.merge);
    // A recent copy outlives its signup when the deletion's trigger has not run yet (or never did): it is
    // shown now, and kept only if the full read or the changes feed hands the signup again.
    store.awaitConfirmation(newest.map((row) => row.id));
    store.markRowsReady();
    persist(newest, []);
    emit(true);
    await new Promise((resolve) => setTimeout(resolve, FIRST_PAINT_HEADSTART_MS));
    if (myRun !== run) return;
    // Never ahead of now: a record stamped in the future would otherwise blind the changes feed until then.
    const since = newest.length > 0 ? Math.min(updatedMillis(newest[0]!), Date.now()) : 0;
    store.deletionsFollowedFrom(since);
    listen(since, since, () => undefined);
    if (!(await fill(myRun))) return;
    store.markComplete();
    stopTotal();
    listeners = listeners.filter((listener) => listener !== stopTotal);
    const gone = store.dropUnconfirmed();
    resolveDeletions(true);
    persist([], gone);
    emit(true);
  };

  const start = async () => {
    const myRun = run;
    try {
      if (store.complete || store.size > 0) {
        // Starting over (after a retried error): from what is already held.
        if (!store.complete) return await coldStart(myRun);
        const { changesThrough, deletionsThrough } = store.cursors;
        listen(changesThrough, deletionsThrough, () => undefined);
        return;
      }
      const saved = copy.present ? await copy.load() : null;
      if (myRun !== run) return;
      if (saved) {
        store.loadCopy(saved.rows, saved.meta);
        emit(true);
        const { changesThrough, deletionsThrough } = store.cursors;
        listen(Math.min(changesThrough, Date.now()), Math.min(deletionsThrough, Date.now()), () => {
          store.markComplete();
          persist([], []);
        });
        return;
      }
      await coldStart(myRun);
    } catch (error) {
      if (myRun === run) failed(error);
    }
  };

  void start();

  return () => {
    stopped = true;
    clearTimeout(retry);
    clearTimeout(emitTimer);
    stopListening();
    return copy.close();
  };
}
