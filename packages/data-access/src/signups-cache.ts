// The admin panel's copy of the signups in IndexedDB, so that a repeat open reads only what changed since.
// It belongs to one staff account of one project: another account, a sign-out or a copy too old for the
// deletions feed to bring up to date empties it. Only one tab writes (the holder of a Web Lock); the
// others read it at open and keep their own copy in memory.
import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { WaitlistSignupRow } from './refs';

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
