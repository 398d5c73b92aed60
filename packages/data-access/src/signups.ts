// The admin panel's signups, kept up to date cheaply (the cost model is in docs/decisions.md).
//
// Every write to a signup stamps `updatedAt` with the server's time (firestore.rules for browsers,
// functions/src/shared/signup-change.ts for server code), and every deletion leaves a tombstone in
// signup_deletions (a trigger). So the panel needs the whole collection once per browser, then only the
// changes:
// - cold (no copy in IndexedDB): the total (signup_counts; count() where there is none yet) and the
//   newest rows (signup_recent) first — both small collections kept by a trigger, so they answer at
//   once whatever the total — then the rest in pages ordered by `updatedAt` in the background, while
//   listeners follow every change and deletion since the newest row;
// - repeat open (a copy): the copy at once, then listeners for the changes and deletions since it was
//   last brought up to date — the only documents read from the server.
import { DELETIONS_KEPT_DAYS, WAITLIST_RETRY_MS } from '@silk/schema/constants';
import {
  getCountFromServer,
  getDocsFromServer,
  type QueryConstraint,
  limit,
  onSnapshot,
  orderBy,
  query,
  startAfter,
  Timestamp,
  where,
  type FirestoreError,
  type QueryDocumentSnapshot,
  type Unsubscribe,
} from 'firebase/firestore';
import type { AdminServices } from './admin-firebase';
import {
  recentSignupsRef,
  signupCountsRef,
  signupDeletionsRef,
  signupsRef,
  type WaitlistSignupRow,
} from './refs';
import type { SignupsCache, SignupsCacheMeta } from './signups-cache';

export type { WaitlistSignupRow } from './refs';

/** How long tombstones are kept (their TTL): an older copy is reloaded. */
export const DELETIONS_KEPT_MS = DELETIONS_KEPT_DAYS * 24 * 3600 * 1000;
/** A copy is reloaded this long before its tombstones could have expired. */
const COPY_MARGIN_MS = 24 * 3600 * 1000;
/** Rows shown first on a cold open (the newest), and the background pages after them. */
const FIRST_PAGE_SIZE = 200;
/**
 * The newest rows are looked for in the last hour, day, week, month, then everywhere: the first window
 * with any is shown. Each query costs at most FIRST_PAGE_SIZE reads, and it reads few documents even
 * where a query's cost grows with the matching documents rather than the limit (the emulator).
 */
const NEWEST_WINDOWS_MS = [3600, 24 * 3600, 7 * 24 * 3600, 30 * 24 * 3600].map((seconds) => seconds * 1000);
const FILL_PAGE_SIZE = 2000;
/** The table is handed a new list at most this often while pages arrive. */
const EMIT_INTERVAL_MS = 300;
/**
 * Errors after which everything starts over in `retryDelayMs`: a refused read (the staff check racing
 * the sign-in, SPEC §8) and a server out of reach (the one-shot reads fail rather than answer from an
 * empty local cache: a load that stopped halfway must not look complete).
 */
const RETRIED_CODES = new Set(['permission-denied', 'unavailable', 'deadline-exceeded']);
/** The first rows get this long to be painted before the listeners and the background pages start. */
const FIRST_PAINT_HEADSTART_MS = 50;

export interface SignupsSnapshot {
  /** Every signup known so far, newest first; null until the first rows arrive. */
  rows: WaitlistSignupRow[] | null;
  /** How many signups exist: the server's count until every signup is loaded, then the rows'. */
  total: number | null;
  /** Every signup is loaded: the background pages are done, or the copy is up to date. */
  complete: boolean;
  /** Documents read from the server so far (what Firestore bills), tombstones included. */
  serverDocs: number;
}

export interface SignupsSubscriptionOptions {
  /** Delay before starting again after permission-denied or an unreachable server (SPEC: 1 s). */
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

function millis(value: unknown): number {
  if (value instanceof Date) return value.getTime();
  if (value instanceof Timestamp) return value.toMillis();
  return Number.NEGATIVE_INFINITY;
}

const updatedMillis = (row: WaitlistSignupRow) => millis(row.updatedAt);

/** Newest first; records without a timestamp last (by id, for a stable order). */
export function sortNewestFirst(rows: WaitlistSignupRow[]): WaitlistSignupRow[] {
  return rows.sort((a, b) => millis(b.timestamp) - millis(a.timestamp) || a.id.localeCompare(b.id));
}

/** SHA-256 of a signup id, hex: how a tombstone names the signup (it keeps no address). */
export async function signupIdHash(id: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(id));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
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
  const { cache } = options;
  const signups = signupsRef(services.db);
  const deletions = signupDeletionsRef(services.db);

  const rows = new Map<string, WaitlistSignupRow>();
  /** Whether the first rows (the copy, or the newest page) have arrived: until then the table is loading. */
  let rowsReady = false;
  let total: number | null = null;
  let complete = false;
  let serverDocs = 0;
  let changesThrough = Number.NEGATIVE_INFINITY;
  let deletionsThrough = Number.NEGATIVE_INFINITY;
  /** Tombstones not matched to a row yet: id hash → deletion time. */
  const pendingDeletions = new Map<string, number>();
  const idByHash = new Map<string, string>();
  const hashed = new Set<string>();

