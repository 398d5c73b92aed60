// The ranking's documents (server-only; no browser reads or writes them):
//   settings/ranking                         RankingSettings: the rule in force, the live `version`, the re-rank
//   rank_builds/{version}                    one index version: its rule, build state and cursor
//   rank_builds/{v}/rank_entries/{email}     {sort, coarse, fine, seq?} (or {gone: true}: deleted while building)
//   rank_builds/{v}/rank_leaf/{coarse}_{fine}_{shard}  {k: [sort keys]}: the fine bucket's members
//   rank_builds/{v}/rank_coarse/{shard}      {n: {coarse bucket: count}}
//   rank_builds/{v}/rank_fine/{coarse}_{shard}  {n: {fine bucket: count}}
//   rank_builds/{v}/rank_deltas/{id}         RankDelta: a change not yet folded into the three above (fold.ts)
//   settings/ranking/rank_fold/{lease,done}  whose turn it is to fold (fold.ts)
// Counts and members are spread over RANK_SHARDS documents each and read together: RANK_SHARDS reads per
// level. A member's shard follows from its address, so that it is taken out of the shard it was put in.
// Only a fold writes them (fold.ts), at most once per FOLD_SPACING_MS.
import { DEFAULT_RANKING_RULE, type RankingRule, type RankingSettings } from '@silk/schema/referrals';
import { type DocumentReference, type Firestore, type Timestamp } from 'firebase-admin/firestore';
import { createHash } from 'node:crypto';
import type { RankPlacement } from './rank-keys';

export const RANK_SHARDS = 4;

/** Where one ranking lives: the product's (settings/ranking + rank_builds), or a test's own. */
export interface RankSpace {
  settings: DocumentReference;
  builds: string;
}

export function rankSpace(db: Firestore): RankSpace {
  return { settings: db.collection('settings').doc('ranking'), builds: 'rank_builds' };
}

export interface RankBuild {
  rule: RankingRule;
  state: 'building' | 'live' | 'retired';
  /** The last signup the build has read: [firstSignupAt millis, e-mail]. */
  /** The last signup built: its stored first signup time and address. */
  cursor?: [Timestamp, string];
  done: number;
  startedAt: number;
}

/** An entry as stored: a placement, or a deleted signup's marker (never counted). */
export type StoredEntry = (RankPlacement & { seq?: number }) | { gone: true };

export function buildRef(db: Firestore, space: RankSpace, version: number): DocumentReference {
  return db.collection(space.builds).doc(String(version));
}

export function entryRef(db: Firestore, space: RankSpace, version: number, email: string): DocumentReference {
  return buildRef(db, space, version).collection('rank_entries').doc(email);
}

export function shardRef(
  db: Firestore,
  space: RankSpace,
  version: number,
  level: 'rank_coarse' | 'rank_fine' | 'rank_leaf',
  id: string,
): DocumentReference {
  return buildRef(db, space, version).collection(level).doc(id);
}

export function coarseRefs(db: Firestore, space: RankSpace, version: number): DocumentReference[] {
  return Array.from({ length: RANK_SHARDS }, (_, shard) =>
    shardRef(db, space, version, 'rank_coarse', String(shard)),
  );
}

export function fineRefs(
  db: Firestore,
  space: RankSpace,
  version: number,
  coarse: string,
): DocumentReference[] {
  return Array.from({ length: RANK_SHARDS }, (_, shard) =>
    shardRef(db, space, version, 'rank_fine', `${coarse}_${shard}`),
  );
}

/** The settings in force; before any Admin chose a rule, the default rule on version 0. */
export function readSettings(data: FirebaseFirestore.DocumentData | undefined): RankingSettings {
  return { rule: DEFAULT_RANKING_RULE, version: 0, ...(data as Partial<RankingSettings> | undefined) };
}

/** The versions a signup's change must reach: the live one, and the one a running re-rank builds. */
export function versionsInStep(settings: RankingSettings): Array<{ version: number; rule: RankingRule }> {
  const versions = [{ version: settings.version, rule: settings.rule }];
  const rerank = settings.rerank;
  if (rerank?.state === 'running' && rerank.version !== settings.version)
    versions.push({ version: rerank.version, rule: rerank.rule });
  return versions;
}

export function isPlaced(entry: StoredEntry | undefined): entry is RankPlacement & { seq?: number } {
  return entry !== undefined && !('gone' in entry);
}

export function leafRefs(
  db: Firestore,
  space: RankSpace,
  version: number,
  placement: RankPlacement,
): DocumentReference[] {
  return Array.from({ length: RANK_SHARDS }, (_, shard) => leafRef(db, space, version, placement, shard));
}

export function leafRef(
  db: Firestore,
  space: RankSpace,
  version: number,
  placement: RankPlacement,
  shard: number,
): DocumentReference {
  return shardRef(db, space, version, 'rank_leaf', `${placement.coarse}_${placement.fine}_${shard}`);
}

/** The leaf shard that holds a signup's key. */
export function leafShard(email: string): number {
  return createHash('sha256').update(email).digest().readUInt32BE(0) % RANK_SHARDS;
}

/** Sums the counts of several shards, bucket by bucket. */
export function sumShards(shards: Array<FirebaseFirestore.DocumentSnapshot>): Map<string, number> {
  const sums = new Map<string, number>();
  for (const shard of shards)
    for (const [bucket, count] of Object.entries(
      (shard.get('n') as Record<string, number> | undefined) ?? {},
    ))
      sums.set(bucket, (sums.get(bucket) ?? 0) + count);
  return sums;
}
