// The index's counts and member lists (rank_coarse, rank_fine, rank_leaf) have one writer at a time, at
// most once per FOLD_SPACING_MS: a signup's change, or a re-rank's batch, writes its entries and one
// delta document (rank_builds/{v}/rank_deltas/{id}: the counts and keys it adds and takes away), and a
// fold adds up the oldest deltas and writes each count document once, deleting the deltas it folded in
// the same batch. So a burst of signups writes new documents only, however many arrive in a second
// (docs/decisions.md, "The ranking's folded counts").
//
// Who folds: whoever waits for a delta to be counted (the signup trigger, a re-rank's last chunk, the
// repair) takes the fold's lease when its turn has come — FOLD_SPACING_MS after the last fold finished —
// and folds; the others read until their delta is gone. A delete's precondition
// (`exists`) makes a delta that two folds read count once; the lease only keeps them apart in time.
import {
  FieldValue,
  Timestamp,
  type DocumentReference,
  type Firestore,
  type QueryDocumentSnapshot,
  type Transaction,
  type WriteBatch,
} from 'firebase-admin/firestore';
import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  FOLD_SPACING_MS,
  foldIfDue,
  foldTurns,
  foldWhenDue as foldTurnWhenDue,
  generationOf,
  lostRace,
} from '../shared/fold-turns';
import type { RankPlacement } from './rank-keys';
import {
  buildRef,
  leafShard,
  RANK_SHARDS,
  readSettings,
  shardRef,
  versionsInStep,
  type RankSpace,
} from './rank-store';

/** How long a waiter waits for its delta to be folded before it gives up (the repair folds what is left). */
const SETTLE_TIMEOUT_MS = 50_000;
/** How often a waiter looks again while a fold runs or is not yet due. */
const POLL_MS = 1_000;
/** A batch's writes: the folded deltas' deletes plus the count and member documents they change. */
const BATCH_WRITES = 490;
/** Deltas read per fold and version. */
const FOLD_READ = 300;

/** What one change does to the index: counts per bucket, and keys into and out of member lists. */
export interface RankDelta {
  coarse: Record<string, number>;
  fine: Record<string, Record<string, number>>;
  leaves: Array<{ leaf: string; add: string[]; remove: string[] }>;
}

export function emptyDelta(): RankDelta {
  return { coarse: {}, fine: {}, leaves: [] };
}

/** Adds one entry's placement (+1) or takes it away (-1). */
export function addToDelta(delta: RankDelta, placement: RankPlacement, email: string, change: 1 | -1): void {
  delta.coarse[placement.coarse] = (delta.coarse[placement.coarse] ?? 0) + change;
  const fine = (delta.fine[placement.coarse] ??= {});
  fine[placement.fine] = (fine[placement.fine] ?? 0) + change;
  const leaf = leafId(placement, leafShard(email));
  let keys = delta.leaves.find((entry) => entry.leaf === leaf);
  if (!keys) delta.leaves.push((keys = { leaf, add: [], remove: [] }));
  (change > 0 ? keys.add : keys.remove).push(placement.sort);
}

export function isEmptyDelta(delta: RankDelta): boolean {
  return delta.leaves.length === 0;
}

function leafId(placement: RankPlacement, shard: number): string {
  return `${placement.coarse}_${placement.fine}_${shard}`;
}

export function deltasOf(db: Firestore, space: RankSpace, version: number) {
  return buildRef(db, space, version).collection('rank_deltas');
}

/** Writes `delta` for `version` with `writer` (the change's own transaction or batch); its document. */
export function writeDelta(
  writer: Transaction | WriteBatch,
  db: Firestore,
  space: RankSpace,
  version: number,
  delta: RankDelta,
): DocumentReference {
  const ref = deltasOf(db, space, version).doc();
  // Both writers' create() do the same; TypeScript cannot call a union of their overloads.
  (writer as WriteBatch).create(ref, { ...delta, at: FieldValue.serverTimestamp() });
  return ref;
}