  let stopped = false;
  let run = 0;
  let listeners: Unsubscribe[] = [];
  let retry: ReturnType<typeof setTimeout> | undefined;
  let emitTimer: ReturnType<typeof setTimeout> | undefined;
  let lastEmit = 0;
  let writable: Promise<boolean> = cache ? cache.writable() : Promise.resolve(false);
  let cacheWrites: Promise<void> = Promise.resolve();

  const emitNow = () => {
    clearTimeout(emitTimer);
    emitTimer = undefined;
    if (stopped) return;
    lastEmit = Date.now();
    const list = sortNewestFirst([...rows.values()]);
    onChange({
      rows: rowsReady ? list : null,
      total: complete ? list.length : total === null ? null : Math.max(total, list.length),
      complete,
      serverDocs,
    });
  };
  const emit = (urgent = false) => {
    if (urgent || lastEmit === 0) return emitNow();
    if (emitTimer === undefined)
      emitTimer = setTimeout(emitNow, Math.max(0, lastEmit + EMIT_INTERVAL_MS - Date.now()));
  };

  /** Keeps the newer version of a row; returns whether it changed anything. */
  const merge = (row: WaitlistSignupRow): boolean => {
    const existing = rows.get(row.id);
    if (existing && updatedMillis(existing) > updatedMillis(row)) return false;
    rows.set(row.id, row);
    changesThrough = Math.max(changesThrough, updatedMillis(row));
    return true;
  };

  const meta = (): SignupsCacheMeta | undefined =>
    complete && options.uid && options.projectId
      ? {
          uid: options.uid,
          projectId: options.projectId,
          changesThrough,
          deletionsThrough,
          savedAt: Date.now(),
        }
      : undefined;

  /** Writes to the browser's copy in order, if this tab is its writer; a failure only costs a fuller reload. */
  const persist = (put: WaitlistSignupRow[], remove: string[]) => {
    if (!cache) return;
    const withMeta = meta();
    // Decided when the rows arrive: a write queued before unsubscribing still lands (its copy stays whole).
    const allowed = writable;
    cacheWrites = cacheWrites
      .then(async () => {
        if (await allowed) await cache.write({ put, remove, meta: withMeta });
      })
      .catch((error: unknown) => console.warn('Signups copy not saved:', error));
  };

  /** Applies the tombstones whose rows are known (hashing each row id once, only when a tombstone waits). */
  let resolving: Promise<void> = Promise.resolve();
  const resolveDeletions = (dropUnmatched: boolean) => {
    resolving = resolving.then(async () => {
      if (pendingDeletions.size === 0) return;
      const unhashed = [...rows.keys()].filter((id) => !hashed.has(id));
      const hashes = await Promise.all(unhashed.map(signupIdHash));
      unhashed.forEach((id, index) => {
        hashed.add(id);
        idByHash.set(hashes[index]!, id);
      });
      const removed: string[] = [];
      for (const [hash, deletedAt] of pendingDeletions) {
        const id = idByHash.get(hash);
        const row = id === undefined ? undefined : rows.get(id);
        if (row === undefined && !dropUnmatched) continue;
        pendingDeletions.delete(hash);
        // A signup made again after its deletion stays.
        if (row && updatedMillis(row) <= deletedAt) {
          rows.delete(row.id);
          removed.push(row.id);
        }
      }
      if (removed.length > 0 && !stopped) {
        persist([], removed);
        emit(true);
      }
    });
  };

  const failed = (error: FirestoreError | unknown) => {
    if (stopped) return;
    stopListening();
    if (RETRIED_CODES.has(String((error as { code?: unknown }).code))) {
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
      onSnapshot(
        query(signups, where('updatedAt', '>=', Timestamp.fromMillis(Math.max(0, changesFrom)))),
        (snapshot) => {
          const changes = snapshot.docChanges();
          if (!snapshot.metadata.fromCache) serverDocs += changes.length;
          const put: WaitlistSignupRow[] = [];
          const remove: string[] = [];
          for (const change of changes) {
            const row = change.doc.data();
            // Only a deletion takes a document out of this query (updatedAt only grows).
            if (change.type === 'removed') {
              if (rows.delete(row.id)) remove.push(row.id);
            } else if (merge(row)) {
              put.push(row);
            }
          }
          const wasComplete = complete;
          if (!current && !snapshot.metadata.fromCache) {
            current = true;
            onCurrent();
          }
          // Nothing new (the first answer of a quiet collection): the table is not handed the same rows again.
          if (put.length === 0 && remove.length === 0 && wasComplete === complete) return;
          persist(put, remove);
          emit(true);
        },
        failed,
      ),
      onSnapshot(
        query(deletions, where('deletedAt', '>=', Timestamp.fromMillis(Math.max(0, deletionsFrom)))),
        (snapshot) => {
          const changes = snapshot.docChanges().filter((change) => change.type !== 'removed');
          if (!snapshot.metadata.fromCache) serverDocs += changes.length;
          for (const change of changes) {
            const { idHash, deletedAt } = change.doc.data();
            pendingDeletions.set(idHash, deletedAt.getTime());
            deletionsThrough = Math.max(deletionsThrough, deletedAt.getTime());
          }
          resolveDeletions(complete);
        },
        failed,
      ),
    );
  };

