// What the panel knows of the signups, in memory: the rows (each at its newest version by `updatedAt`),
// the tombstones still waiting for their row, the server's total, and how far the copy has been brought
// up to date. Plain data in, plain data out: no Firebase, no timers, no IndexedDB (coordinator.ts wires
// it to source.ts and persistence.ts).
import type { WaitlistSignupRow } from '../refs';

export type { WaitlistSignupRow } from '../refs';

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

/** One document of the changes feed: a new or changed signup, or one taken out (deleted). */
export interface SignupChange {
  removed: boolean;
  row: WaitlistSignupRow;
}

/** A deletion as the tombstones record it: the SHA-256 of the signup id, and when (server time, epoch ms). */
export interface Tombstone {
  idHash: string;
  deletedAt: number;
}

/** How far the rows have been brought up to date (server times in epoch ms). */
export interface SignupsCursors {
  /** Every signup written at or before this time is held. */
  changesThrough: number;
  /** Every deletion recorded at or before this time has been applied. */
  deletionsThrough: number;
}

/**
 * Epoch ms of a Date or a Firestore Timestamp (anything with `toMillis`); -Infinity for anything else.
 * Rows hold Dates (refs.ts converts them); the Timestamp case costs nothing to keep.
 */
function millis(value: unknown): number {
  if (value instanceof Date) return value.getTime();
  if (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { toMillis?: unknown }).toMillis === 'function'
  ) {
    return (value as { toMillis: () => number }).toMillis();
  }
  return Number.NEGATIVE_INFINITY;
}

/** When a row was last written (server time, epoch ms); -Infinity without `updatedAt`. */
export const updatedMillis = (row: WaitlistSignupRow): number => millis(row.updatedAt);

/** Newest first; records without a timestamp last (by id, for a stable order). */
export function sortNewestFirst(rows: WaitlistSignupRow[]): WaitlistSignupRow[] {
  return rows.sort((a, b) => millis(b.timestamp) - millis(a.timestamp) || a.id.localeCompare(b.id));
}

/** SHA-256 of a signup id, hex: how a tombstone names the signup (it keeps no address). */
export async function signupIdHash(id: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(id));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export interface SignupsStore {
  /** How many rows are held. */
  readonly size: number;
  /** Every signup is held: the background pages are done, or the copy is up to date. */
  readonly complete: boolean;
  readonly cursors: SignupsCursors;
  /** A tombstone waits for its row. */
  readonly deletionsPending: boolean;
  /** Keeps the newer version of a row (which confirms it: see `awaitConfirmation`); returns whether it changed anything. */
  merge(row: WaitlistSignupRow): boolean;
  /**
   * These rows came from somewhere else than the signups themselves (the recent copies): each stays only
   * if the signups or their changes hand it again before `dropUnconfirmed`.
   */
  awaitConfirmation(ids: readonly string[]): void;
  /**
   * Takes out the rows still waiting for confirmation once every signup has been read (a copy whose
   * signup is gone, its deletion's tombstone missed), and returns their ids.
   */
  dropUnconfirmed(): string[];
  /** Merges a batch of the changes feed: what to write to the copy and what to take out of it. */
  applyChanges(changes: readonly SignupChange[]): { put: WaitlistSignupRow[]; remove: string[] };
  /** The first rows have arrived (the copy, or the newest page): from now on the table shows rows. */
  markRowsReady(): void;
  /** Every signup is held (it stays so: from then on the total is the rows'). */
  markComplete(): void;
  /** Starts from the browser's copy: its rows and how far it had been brought up to date. */
  loadCopy(rows: readonly WaitlistSignupRow[], cursors: SignupsCursors): void;
  /** The deletions feed is followed from `since` on (what came before is covered by the rows read). */
  deletionsFollowedFrom(since: number): void;
  /** The server's total while rows load; returns whether it changed. */
  setTotal(total: number): boolean;
  /** Documents read from the server (billed), tombstones included. */
  countServerDocs(docs: number): void;
  /** Tombstones from the deletions feed; they wait until their row is matched. */
  addTombstones(tombstones: readonly Tombstone[]): void;
  /** Learns the hash of each row id not hashed yet (done only while a tombstone waits: SHA-256 is async). */
  hashRowIds(): Promise<void>;
  /**
   * Takes out each row whose tombstone is at least as new as the row (a signup made again after its
   * deletion stays), and returns their ids. Tombstones whose row is not held wait for it, unless
   * `dropUnmatched` (every row is held: there is nothing left to match).
   */
  applyDeletions(dropUnmatched: boolean): string[];
  /** What the table is handed: the rows newest first (null until ready), the total, progress. */
  snapshot(): SignupsSnapshot;
}

