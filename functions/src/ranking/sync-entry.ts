// Keeps one signup's entries in step with the signup as it is now (not as an event said it was), so that
// retried, repeated or reordered trigger events converge: each run compares what the index holds with
// what it should hold and writes only the difference, in one transaction with the delta the counts are
// folded from (fold.ts). It folds when the fold's turn has come and does not wait for one otherwise: a
// place adds the deltas not yet folded (position.ts), and the next change or the minute's schedule folds.
import { COLLECTIONS } from '@silk/schema/constants';
import {
  Timestamp,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
} from 'firebase-admin/firestore';
import { tierPlacesSkipped, tiersIn, type RewardSettings, type RewardTier } from '@silk/schema/rewards';
import { rewardSettingsRef } from '../shared/reward-settings';
import { FIRST_SIGNUP_FIELD } from '../shared/first-signup';
import { addToDelta, emptyDelta, foldWhenDue, isEmptyDelta, writeDelta } from './fold';
import { placement, usesSeq, type RankFacts } from './rank-keys';
import {
  entryRef,
  isPlaced,
  readSettings,
  versionsInStep,
  type RankSpace,
  type StoredEntry,
} from './rank-store';

/**
 * What the ranking follows of a stored signup, or null when it has no place in line: gone, or without a
 * first signup time yet (the trigger stamps it: signups/first-signup-stamp.ts) — the re-rank reads signups
 * ordered by `firstSignupAt`, which leaves those out, and the trigger must agree with it or the repair
 * would find a difference forever. A repeat signup's `timestamp` is not read: it moves nobody. `tiers`:
 * the reward tiers in force, whose places skipped count under "skip N".
 */
export function rankFacts(
  signup: DocumentSnapshot,
  tiers: readonly RewardTier[] = [],
): Omit<RankFacts, 'seq'> | null {
  const firstSignupAt = signup.get(FIRST_SIGNUP_FIELD) as unknown;
  if (!signup.exists || !(firstSignupAt instanceof Timestamp)) return null;
  const confirmed = Number(signup.get('confirmedReferrals') ?? 0);
  const confirmedReferrals = Number.isFinite(confirmed) ? confirmed : 0;
  return {
    email: signup.id,
    firstSignupAt: firstSignupAt.toMillis(),
    confirmedReferrals,
    tierPlaces: tierPlacesSkipped(tiers, confirmedReferrals),
  };
}

function sameEntry(a: StoredEntry | undefined, b: StoredEntry | undefined): boolean {
  if (!isPlaced(a) || !isPlaced(b))
    return a === undefined ? b === undefined : 'gone' in a && b !== undefined && 'gone' in b;
  return a.sort === b.sort && a.coarse === b.coarse && a.fine === b.fine && a.seq === b.seq;
}

/** The place a new signup takes under "skip N": after the last one placed (ties are ordered by time). */
async function nextSeq(db: Firestore, space: RankSpace, version: number): Promise<number> {
  const last = await entryRef(db, space, version, '_').parent.orderBy('seq', 'desc').limit(1).get();
  return Number(last.docs[0]?.get('seq') ?? 0) + 1;
}

/**
 * Brings the signup's entry in each version in step (the live one and the one a re-rank builds).
 * `seqHint` is the place the re-rank building `version` gave it in time order (it wins over a place taken
 * when it joined during that build).
 */
export async function syncRankEntry(
  db: Firestore,
  space: RankSpace,
  email: string,
  seqHint?: { version: number; seq: number },
): Promise<void> {
  const signupRef = db.collection(COLLECTIONS.waitlistSignups).doc(email);
  const seqs = new Map<number, number>();
  for (;;) {
    const outcome = await db.runTransaction(async (transaction) => {
      const settings = readSettings((await transaction.get(space.settings)).data());
      const versions = versionsInStep(settings);
      const [signup, rewards, ...entries] = await transaction.getAll(
        signupRef,
        rewardSettingsRef(db),
        ...versions.map(({ version }) => entryRef(db, space, version, email)),
      );
      const tiers = tiersIn(rewards?.data() as Partial<RewardSettings> | undefined);
      const facts = rankFacts(signup as DocumentSnapshot, tiers);
      const writes: Array<() => void> = [];
      const deltas: DocumentReference[] = [];
      for (const [index, { version, rule }] of versions.entries()) {
        const held = entries[index]?.data() as StoredEntry | undefined;
        let wanted: StoredEntry | undefined;
        if (!facts) wanted = version === settings.version ? undefined : { gone: true };
        else if (!usesSeq(rule)) wanted = placement(rule, facts);
        else {
          const hinted = seqHint?.version === version ? seqHint.seq : undefined;
          const seq = hinted ?? (isPlaced(held) ? held.seq : undefined) ?? seqs.get(version);
          if (seq === undefined) return { missing: version, deltas: null };
          wanted = { ...placement(rule, { ...facts, seq }), seq };
        }
        if (sameEntry(held, wanted)) continue;
        const ref = entryRef(db, space, version, email);
        writes.push(() => {
          const delta = emptyDelta();
          if (isPlaced(held)) addToDelta(delta, held, email, -1);
          if (isPlaced(wanted)) addToDelta(delta, wanted, email, 1);
          if (!isEmptyDelta(delta)) deltas.push(writeDelta(transaction, db, space, version, delta));
          if (wanted) transaction.set(ref, wanted);
          else transaction.delete(ref);
        });
      }
      for (const write of writes) write();
      return { deltas };
    });
    if (outcome.deltas) {
      if (outcome.deltas.length > 0) await foldWhenDue(db, space);
      return;
    }
    // A new signup under "skip N": its place is read outside the transaction (a query there would lock
    // the last entry against every other new signup), then the transaction runs again.
    seqs.set(outcome.missing, await nextSeq(db, space, outcome.missing));
  }
}