export { FOLD_SPACING_MS };

const turnsOf = (space: RankSpace) => foldTurns(space.settings, 'rank_fold');

/** The oldest deltas of `version` that fit one batch, added up and written, the deltas deleted; how many. */
async function foldVersion(db: Firestore, space: RankSpace, version: number): Promise<number> {
  const deltas = (await deltasOf(db, space, version).orderBy('at').limit(FOLD_READ).get()).docs;
  if (deltas.length === 0) return 0;
  const coarse = new Map<string, number>();
  const fine = new Map<string, Map<string, number>>();
  const leaves = new Map<string, Map<string, number>>();
  const taken: QueryDocumentSnapshot[] = [];
  const writes = () => taken.length + 1 + fine.size + 2 * leaves.size;
  for (const snapshot of deltas) {
    const delta = snapshot.data() as RankDelta;
    const newLeaves = delta.leaves.filter(({ leaf }) => !leaves.has(leaf)).length;
    const newFine = Object.keys(delta.fine).filter((bucket) => !fine.has(bucket)).length;
    if (taken.length > 0 && writes() + 1 + newFine + 2 * newLeaves > BATCH_WRITES) break;
    taken.push(snapshot);
    for (const [bucket, change] of Object.entries(delta.coarse))
      coarse.set(bucket, (coarse.get(bucket) ?? 0) + change);
    for (const [bucket, changes] of Object.entries(delta.fine)) {
      const sums = fine.get(bucket) ?? new Map<string, number>();
      for (const [fineBucket, change] of Object.entries(changes))
        sums.set(fineBucket, (sums.get(fineBucket) ?? 0) + change);
      fine.set(bucket, sums);
    }
    // Deltas are read in the order they were written, so a key's net change says whether it ends in or out.
    for (const { leaf, add, remove } of delta.leaves) {
      const net = leaves.get(leaf) ?? new Map<string, number>();
      for (const key of add) net.set(key, (net.get(key) ?? 0) + 1);
      for (const key of remove) net.set(key, (net.get(key) ?? 0) - 1);
      leaves.set(leaf, net);
    }
  }
  const batch = db.batch();
  const increments = (counts: Map<string, number>) =>
    Object.fromEntries(
      [...counts].filter(([, n]) => n !== 0).map(([bucket, n]) => [bucket, FieldValue.increment(n)]),
    );
  const shard = String(randomInt(RANK_SHARDS));
  if ([...coarse.values()].some((n) => n !== 0))
    batch.set(shardRef(db, space, version, 'rank_coarse', shard), { n: increments(coarse) }, { merge: true });
  for (const [bucket, counts] of fine)
    if ([...counts.values()].some((n) => n !== 0))
      batch.set(
        shardRef(db, space, version, 'rank_fine', `${bucket}_${shard}`),
        { n: increments(counts) },
        { merge: true },
      );
  for (const [leaf, net] of leaves) {
    const ref = shardRef(db, space, version, 'rank_leaf', leaf);
    const add = [...net].filter(([, n]) => n > 0).map(([key]) => key);
    const remove = [...net].filter(([, n]) => n < 0).map(([key]) => key);
    if (add.length > 0) batch.set(ref, { k: FieldValue.arrayUnion(...add) }, { merge: true });
    if (remove.length > 0) batch.set(ref, { k: FieldValue.arrayRemove(...remove) }, { merge: true });
  }
  for (const snapshot of taken) batch.delete(snapshot.ref, { exists: true });
  try {
    await batch.commit();
  } catch (error) {
    // Another fold took some of these first: nothing was written; the next fold reads again.
    if (lostRace(error)) return 0;
    throw error;
  }
  return taken.length;
}

/** One fold of every version in step. */
async function fold(db: Firestore, space: RankSpace): Promise<void> {
  const settings = readSettings((await space.settings.get()).data());
  for (const { version } of versionsInStep(settings)) await foldVersion(db, space, version);
}

