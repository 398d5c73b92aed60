// A re-rank builds the next index version beside the live one, in chunks of signups read in first
// signup time order (a cursor in rank_builds/{version}, so a chunk that failed or ran twice resumes), while the
// signup trigger keeps both versions in step; when the last chunk is in, one transaction makes it live
// (settings.version) and the old version is deleted. Positions come from the live version throughout.
// Entries are created, never overwritten: an entry the trigger wrote meanwhile is newer than the chunk's
// read, so the chunk leaves it (and its count) alone.
import { COLLECTIONS } from '@silk/schema/constants';
import type { RankingRule, RankingSettings } from '@silk/schema/referrals';
import {
  FieldPath,
  type Firestore,
  type QueryDocumentSnapshot,
  type Timestamp,
} from 'firebase-admin/firestore';
import type { RewardTier } from '@silk/schema/rewards';
import { rewardTiers } from '../shared/reward-settings';
import { FIRST_SIGNUP_FIELD } from '../shared/first-signup';
import { addToDelta, emptyDelta, isEmptyDelta, settleVersion, writeDelta } from './fold';
import { placement, usesSeq } from './rank-keys';
import { buildRef, entryRef, readSettings, type RankBuild, type RankSpace } from './rank-store';
import { rankFacts, syncRankEntry } from './sync-entry';
import { GrpcStatus, hasGrpcStatus } from '../shared/grpc-status';

export const RERANK_CHUNK = 2_000;
/** Entries per atomic batch, with their one delta: folding it takes under 500 writes (fold.ts). */
const BATCH = 150;

/**
 * Starts building a version for `rule` (superseding a re-rank that is running: its version is never made
 * live) and returns its number. Runs in one transaction with the settings; the caller audits it.
 */
export async function startRerank(
  db: Firestore,
  space: RankSpace,
  rule: RankingRule,
  by?: string,
): Promise<number> {
  const total = (await db.collection(COLLECTIONS.waitlistSignups).count().get()).data().count;
  return db.runTransaction(async (transaction) => {
    const settings = readSettings((await transaction.get(space.settings)).data());
    const version = Math.max(settings.version, settings.rerank?.version ?? 0) + 1;
    const now = Date.now();
    const build: RankBuild = { rule, state: 'building', done: 0, startedAt: now };
    transaction.set(buildRef(db, space, version), build);
    const next: RankingSettings = {
      ...settings,
      updatedAt: now,
      ...(by ? { updatedBy: by } : {}),
      rerank: { rule, version, state: 'running', done: 0, total, startedAt: now },
    };
    transaction.set(space.settings, next);
    return version;
  });
}

/** The next chunk of signups after the cursor, in first signup time order (address for equal times). */
async function readChunk(db: Firestore, cursor: RankBuild['cursor']): Promise<QueryDocumentSnapshot[]> {
  let query = db
    .collection(COLLECTIONS.waitlistSignups)
    .orderBy(FIRST_SIGNUP_FIELD)
    .orderBy(FieldPath.documentId());
  if (cursor) query = query.startAfter(cursor[0], cursor[1]);
  return (await query.limit(RERANK_CHUNK).get()).docs;
}

/**
 * Builds one chunk of `version`; returns false when there is nothing left to do (finished, superseded:
 * then its documents are deleted). Writes the cursor and progress after the chunk's entries and counts.
 */