export function createSignupsStore(): SignupsStore {
  const rows = new Map<string, WaitlistSignupRow>();
  /** Whether the first rows (the copy, or the newest page) have arrived: until then the table is loading. */
  let rowsReady = false;
  let complete = false;
  let total: number | null = null;
  let serverDocs = 0;
  let changesThrough = Number.NEGATIVE_INFINITY;
  let deletionsThrough = Number.NEGATIVE_INFINITY;
  /** Tombstones not matched to a row yet: id hash → deletion time. */
  const pendingDeletions = new Map<string, number>();
  const idByHash = new Map<string, string>();
  const hashed = new Set<string>();
  const unconfirmed = new Set<string>();

  const merge = (row: WaitlistSignupRow): boolean => {
    unconfirmed.delete(row.id);
    const existing = rows.get(row.id);
    if (existing && updatedMillis(existing) > updatedMillis(row)) return false;
    rows.set(row.id, row);
    changesThrough = Math.max(changesThrough, updatedMillis(row));
    return true;
  };

  return {
    get size() {
      return rows.size;
    },
    get complete() {
      return complete;
    },
    get cursors() {
      return { changesThrough, deletionsThrough };
    },
    get deletionsPending() {
      return pendingDeletions.size > 0;
    },
    merge,
    applyChanges(changes) {
      const put: WaitlistSignupRow[] = [];
      const remove: string[] = [];
      for (const { removed, row } of changes) {
        // Only a deletion takes a document out of the changes feed (updatedAt only grows).
        if (removed) {
          unconfirmed.delete(row.id);
          if (rows.delete(row.id)) remove.push(row.id);
        } else if (merge(row)) {
          put.push(row);
        }
      }
      return { put, remove };
    },
    awaitConfirmation(ids) {
      for (const id of ids) if (rows.has(id)) unconfirmed.add(id);
    },
    dropUnconfirmed() {
      const dropped = [...unconfirmed].filter((id) => rows.delete(id));
      unconfirmed.clear();
      return dropped;
    },
    markRowsReady() {
      rowsReady = true;
    },
    markComplete() {
      complete = true;
    },
    loadCopy(copy, cursors) {
      copy.forEach(merge);
      rowsReady = true;
      changesThrough = cursors.changesThrough;
      deletionsThrough = cursors.deletionsThrough;
    },
    deletionsFollowedFrom(since) {
      deletionsThrough = Math.max(deletionsThrough, since);
    },
    setTotal(next) {
      if (next === total) return false;
      total = next;
      return true;
    },
    countServerDocs(docs) {
      serverDocs += docs;
    },
    addTombstones(tombstones) {
      for (const { idHash, deletedAt } of tombstones) {
        pendingDeletions.set(idHash, deletedAt);
        deletionsThrough = Math.max(deletionsThrough, deletedAt);
      }
    },
    async hashRowIds() {
      const unhashed = [...rows.keys()].filter((id) => !hashed.has(id));
      const hashes = await Promise.all(unhashed.map(signupIdHash));
      unhashed.forEach((id, index) => {
        hashed.add(id);
        idByHash.set(hashes[index]!, id);
      });
    },
    applyDeletions(dropUnmatched) {
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
      return removed;
    },
    snapshot() {
      const list = sortNewestFirst([...rows.values()]);
      return {
        rows: rowsReady ? list : null,
        total: complete ? list.length : total === null ? null : Math.max(total, list.length),
        complete,
        serverDocs,
      };
    },
  };
}
