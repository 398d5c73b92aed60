// Global ceilings: at most `limit` units per fixed window (the clock's window, e.g. each hour), for the
// whole project whatever address the requests claim. The window's count is split over SHARDS documents
// whose capacities add up to exactly `limit`, so a burst spreads its transactions over them (one counter
// document made a burst from one address into lock timeouts in the rate limits) and the total can never
// pass the limit: a unit is taken in a transaction that reads its shard and increments it below its
// capacity. A request reads every shard, then tries those with room in random order; none → refused.
// The documents live in rate_limits (hashed ids, `expiresAt` = the window's end, removed by its TTL).
import { COLLECTIONS } from '@silk/schema/constants';
import { Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
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
 * Takes one unit of the current window. `alongside` runs in the same transaction, after the shard is read
 * and before anything is written (its reads first, then its writes); returning false gives the unit back
 * (nothing is counted). Resolves 'taken', 'full' (every shard at capacity) or 'declined' (by `alongside`).
 */
export async function takeCeilingUnit(
  db: Firestore,
  ceiling: Ceiling,
  alongside?: (transaction: Transaction) => Promise<boolean>,
  now: () => number = Date.now,
  random: () => number = Math.random,
): Promise<'taken' | 'full' | 'declined'> {
  const start = windowStart(ceiling.windowMs, now());
  const order = Array.from({ length: CEILING_SHARDS }, (_, shard) => shard).filter(
    (shard) => shardCapacity(ceiling.limit, shard) > 0,
  );
  for (let i = order.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  // One read of every shard first: a full shard stays full for its window, so only those with room are
  // tried, and a request past the ceiling costs one batched read and no transaction.
  let candidates = await shardsWithRoom(db, ceiling, start, order);
  let contended: unknown = null;
  // A second pass reads again the shards other requests held: those requests have usually filled them
  // by then (a flood at a full ceiling is answered full, not failed), or they have room again.
  for (let pass = 0; pass < 2 && candidates.length > 0; pass += 1) {
    if (pass > 0) candidates = await shardsWithRoom(db, ceiling, start, candidates);
    const held: number[] = [];
    for (const shard of candidates) {
      const ref = ceilingShardRef(db, ceiling, start, shard);
      const outcome = await db
        .runTransaction(async (transaction) => {
          const snapshot = await transaction.get(ref);
          const count = Number(snapshot.get('count')) || 0;
          if (count >= shardCapacity(ceiling.limit, shard)) return 'full' as const;
          if (alongside && !(await alongside(transaction))) return 'declined' as const;
          transaction.set(ref, {
            scope: ceiling.scope,
            count: count + 1,
            expiresAt: Timestamp.fromMillis(start + ceiling.windowMs),
          });
          return 'taken' as const;
        })
        .catch((error: unknown) => {
          // A shard other requests hold (the emulator's lock timeout; production's retries ran out): the
          // next shard with room serves as well, which is what the shards are for.
          if (!isAborted(error)) throw error;
          contended = error;
          return 'contended' as const;
        });
      if (outcome === 'contended') held.push(shard);
      else if (outcome !== 'full') return outcome;
    }
    candidates = held;
  }
  // Only when a shard that still had room could not be had is the answer not known: the caller's failure.
  if (candidates.length > 0) throw contended;
  return 'full';
}

/** Of `shards`, those whose count (read now) is below their capacity. */
async function shardsWithRoom(
  db: Firestore,
  ceiling: Ceiling,
  start: number,
  shards: number[],
): Promise<number[]> {
  if (shards.length === 0) return [];
  const counts = await db.getAll(...shards.map((shard) => ceilingShardRef(db, ceiling, start, shard)));
  return shards.filter(
    (shard, i) => (Number(counts[i]?.get('count')) || 0) < shardCapacity(ceiling.limit, shard),
  );
}

/** Firestore's ABORTED: a transaction lost to contention on its documents. */
function isAborted(error: unknown): boolean {
  return hasGrpcStatus(error, GrpcStatus.ABORTED);
}