export async function buildChunk(db: Firestore, space: RankSpace, version: number): Promise<boolean> {
  const [settingsSnapshot, buildSnapshot] = await db.getAll(space.settings, buildRef(db, space, version));
  const settings = readSettings(settingsSnapshot?.data());
  const build = buildSnapshot?.data() as RankBuild | undefined;
  if (!build || build.state !== 'building') return false;
  if (settings.rerank?.version !== version || settings.rerank.state !== 'running') {
    await db.recursiveDelete(buildRef(db, space, version));
    return false;
  }
  const chunk = await readChunk(db, build.cursor);
  if (chunk.length === 0) {
    // The version goes live counting every entry it holds.
    await settleVersion(db, space, version);
    await finishRerank(db, space, version);
    return false;
  }
  const tiers = await rewardTiers(db);
  const batches: Array<Promise<void>> = [];
  for (let start = 0; start < chunk.length; start += BATCH) {
    const signups = chunk.slice(start, start + BATCH);
    batches.push(writeBatchOfEntries(db, space, version, build, signups, build.done + start, tiers));
  }
  await Promise.all(batches);
  const last = chunk[chunk.length - 1] as QueryDocumentSnapshot;
  // The stored time itself, not its milliseconds: a server time has microseconds, and a cursor rounded
  // down would read the last signup again, for ever once it is the only one left.
  const cursor: [Timestamp, string] = [last.get(FIRST_SIGNUP_FIELD) as Timestamp, last.id];
  const done = build.done + chunk.length;
  await db.runTransaction(async (transaction) => {
    const [current, now] = await transaction.getAll(buildRef(db, space, version), space.settings);
    // Another run of the same chunk got there first.
    if ((current?.data() as RankBuild | undefined)?.done !== build.done) return;
    transaction.update(buildRef(db, space, version), { cursor, done });
    const rerank = readSettings(now?.data()).rerank;
    if (rerank?.version === version)
      transaction.update(space.settings, {
        'rerank.done': done,
        'rerank.total': Math.max(done, rerank.total),
      });
  });
  return true;
}

/**
 * Creates the entries of up to BATCH signups with the delta that counts them, atomically. When one of them is there
 * already (the trigger wrote it, or this chunk ran before), each of them is brought in step on its own.
 */
async function writeBatchOfEntries(
  db: Firestore,
  space: RankSpace,
  version: number,
  build: RankBuild,
  signups: QueryDocumentSnapshot[],
  seqBefore: number,
  tiers: readonly RewardTier[],
): Promise<void> {
  const batch = db.batch();
  const delta = emptyDelta();
  const seqOf = (index: number) => seqBefore + index + 1;
  for (const [index, signup] of signups.entries()) {
    const facts = rankFacts(signup, tiers);
    if (!facts) continue;
    const entry = usesSeq(build.rule)
      ? { ...placement(build.rule, { ...facts, seq: seqOf(index) }), seq: seqOf(index) }
      : placement(build.rule, facts);
    batch.create(entryRef(db, space, version, signup.id), entry);
    addToDelta(delta, entry, signup.id, 1);
  }
  if (!isEmptyDelta(delta)) writeDelta(batch, db, space, version, delta);
  try {
    await batch.commit();
  } catch (error) {
    if (!hasGrpcStatus(error, GrpcStatus.ALREADY_EXISTS)) throw error;
    for (const [index, signup] of signups.entries())
      await syncRankEntry(db, space, signup.id, { version, seq: seqOf(index) });
  }
}

/** Makes the built version live (unless superseded); the version it replaces is retired (deleted by retireBuild). */
async function finishRerank(db: Firestore, space: RankSpace, version: number): Promise<void> {
  await db.runTransaction(async (transaction) => {
    const settings = readSettings((await transaction.get(space.settings)).data());
    if (settings.rerank?.version !== version || settings.rerank.state !== 'running') return;
    const now = Date.now();
    transaction.set(space.settings, {
      ...settings,
      rule: settings.rerank.rule,
      version,
      rerank: { ...settings.rerank, state: 'done', total: settings.rerank.done, finishedAt: now },
    });
    transaction.update(buildRef(db, space, version), { state: 'live' });
    transaction.set(buildRef(db, space, settings.version), { state: 'retired' }, { merge: true });
  });
}

/** Deletes a retired version with everything under it (a retry resumes where a timeout stopped it). */
export async function retireBuild(db: Firestore, space: RankSpace, version: number): Promise<void> {
  const build = await buildRef(db, space, version).get();
  if ((build.data() as RankBuild | undefined)?.state === 'retired') await db.recursiveDelete(build.ref);
}

/** Builds `version` to the end in this process (the bench, tests and the repair; production chains chunks). */
export async function runRerank(db: Firestore, space: RankSpace, version: number): Promise<void> {
  while (await buildChunk(db, space, version));
}