  /** Reads every signup in pages of `updatedAt` order (the listeners cover what changes meanwhile). */
  const fill = async (myRun: number) => {
    let last: QueryDocumentSnapshot<WaitlistSignupRow> | undefined;
    for (;;) {
      const page = await getDocsFromServer(
        query(signups, orderBy('updatedAt'), ...(last ? [startAfter(last)] : []), limit(pageSize)),
      );
      if (myRun !== run) return false;
      serverDocs += page.size;
      const put = page.docs.map((document) => document.data()).filter(merge);
      persist(put, []);
      if (pendingDeletions.size > 0) resolveDeletions(false);
      emit();
      if (page.size < pageSize) return true;
      last = page.docs[page.docs.length - 1];
    }
  };

  /** The total while rows load: the shards' sum, live (count() once where no shard exists yet). */
  const followTotal = (myRun: number) => {
    let counted = false;
    const stop = onSnapshot(
      signupCountsRef(services.db),
      (snapshot) => {
        if (!snapshot.metadata.fromCache) serverDocs += snapshot.docChanges().length;
        if (complete) return;
        if (snapshot.empty) {
          if (counted || snapshot.metadata.fromCache) return;
          counted = true;
          getCountFromServer(signups)
            .then((count) => {
              if (myRun !== run || complete) return;
              total = count.data().count;
              emit(true);
            })
            .catch(failed);
          return;
        }
        const sum = snapshot.docs.reduce((shards, shard) => shards + (Number(shard.data().count) || 0), 0);
        if (sum === total) return;
        total = sum;
        emit(true);
      },
      failed,
    );
    listeners.push(stop);
    return stop;
  };

  /**
   * The newest rows: from the recent copies (a small collection, kept by a trigger); where there are
   * none, from the first window of the signups (last hour, day, …, everything) that holds any.
   */
  const newestRows = async (): Promise<WaitlistSignupRow[]> => {
    const copies = await getDocsFromServer(
      query(recentSignupsRef(services.db), orderBy('updatedAt', 'desc'), limit(firstPageSize)),
    );
    serverDocs += copies.size;
    if (!copies.empty) return copies.docs.map((document) => document.data());
    for (const windowMs of [...NEWEST_WINDOWS_MS, Number.POSITIVE_INFINITY]) {
      const recent: QueryConstraint[] = Number.isFinite(windowMs)
        ? [where('updatedAt', '>=', Timestamp.fromMillis(Date.now() - windowMs))]
        : [];
      const page = await getDocsFromServer(
        query(signups, ...recent, orderBy('updatedAt', 'desc'), limit(firstPageSize)),
      );
      serverDocs += page.size;
      if (!page.empty || !Number.isFinite(windowMs)) return page.docs.map((document) => document.data());
    }
    return [];
  };

  const coldStart = async (myRun: number) => {
    if (cache && (await writable)) await cache.clear();
    const stopTotal = followTotal(myRun);
    const newest = await newestRows();
    if (myRun !== run) return;
    newest.forEach(merge);
    rowsReady = true;
    persist(newest, []);
    emit(true);
    await new Promise((resolve) => setTimeout(resolve, FIRST_PAINT_HEADSTART_MS));
    if (myRun !== run) return;
    // Never ahead of now: a record stamped in the future would otherwise blind the changes feed until then.
    const since = newest.length > 0 ? Math.min(updatedMillis(newest[0]!), Date.now()) : 0;
    deletionsThrough = Math.max(deletionsThrough, since);
    listen(since, since, () => undefined);
    if (!(await fill(myRun))) return;
    complete = true;
    stopTotal();
    listeners = listeners.filter((listener) => listener !== stopTotal);
    resolveDeletions(true);
    persist([], []);
    emit(true);
  };

  const start = async () => {
    const myRun = run;
    try {
      if (complete || rows.size > 0) {
        // Starting over (after a retried error): from what is already held.
        if (!complete) return await coldStart(myRun);
        listen(changesThrough, deletionsThrough, () => undefined);
        return;
      }
      const copy = cache ? await cache.load().catch(() => null) : null;
      if (myRun !== run) return;
      if (copy && Date.now() - copy.meta.savedAt < DELETIONS_KEPT_MS - COPY_MARGIN_MS) {
        copy.rows.forEach(merge);
        rowsReady = true;
        changesThrough = copy.meta.changesThrough;
        deletionsThrough = copy.meta.deletionsThrough;
        emit(true);
        listen(Math.min(changesThrough, Date.now()), Math.min(deletionsThrough, Date.now()), () => {
          complete = true;
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
    writable = Promise.resolve(false);
    const closing = cache;
    return closing ? cacheWrites.then(() => closing.close()) : Promise.resolve();
  };
}
