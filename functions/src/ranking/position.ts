// A subscriber's place in line and the leaderboard, each with a bounded number of document reads:
// positionOf reads the settings, the entry, and RANK_SHARDS documents of each level (coarse counts, fine
// counts, the fine bucket's member keys): 2 + 3 × RANK_SHARDS at any place and any list size
// (docs/decisions.md, the ranking's cost model).
import { COLLECTIONS } from '@silk/schema/constants';
import { maskEmail, type LeaderboardEntry, type RankingRule } from '@silk/schema/referrals';
import type { Firestore } from 'firebase-admin/firestore';
import { FIRST_SIGNUP_FIELD } from '../shared/first-signup';
import {
  coarseRefs,
  entryRef,
  fineRefs,
  isPlaced,
  leafRefs,
  rankSpace,
  readSettings,
  sumShards,
  type RankSpace,
  type StoredEntry,
} from './rank-store';

/** Counts the reads Firestore bills for the documents it is told of (one each, found or not). */
export class ReadMeter {
  reads = 0;
  documents(count: number): void {
    this.reads += count;
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
  const leafDocs = leafRefs(db, space, version, entry);
  const counts = await db.getAll(...coarseDocs, ...fineDocs, ...leafDocs);
  meter.documents(counts.length);
  const coarse = sumShards(counts.slice(0, coarseDocs.length));
  const fine = sumShards(counts.slice(coarseDocs.length, coarseDocs.length + fineDocs.length));
  let ahead = 0;
  for (const leaf of counts.slice(coarseDocs.length + fineDocs.length))
    for (const key of (leaf.get('k') as string[] | undefined) ?? []) if (key < entry.sort) ahead += 1;
  let total = 0;
  for (const [bucket, count] of coarse) {
    total += count;
    if (bucket < entry.coarse) ahead += count;
  }
  for (const [bucket, count] of fine) if (bucket < entry.fine) ahead += count;
  return { place: ahead + 1, total, rule: settings.rule };
}

/** The top `n` referrers: most confirmed referrals, then earliest first signup; addresses masked. One read per line. */
export async function leaderboard(db: Firestore, n = 10): Promise<LeaderboardEntry[]> {
  const top = await db
    .collection(COLLECTIONS.waitlistSignups)
    .where('confirmedReferrals', '>', 0)
    .orderBy('confirmedReferrals', 'desc')
    .orderBy(FIRST_SIGNUP_FIELD, 'asc')
    .limit(n)
    .get();
  return top.docs.map((signup) => ({
    maskedEmail: maskEmail(signup.id),
    confirmedReferrals: Number(signup.get('confirmedReferrals')),
  }));
}
