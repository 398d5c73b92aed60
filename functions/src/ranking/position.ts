// A subscriber's place in line and the leaderboard, each with a bounded number of document reads:
// positionOf reads the settings, the entry, RANK_SHARDS documents of each level (coarse counts, fine
// counts, the fine bucket's member keys) and the changes not yet folded into them (usually none: one
// read): 3 + 3 × RANK_SHARDS at any place and any list size (docs/decisions.md, the ranking's cost model).
import { COLLECTIONS } from '@silk/schema/constants';
import { maskEmail, type LeaderboardEntry, type RankingRule } from '@silk/schema/referrals';
import type { Firestore } from 'firebase-admin/firestore';
import { FIRST_SIGNUP_FIELD } from '../shared/first-signup';
import { deltasOf, pendingChange, PENDING_READ, type RankDelta } from './fold';
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

/**
 * The subscriber's place under the rule in force and the number of signups in line; null when not in
 * line. Read at one point in time (a read-only transaction): the counts, and the changes not yet folded
 * into them (fold.ts), which are added.
 */
export async function positionOf(
  db: Firestore,
  email: string,
  { space = rankSpace(db), meter = new ReadMeter() }: { space?: RankSpace; meter?: ReadMeter } = {},
): Promise<Position | null> {
  return db.runTransaction(
    async (transaction) => {
      const settings = readSettings((await transaction.get(space.settings)).data());
      meter.documents(1);
      const { version } = settings;
      const entrySnapshot = await transaction.get(entryRef(db, space, version, email));
      meter.documents(1);
      const entry = entrySnapshot.data() as StoredEntry | undefined;
      if (!isPlaced(entry)) return null;
      const coarseDocs = coarseRefs(db, space, version);
      const fineDocs = fineRefs(db, space, version, entry.coarse);
      const leafDocs = leafRefs(db, space, version, entry);
      const [counts, pending] = await Promise.all([
        transaction.getAll(...coarseDocs, ...fineDocs, ...leafDocs),
        transaction.get(deltasOf(db, space, version).limit(PENDING_READ)),
      ]);
      // A query is billed one read when it finds nothing.
      meter.documents(counts.length + Math.max(1, pending.size));
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
      const unfolded = pendingChange(
        pending.docs.map((delta) => delta.data() as RankDelta),
        entry,
      );
      return { place: ahead + unfolded.ahead + 1, total: total + unfolded.total, rule: settings.rule };
    },
    { readOnly: true },
  );
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