/**
 * Returns once `deltas` are folded into the counts, folding when it is this caller's turn. Throws after
 * SETTLE_TIMEOUT_MS (a retried trigger finds its entry in step and waits for nothing; the repair folds
 * what is left).
 */
export async function settleRanking(
  db: Firestore,
  space: RankSpace,
  deltas: DocumentReference[],
  timeoutMs = SETTLE_TIMEOUT_MS,
): Promise<void> {
  if (deltas.length === 0) return;
  const turns = turnsOf(space);
  const { lease, done } = turns;
  const deadline = Date.now() + timeoutMs;
  // A fold that finished before the deltas were written did not fold them: they are looked for only
  // after a later one finishes. One read a poll otherwise (`done`), the lease's when a fold is due.
  let lookedAfter: number | null = null;
  for (;;) {
    const doneSnapshot = await done.get();
    const finished = generationOf(doneSnapshot);
    if (lookedAfter === null) lookedAfter = finished;
    else if (finished > lookedAfter) {
      lookedAfter = finished;
      if ((await db.getAll(...deltas)).every((snapshot) => !snapshot.exists)) return;
    }
    if (Date.now() > deadline) throw new Error('the ranking’s counts did not take a change in time');
    const dueIn = Number(doneSnapshot.get('finishedAt') ?? 0) + FOLD_SPACING_MS - Date.now();
    const wait =
      dueIn > 0 ? dueIn : await foldIfDue(db, turns, await lease.get(), doneSnapshot, () => fold(db, space));
    // Waiters spread their looks, so that a fold falling due is not met by all of them at once.
    if (wait > 0) await sleep(Math.min(wait, POLL_MS) * (0.5 + Math.random()));
  }
}

/** Returns once every delta of `version` written before the call is folded. */
export async function settleVersion(db: Firestore, space: RankSpace, version: number): Promise<void> {
  const before = Timestamp.now();
  for (;;) {
    const waiting = await deltasOf(db, space, version)
      .where('at', '<=', before)
      .select()
      .limit(FOLD_READ)
      .get();
    if (waiting.empty) return;
    await settleRanking(
      db,
      space,
      waiting.docs.map((snapshot) => snapshot.ref),
    );
  }
}

/** Returns once every delta written before the call, of each version in step, is folded. */
export async function settleAll(db: Firestore, space: RankSpace): Promise<void> {
  const settings = readSettings((await space.settings.get()).data());
  for (const { version } of versionsInStep(settings)) await settleVersion(db, space, version);
}

/** Folds now if the turn has come (the change's writer does not wait for a fold otherwise). */
export async function foldWhenDue(db: Firestore, space: RankSpace): Promise<void> {
  await foldTurnWhenDue(db, turnsOf(space), () => fold(db, space));
}

/** Deltas read with a place, at the most: more are waiting only when folds have stopped for minutes. */
export const PENDING_READ = 1_000;

/**
 * What the deltas not yet folded change for one placement: the signups they put ahead of it (or take
 * away from ahead of it) and the total. Added to the counts read with them, a place is exact at once.
 */
export function pendingChange(
  deltas: readonly RankDelta[],
  placement: RankPlacement,
): { ahead: number; total: number } {
  let ahead = 0;
  let total = 0;
  const ownLeaves = `${placement.coarse}_${placement.fine}_`;
  for (const delta of deltas) {
    for (const [bucket, change] of Object.entries(delta.coarse)) {
      total += change;
      if (bucket < placement.coarse) ahead += change;
    }
    for (const [bucket, change] of Object.entries(delta.fine[placement.coarse] ?? {}))
      if (bucket < placement.fine) ahead += change;
    for (const { leaf, add, remove } of delta.leaves) {
      if (!leaf.startsWith(ownLeaves)) continue;
      ahead += add.filter((key) => key < placement.sort).length;
      ahead -= remove.filter((key) => key < placement.sort).length;
    }
  }
  return { ahead, total };
}
