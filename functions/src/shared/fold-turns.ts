// Turns for a fold: the one writer of a set of aggregate documents (the ranking's counts, the signup
// total), which adds up the change documents written since and deletes them. A fold runs at most once per
// FOLD_SPACING_MS, one at a time: whoever finds the turn due takes the lease (a generation number, taken
// with a precondition) and folds; `done` records the generation that finished and when. A lease whose
// holder has not finished STALE_FOLD_MS after it started is taken over (a crashed instance).
import type { DocumentReference, DocumentSnapshot, Firestore, Timestamp } from 'firebase-admin/firestore';
import { GrpcStatus, hasGrpcStatus } from './grpc-status';

/** The least time from one fold's writes to the next fold's: each aggregate is written at most once in it. */
export const FOLD_SPACING_MS = 1_000;
const STALE_FOLD_MS = 30_000;

export interface FoldTurns {
  lease: DocumentReference;
  done: DocumentReference;
}

/** The turns kept in `parent`'s collection `collection`: its documents `lease` and `done`. */
export function foldTurns(parent: DocumentReference, collection: string): FoldTurns {
  const turns = parent.collection(collection);
  return { lease: turns.doc('lease'), done: turns.doc('done') };
}

export const generationOf = (snapshot: DocumentSnapshot | undefined) =>
  Number(snapshot?.get('generation') ?? 0);

/** A precondition that did not hold: a lease taken, a change folded by another. */
export const lostRace = (error: unknown) =>
  hasGrpcStatus(error, GrpcStatus.NOT_FOUND, GrpcStatus.ALREADY_EXISTS, GrpcStatus.FAILED_PRECONDITION);

/**
 * Takes the lease and runs `fold` when the turn has come (then 0): the last fold finished
 * FOLD_SPACING_MS ago, or its holder has not finished STALE_FOLD_MS after it started. Otherwise how long
 * to wait before looking again.
 */
export async function foldIfDue(
  db: Firestore,
  turns: FoldTurns,
  lease: DocumentSnapshot,
  done: DocumentSnapshot,
  fold: () => Promise<void>,
): Promise<number> {
  const now = Date.now();
  const finished = generationOf(done) >= generationOf(lease);
  const due = finished
    ? Number(done.get('finishedAt') ?? 0) + FOLD_SPACING_MS - now
    : Number(lease.get('startedAt') ?? 0) + STALE_FOLD_MS - now;
  if (due > 0) return due;
  const next = { generation: generationOf(lease) + 1, startedAt: now };
  try {
    if (lease.exists) await turns.lease.update(next, { lastUpdateTime: lease.updateTime as Timestamp });
    else await turns.lease.create(next);
  } catch (error) {
    if (lostRace(error)) return 50;
    throw error;
  }
  await fold();
  // Taken after the fold's writes have landed: the next fold starts FOLD_SPACING_MS after it.
  const finishedAt = Date.now();
  await db.runTransaction(async (transaction) => {
    if (generationOf(await transaction.get(turns.done)) < next.generation)
      transaction.set(turns.done, { generation: next.generation, finishedAt });
  });
  return 0;
}

/** Folds now if the turn has come; a writer that does not wait for its change to be folded calls this. */
export async function foldWhenDue(db: Firestore, turns: FoldTurns, fold: () => Promise<void>): Promise<void> {
  const [lease, done] = await db.getAll(turns.lease, turns.done);
  await foldIfDue(db, turns, lease as DocumentSnapshot, done as DocumentSnapshot, fold);
}
