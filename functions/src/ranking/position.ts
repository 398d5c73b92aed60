// A subscriber's place in line and the leaderboard, each with a bounded number of document reads:
// positionOf reads the settings, the entry, RANK_SHARDS coarse and RANK_SHARDS fine count documents and
// one count() of the fine bucket's members ahead (billed one read per 1,000 entries it counts, at least one):
// 2 + 2 × RANK_SHARDS + 1 at any place and any list size while a fine bucket holds under 1,000 signups
// (docs/decisions.md, the ranking's cost model).
import { COLLECTIONS } from '@silk/schema/constants';
import { maskEmail, type LeaderboardEntry, type RankingRule } from '@silk/schema/referrals';
import type { Firestore } from 'firebase-admin/firestore';
import { coarseRefs, entryRef, fineRefs, isPlaced, memberRef, rankSpace, readSettings, sumShards, type RankSpace, type StoredEntry } from './rank-store';

/** Counts the reads Firestore bills for the calls it is handed (a document: 1; a count(): 1 per 1,000, at least 1). */
export class ReadMeter {
  reads = 0;
  documents(count: number): void {
    this.reads += count;
  }
  aggregation(counted: number): void {
    this.reads += Math.max(1, Math.ceil(counted / 1000));
  }
}

export interface Position {
  place: number;
  total: number;
  rule: RankingRule;
}

/** The subscriber's place under the rule in force and the number of signups in line; null when not in line. */
export async function positionOf(
  db: Firestore,
  email: string,
  { space = rankSpace(db), meter = new ReadMeter() }: { space?: RankSpace; meter?: ReadMeter } = {},
): Promise<Position | null> {
  const settings = readSettings((await space.settings.get()).data());
  meter.documents(1);
  const { version } = settings;
  const entrySnapshot = await entryRef(db, space, version, email).get();
  meter.documents(1);
  const entry = entrySnapshot.data() as StoredEntry | undefined;
  if (!isPlaced(entry)) return null;
  const coarseDocs = coarseRefs(db, space, version);
  const fineDocs = fineRefs(db, space, version, entry.coarse);
  const [counts, inBucket] = await Promise.all([
    db.getAll(...coarseDocs, ...fineDocs),
    memberRef(db, space, version, entry, email).parent.where('sort', '<', entry.sort).count().get(),
  ]);
  meter.documents(counts.length);
  const aheadInBucket = inBucket.data().count;
  meter.aggregation(aheadInBucket);
  const coarse = sumShards(counts.slice(0, coarseDocs.length));
  const fine = sumShards(counts.slice(coarseDocs.length));
  let total = 0;
  let ahead = aheadInBucket;
  for (const [bucket, count] of coarse) {
    total += count;
    if (bucket < entry.coarse) ahead += count;
  }
  for (const [bucket, count] of fine) if (bucket < entry.fine) ahead += count;
  return { place: ahead + 1, total, rule: settings.rule };
}

/** The top `n` referrers: most confirmed referrals, then earliest signup; addresses masked. One read per line. */
export async function leaderboard(db: Firestore, n = 10): Promise<LeaderboardEntry[]> {
  const top = await db
    .collection(COLLECTIONS.waitlistSignups)
    .where('confirmedReferrals', '>', 0)
    .orderBy('confirmedReferrals', 'desc')
    .orderBy('timestamp', 'asc')
    .limit(n)
    .get();
  return top.docs.map((signup) => ({ maskedEmail: maskEmail(signup.id), confirmedReferrals: Number(signup.get('confirmedReferrals')) }));
}
