// Where the signups come from on the server: the total (the shards of signup_counts, count() where there
// is none yet), the newest rows (the recent copies of signup_recent, else the newest of the collection),
// every signup in pages by `updatedAt`, and the two feeds (changes since a time, tombstones since a time).
// Each answer from the server is counted through `countRead` (what Firestore bills), before it is handed on.
import {
  getCountFromServer,
  getDocsFromServer,
  limit,
  onSnapshot,
  orderBy,
  query,
  startAfter,
  Timestamp,
  where,
  type Firestore,
  type QueryConstraint,
  type QueryDocumentSnapshot,
  type Unsubscribe,
} from 'firebase/firestore';
import {
  recentSignupsRef,
  signupCountsRef,
  signupDeletionsRef,
  signupsRef,
  type WaitlistSignupRow,
} from '../refs';
import type { SignupChange, Tombstone } from './store';

/**
 * The newest rows are looked for in the last hour, day, week, month, then everywhere: the first window
 * with any is shown. Each query costs at most the first page's size in reads, and it reads few documents
 * even where a query's cost grows with the matching documents rather than the limit (the emulator).
 */
const NEWEST_WINDOWS_MS = [3600, 24 * 3600, 7 * 24 * 3600, 30 * 24 * 3600].map((seconds) => seconds * 1000);

/** A batch of the changes feed; `fromServer` once the server has answered (not the SDK's local cache). */
export interface ChangesBatch {
  changes: SignupChange[];
  fromServer: boolean;
}

type OnError = (error: unknown) => void;

export interface SignupsSource {
  /**
   * The newest rows: from the recent copies (a small collection, kept by a trigger); where there are
   * none, from the first window of the signups (last hour, day, …, everything) that holds any.
   */
  newestRows(count: number): Promise<WaitlistSignupRow[]>;
  /**
   * Reads every signup in pages of `updatedAt` order, handing each to `onPage`; the last page is the
   * first one shorter than `pageSize`. Stops at the first answer that arrives when `wanted()` is false
   * (that page neither counted nor handed on). Resolves whether every page was read.
   */
  readPages(
    pageSize: number,
    onPage: (rows: WaitlistSignupRow[]) => void,
    wanted: () => boolean,
  ): Promise<boolean>;
  /** Every signup written at or after `fromMillis` (clamped at 0), then each change as it happens. */
  followChanges(fromMillis: number, next: (batch: ChangesBatch) => void, onError: OnError): Unsubscribe;
  /** Every tombstone recorded at or after `fromMillis` (clamped at 0), then each new one. */
  followDeletions(fromMillis: number, next: (tombstones: Tombstone[]) => void, onError: OnError): Unsubscribe;
  /**
   * The total, live: the shards' sum at each change of theirs; where no shard exists yet, count() once
   * (`counted` is then true). Nothing is read or handed on while `wanted()` is false.
   */
  followTotal(
    next: (total: number, counted: boolean) => void,
    wanted: () => boolean,
    onError: OnError,
  ): Unsubscribe;
}

export function signupsSource(db: Firestore, countRead: (docs: number) => void): SignupsSource {
  const signups = signupsRef(db);
  const deletions = signupDeletionsRef(db);

  return {
    async newestRows(count) {
      const copies = await getDocsFromServer(
        query(recentSignupsRef(db), orderBy('updatedAt', 'desc'), limit(count)),
      );
      countRead(copies.size);
      if (!copies.empty) return copies.docs.map((document) => document.data());
      for (const windowMs of [...NEWEST_WINDOWS_MS, Number.POSITIVE_INFINITY]) {
        const recent: QueryConstraint[] = Number.isFinite(windowMs)
          ? [where('updatedAt', '>=', Timestamp.fromMillis(Date.now() - windowMs))]
          : [];
        const page = await getDocsFromServer(
          query(signups, ...recent, orderBy('updatedAt', 'desc'), limit(count)),
        );
        countRead(page.size);
        if (!page.empty || !Number.isFinite(windowMs)) return page.docs.map((document) => document.data());
      }
      return [];
    },

    async readPages(pageSize, onPage, wanted) {
      let last: QueryDocumentSnapshot<WaitlistSignupRow> | undefined;
      for (;;) {
        const page = await getDocsFromServer(
          query(signups, orderBy('updatedAt'), ...(last ? [startAfter(last)] : []), limit(pageSize)),
        );
        if (!wanted()) return false;
        countRead(page.size);
        onPage(page.docs.map((document) => document.data()));
        if (page.size < pageSize) return true;
        last = page.docs[page.docs.length - 1];
      }
    },

    followChanges(fromMillis, next, onError) {
      return onSnapshot(
        query(signups, where('updatedAt', '>=', Timestamp.fromMillis(Math.max(0, fromMillis)))),
        (snapshot) => {
          const changes = snapshot.docChanges();
          const fromServer = !snapshot.metadata.fromCache;
          if (fromServer) countRead(changes.length);
          next({
            changes: changes.map((change) => ({
              removed: change.type === 'removed',
              row: change.doc.data(),
            })),
            fromServer,
          });
        },
        onError,
      );
    },

    followDeletions(fromMillis, next, onError) {
      return onSnapshot(
        query(deletions, where('deletedAt', '>=', Timestamp.fromMillis(Math.max(0, fromMillis)))),
        (snapshot) => {
          const changes = snapshot.docChanges().filter((change) => change.type !== 'removed');
          if (!snapshot.metadata.fromCache) countRead(changes.length);
          next(
            changes.map((change) => {
              const { idHash, deletedAt } = change.doc.data();
              return { idHash, deletedAt: deletedAt.getTime() };
            }),
          );
        },
        onError,
      );
    },

    followTotal(next, wanted, onError) {
      let counted = false;
      return onSnapshot(
        signupCountsRef(db),
        (snapshot) => {
          if (!snapshot.metadata.fromCache) countRead(snapshot.docChanges().length);
          if (!wanted()) return;
          if (snapshot.empty) {
            if (counted || snapshot.metadata.fromCache) return;
            counted = true;
            getCountFromServer(signups)
              .then((count) => {
                if (wanted()) next(count.data().count, true);
              })
              .catch(onError);
            return;
          }
          next(
            snapshot.docs.reduce((shards, shard) => shards + (Number(shard.data().count) || 0), 0),
            false,
          );
        },
        onError,
      );
    },
  };
}
