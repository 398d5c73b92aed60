// The 6-hourly repair (maintain-signup-feeds.ts): when the live index does not count as many signups as
// the collection holds (a trigger that failed for good, signups written before the index existed), the
// rule in force is re-ranked — the build reads every signup as it is. Two readings a short while apart
// must agree on the difference, so that signups whose trigger is still running do not start a rebuild.
// A list with no index at all is re-ranked at once, from the minute's check
// (signups/rank-existing-list.ts): nothing is in step with it to wait for.
import { COLLECTIONS } from '@silk/schema/constants';
import type { Firestore } from 'firebase-admin/firestore';
import { FIRST_SIGNUP_FIELD } from '../shared/first-signup';
import { settleAll } from './fold';
import { coarseRefs, readSettings, sumShards, type RankSpace } from './rank-store';
import { startRerank } from './rerank';

const SETTLE_MS = 15_000;

/** The signups the live index of `version` counts (its coarse shards: RANK_SHARDS reads). */
async function indexedCount(db: Firestore, space: RankSpace, version: number): Promise<number> {
  const shards = await db.getAll(...coarseRefs(db, space, version));
  return [...sumShards(shards).values()].reduce((sum, count) => sum + count, 0);
}

/** Signups with a first signup time minus signups in the live index (null while a re-rank is running). */
async function difference(db: Firestore, space: RankSpace): Promise<number | null> {
  const settings = readSettings((await space.settings.get()).data());
  if (settings.rerank?.state === 'running') return null;
  const [indexed, counted] = await Promise.all([
    indexedCount(db, space, settings.version),
    // The signups the re-rank places: those with a first signup time (sync-entry.ts, rankFacts).
    db.collection(COLLECTIONS.waitlistSignups).orderBy(FIRST_SIGNUP_FIELD).count().get(),
  ]);
  return counted.data().count - indexed;
}

/**
 * Whether signups are waiting for a first index: the live index counts no one (and no re-rank is
 * building one) while the collection holds a signup, as after the first deploy of the ranking onto an
 * existing list. Six document reads, whatever the list's size.
 */
export async function listWithoutIndex(db: Firestore, space: RankSpace): Promise<boolean> {
  const settings = readSettings((await space.settings.get()).data());
  if (settings.rerank?.state === 'running') return false;
  const [indexed, anySignup] = await Promise.all([
    indexedCount(db, space, settings.version),
    db.collection(COLLECTIONS.waitlistSignups).select().limit(1).get(),
  ]);
  return indexed === 0 && !anySignup.empty;
}

/** Starts a re-rank of the rule in force; returns the version it builds. */
export async function rerankRuleInForce(db: Firestore, space: RankSpace): Promise<number> {
  return startRerank(db, space, readSettings((await space.settings.get()).data()).rule);
}

/** Starts a re-rank of the rule in force when the index is off; returns the version it builds, or null. */
export async function repairRanking(
  db: Firestore,
  space: RankSpace,
  settleMs = SETTLE_MS,
): Promise<number | null> {
  // Deltas a waiter gave up on (a trigger that timed out) are folded first.
  await settleAll(db, space);
  const first = await difference(db, space);
  if (!first) return null;
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  if ((await difference(db, space)) !== first) return null;
  return rerankRuleInForce(db, space);
}
