// Global ceilings: at most `limit` units per fixed window (the clock's window, e.g. each hour), for the
// whole project whatever address the requests claim. The window's count is split over SHARDS documents
// whose capacities add up to exactly `limit`, so a burst spreads its writes over them and the total can
// never pass the limit. A unit is taken by a compare-and-set: the shard is read, then written one higher
// only if nobody wrote it since (its update time as the write's precondition; a create for a shard not
// there yet). No lock is held between the read and the write, so requests colliding on a shard cannot
// hold each other up: the loser reads again and tries another shard with room, and each loss is another
// request's unit. A request tries the shards with room in random order; none → refused.
// The documents live in rate_limits (hashed ids, `expiresAt` = the window's end, removed by its TTL).
import { COLLECTIONS } from '@silk/schema/constants';
import { Timestamp, type DocumentSnapshot, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { createHash } from 'node:crypto';
import { GrpcStatus, hasGrpcStatus } from './grpc-status';

export const CEILING_SHARDS = 16;

export interface Ceiling {
  /** What is counted, e.g. "join-signups". */
  scope: string;
  limit: number;
  windowMs: number;
}

/** The capacity of one shard: the limit split as evenly as possible (0 for some when limit < SHARDS). */
export function shardCapacity(limit: number, shard: number): number {
  return Math.floor(limit / CEILING_SHARDS) + (shard < limit % CEILING_SHARDS ? 1 : 0);
}

/** The start of the window `now` falls in. */
export function windowStart(windowMs: number, now: number): number {
  return Math.floor(now / windowMs) * windowMs;
}

/** A window's shard document (a window of another length is another counter). */
export function ceilingShardRef(db: Firestore, ceiling: Ceiling, start: number, shard: number) {
  const id = createHash('sha256')
    .update(`ceiling\u0000${ceiling.scope}\u0000${ceiling.windowMs}\u0000${start}\u0000${shard}`)
    .digest('base64url');
  return db.collection(COLLECTIONS.rateLimits).doc(id);
}

/** Units taken in the current window, all shards together. */
export async function ceilingUsed(db: Firestore, ceiling: Ceiling, now = Date.now()): Promise<number> {
  const start = windowStart(ceiling.windowMs, now);
  const refs = Array.from({ length: CEILING_SHARDS }, (_, shard) =>
    ceilingShardRef(db, ceiling, start, shard),
  );
  const shards = await db.getAll(...refs);
  return shards.reduce((sum, shard) => sum + (Number(shard.get('count')) || 0), 0);
}

/**
 * How many passes over the shards a request makes while its transactions lose to lock contention on
 * `alongside`'s documents (ABORTED), and the most it waits before each (a random part of PASS_PAUSE_MS × the
 * pass). A shard written by another request meanwhile costs no pass: that is progress, and a window's
 * shards can only fill.
 */
export const CEILING_PASSES = 5;
const PASS_PAUSE_MS = 200;

export interface CeilingSeams {
  /** The clock that places the request in its window. */
  now?: () => number;
  /** The shuffle's and the pauses' randomness. */
  random?: () => number;
  /** How to wait between passes (tests observe the pauses); setTimeout by default. */
  wait?: (ms: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Takes one unit of the current window. `alongside` runs in the same transaction, before the shard is
 * written (its reads first, then its writes); returning false gives the unit back (nothing is counted).
 * Resolves 'taken', 'full' (every shard at capacity) or 'declined' (by `alongside`).
 */
export async function takeCeilingUnit(
  db: Firestore,
  ceiling: Ceiling,
  alongside?: (transaction: Transaction) => Promise<boolean>,
  { now = Date.now, random = Math.random, wait = sleep }: CeilingSeams = {},
): Promise<'taken' | 'full' | 'declined'> {
  const start = windowStart(ceiling.windowMs, now());
  const order = Array.from({ length: CEILING_SHARDS }, (_, shard) => shard).filter(
    (shard) => shardCapacity(ceiling.limit, shard) > 0,
  );
  for (let i = order.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  const refOf = (shard: number) => ceilingShardRef(db, ceiling, start, shard);
  let candidates = order;
  let contendedPasses = 0;
  let contended: unknown = null;
  while (candidates.length > 0) {
    // One batched read of the shards still in question: a full shard stays full for its window, so a
    // request past the ceiling costs this read and no write.
    const snapshots = await db.getAll(...candidates.map(refOf));
    const withRoom = candidates
      .map((shard, i) => ({ shard, snapshot: snapshots[i] as DocumentSnapshot }))
      .filter(({ shard, snapshot }) => countOf(snapshot) < shardCapacity(ceiling.limit, shard));
    if (withRoom.length === 0) return 'full';
    const again: number[] = [];
    let abortedThisPass = false;
    for (const { shard, snapshot } of withRoom) {
      const outcome = await db
        .runTransaction(async (transaction) => {
          if (alongside && !(await alongside(transaction))) return 'declined' as const;
          const counted = {
            scope: ceiling.scope,
            count: countOf(snapshot) + 1,
            expiresAt: Timestamp.fromMillis(start + ceiling.windowMs),
          };
          if (snapshot.exists && snapshot.updateTime)
            transaction.update(snapshot.ref, counted, { lastUpdateTime: snapshot.updateTime });
          else transaction.create(snapshot.ref, counted);
          return 'taken' as const;
        })
        .catch((error: unknown) => {
          // Another request wrote the shard since it was read: read it again on the next pass.
          if (hasGrpcStatus(error, GrpcStatus.FAILED_PRECONDITION, GrpcStatus.ALREADY_EXISTS))
            return 'again' as const;
          // Lock contention (the emulator's lock timeout; production's retries ran out).
          if (!hasGrpcStatus(error, GrpcStatus.ABORTED)) throw error;
          contended = error;
          abortedThisPass = true;
          return 'again' as const;
        });
      if (outcome !== 'again') return outcome;
      again.push(shard);
    }
    candidates = again;
    if (abortedThisPass) {
      contendedPasses += 1;
      // The answer is not known when shards with room could not be had: the caller's failure.
      if (contendedPasses >= CEILING_PASSES) throw contended;
      await wait(Math.floor(random() * PASS_PAUSE_MS * contendedPasses));
    }
  }
  return 'full'; // a ceiling of 0
}

/** A shard's count (0 for a shard not written yet in its window). */
function countOf(snapshot: DocumentSnapshot): number {
  return Number(snapshot.get('count')) || 0;
}
