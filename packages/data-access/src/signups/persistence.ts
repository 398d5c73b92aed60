// The admin panel's copy of the signups in IndexedDB, so that a repeat open reads only what changed since.
// It belongs to one staff account of one project: another account, a sign-out or a copy too old for the
// deletions feed to bring up to date empties it. Only one tab writes (the holder of a Web Lock); the
// others read it at open and keep their own copy in memory. `signupsCopy` is how the engine uses it:
// the copy if still young enough, and writes queued in order.
import { DELETIONS_KEPT_DAYS } from '@silk/schema/constants';
import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { WaitlistSignupRow } from '../refs';
import type { SignupsCursors } from './store';

const DB_NAME = 'silk-admin-signups';
const DB_VERSION = 1;
const WRITER_LOCK = 'silk-admin-signups-writer';

/** How far the copy has been brought up to date (server times in epoch ms). */
export interface SignupsCacheMeta {
  uid: string;
  projectId: string;
  /** Every signup written at or before this time is in the copy. */
  changesThrough: number;
  /** Every deletion recorded at or before this time has been applied. */
  deletionsThrough: number;
  /** When the copy was last brought up to date (client clock). */
  savedAt: number;
}

interface SignupsCacheSchema extends DBSchema {
  rows: { key: string; value: WaitlistSignupRow };
  meta: { key: 'sync'; value: SignupsCacheMeta };
}

export interface CachedSignups {
  rows: WaitlistSignupRow[];
  meta: SignupsCacheMeta;
}

export interface SignupsCacheWrite {
  put?: readonly WaitlistSignupRow[];
  remove?: readonly string[];
  /** Written last, in the same transaction: only a complete copy carries it. */
  meta?: SignupsCacheMeta;
}

export interface SignupsCache {
  /** The complete copy of this owner, or null (a copy of anyone else, or an unfinished one, is emptied). */
  load(): Promise<CachedSignups | null>;
  write(change: SignupsCacheWrite): Promise<void>;
  /** Empties the copy (before a full reload). */
  clear(): Promise<void>;
  /** Whether this tab may write (false while another tab of the same browser holds the writer lock). */
  writable(): Promise<boolean>;
  /** Releases the writer lock and the connection. */
  close(): void;
}

export interface SignupsCacheOwner {
  uid: string;
  projectId: string;
}

function open(): Promise<IDBPDatabase<SignupsCacheSchema>> {
  return openDB<SignupsCacheSchema>(DB_NAME, DB_VERSION, {
    upgrade(db) {
      db.createObjectStore('rows', { keyPath: 'id' });
      db.createObjectStore('meta');
    },
  });
}

/** Holds the writer lock until `release` is called; resolves false at once if another tab holds it. */
function acquireWriterLock(): { held: Promise<boolean>; release: () => void } {
  let release = () => undefined as void;
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  // No Web Locks (Node, old browsers): a single writer is assumed.
  if (!locks) return { held: Promise.resolve(true), release };
  const held = new Promise<boolean>((resolve) => {
    void locks.request(WRITER_LOCK, { ifAvailable: true }, (lock) => {
      resolve(lock !== null);
      if (!lock) return undefined;
      return new Promise<void>((done) => {
        release = done;
      });
    });
  });
  return { held, release: () => release() };
}

export function indexedDbSignupsCache(owner: SignupsCacheOwner): SignupsCache {
  const db = open();
  const writer = acquireWriterLock();

  async function clear(): Promise<void> {
    const transaction = (await db).transaction(['rows', 'meta'], 'readwrite');
    await Promise.all([
      transaction.objectStore('rows').clear(),
      transaction.objectStore('meta').clear(),
      transaction.done,
    ]);
  }

  return {
    async load() {
      const handle = await db;
      const meta = await handle.get('meta', 'sync');
      if (!meta || meta.uid !== owner.uid || meta.projectId !== owner.projectId) {
        if (await writer.held) await clear();
        return null;
      }
      return { rows: await handle.getAll('rows'), meta };
    },
    async write({ put = [], remove = [], meta }) {
      const transaction = (await db).transaction(['rows', 'meta'], 'readwrite');
      const rows = transaction.objectStore('rows');
      const pending: Array<Promise<unknown>> = [];
      for (const row of put) pending.push(rows.put(row));
      for (const id of remove) pending.push(rows.delete(id));
      if (meta) pending.push(transaction.objectStore('meta').put(meta, 'sync'));
      await Promise.all([...pending, transaction.done]);
    },
    clear,
    writable: () => writer.held,
    close() {
      writer.release();
      void db.then((handle) => handle.close());
    },
  };
}

/** Deletes every copy in this browser (on sign-out: the addresses do not stay behind on the machine). */
export async function deleteSignupsCache(): Promise<void> {
  await deleteDB(DB_NAME);
}

/** How long tombstones are kept (their TTL): an older copy is reloaded. */
export const DELETIONS_KEPT_MS = DELETIONS_KEPT_DAYS * 24 * 3600 * 1000;
/** A copy is reloaded this long before its tombstones could have expired. */
const COPY_MARGIN_MS = 24 * 3600 * 1000;

/** The browser's copy as the engine uses it (with no cache, every call does nothing). */
export interface SignupsCopy {
  /** Whether a copy is kept at all (a cache was given): without one, nothing needs waiting for. */
  readonly present: boolean;
  /** The copy, if there is one this owner may trust and the tombstones can still bring up to date. */
  load(): Promise<CachedSignups | null>;
  /** Empties the copy before a full reload, if this tab writes it. */
  clear(): Promise<void>;
  /**
   * Queues a write, in order, if this tab writes the copy; `complete` (every signup is held) also
   * records how far the copy is up to date. Whether it lands is decided now: a write queued before
   * `close` still lands. A failure only costs a fuller reload.
   */
  save(put: WaitlistSignupRow[], remove: string[], complete?: SignupsCursors): void;
  /** Stops further writes; settles once the queued ones have landed and the copy is closed. */
  close(): Promise<void>;
}

export function signupsCopy(cache: SignupsCache | undefined, owner: Partial<SignupsCacheOwner>): SignupsCopy {
  let writable: Promise<boolean> = cache ? cache.writable() : Promise.resolve(false);
  let writes: Promise<void> = Promise.resolve();
  return {
    present: cache !== undefined,
    async load() {
      const copy = cache ? await cache.load().catch(() => null) : null;
      return copy && Date.now() - copy.meta.savedAt < DELETIONS_KEPT_MS - COPY_MARGIN_MS ? copy : null;
    },
    async clear() {
      if (cache && (await writable)) await cache.clear();
    },
    save(put, remove, complete) {
      if (!cache) return;
      const meta: SignupsCacheMeta | undefined =
        complete && owner.uid && owner.projectId
          ? { uid: owner.uid, projectId: owner.projectId, ...complete, savedAt: Date.now() }
          : undefined;
      const allowed = writable;
      writes = writes
        .then(async () => {
          if (await allowed) await cache.write({ put, remove, meta });
        })
        .catch((error: unknown) => console.warn('Signups copy not saved:', error));
    },
    close() {
      writable = Promise.resolve(false);
      return cache ? writes.then(() => cache.close()) : Promise.resolve();
    },
  };
}
