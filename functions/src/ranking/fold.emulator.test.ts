// The ranking's counts under a burst, against the emulator: every change of a burst is counted once and
// placed exactly, before its fold as after it; each count document is written by one fold at a time and
// at most once per FOLD_SPACING_MS (the commits the client makes are watched); a fold left unfinished is
// taken over.
// Each test ranks in a space of its own, from signups written with the background triggers off.
import { COLLECTIONS } from '@silk/schema/constants';
import { Timestamp } from 'firebase-admin/firestore';
import { randomUUID } from 'node:crypto';
import { watchCommits, writesPerDocument } from '@silk/stack/commit-watch';
import { withoutBackgroundTriggers } from '@silk/stack/stack';
import { afterAll, describe, expect, it } from 'vitest';
import { adminServices } from '../shared/admin';
import { deltasOf, FOLD_SPACING_MS, settleAll } from './fold';
import { positionOf } from './position';
import { coarseRefs, sumShards, type RankSpace } from './rank-store';
import { syncRankEntry } from './sync-entry';

const { db } = adminServices();
const signups = db.collection(COLLECTIONS.waitlistSignups);
const written: string[] = [];

function newSpace(): RankSpace {
  const id = randomUUID().slice(0, 8);
  return { settings: db.collection('rank_test_settings').doc(id), builds: `rank_test_builds_${id}` };
}

/** `count` signups a second apart (their first signup times), written without the product's trigger. */
async function writeSignups(count: number): Promise<string[]> {
  const tag = randomUUID().slice(0, 6);
  const emails = Array.from(
    { length: count },
    (_, i) => `fold-${String(i).padStart(3, '0')}-${tag}@ranking.test`,
  );
  const batch = db.batch();
  emails.forEach((email, i) => {
    const at = Timestamp.fromMillis(Date.UTC(1972, 0, 1) + i * 1000);
    batch.set(signups.doc(email), { email, timestamp: at, firstSignupAt: at, updatedAt: Timestamp.now() });
  });
  await withoutBackgroundTriggers(() => batch.commit());
  written.push(...emails);
  return emails;
}

/** Takes a signup out of line (no first signup time), without the product's trigger. */
async function takeOutOfLine(email: string): Promise<void> {
  await withoutBackgroundTriggers(() => signups.doc(email).update({ firstSignupAt: null }));
}

afterAll(async () => {
  const batch = db.batch();
  for (const email of written) batch.delete(signups.doc(email));
  await withoutBackgroundTriggers(() => batch.commit());
});

const totalCounted = async (space: RankSpace) =>
  [...sumShards(await db.getAll(...coarseRefs(db, space, 0))).values()].reduce((a, b) => a + b, 0);

describe('the ranking’s folded counts', () => {
  it('places every signup of a concurrent burst exactly and leaves no delta behind', async () => {
    const emails = await writeSignups(60);
    const space = newSpace();
    await Promise.all(emails.map((email) => syncRankEntry(db, space, email)));
    const places = await Promise.all(
      emails.map(async (email) => (await positionOf(db, email, { space }))?.place),
    );
    expect(places).toEqual(emails.map((_, i) => i + 1));
    await settleAll(db, space);
    expect(await totalCounted(space)).toBe(emails.length);
    expect((await deltasOf(db, space, 0).count().get()).data().count).toBe(0);
  });

  it('gives exact places and totals from changes not folded yet', async () => {
    const emails = await writeSignups(8);
    const space = newSpace();
    // A fold in progress (started now, not done): no writer may fold, so every change waits as a delta.
    const fold = space.settings.collection('rank_fold');
    await fold.doc('lease').set({ generation: 3, startedAt: Date.now() });
    await fold.doc('done').set({ generation: 2, finishedAt: Date.now() });
    await Promise.all(emails.map((email) => syncRankEntry(db, space, email)));
    await takeOutOfLine(emails[3] ?? '');
    await syncRankEntry(db, space, emails[3] ?? '');
    expect((await deltasOf(db, space, 0).count().get()).data().count).toBe(9);
    expect(await totalCounted(space)).toBe(0);
    const expected = [1, 2, 3, null, 4, 5, 6, 7];
    const read = async () =>
      Promise.all(emails.map(async (email) => (await positionOf(db, email, { space }))?.place ?? null));
    expect(await read()).toEqual(expected);
    expect((await positionOf(db, emails[0] ?? '', { space }))?.total).toBe(7);
    // The fold finishes; the places stay as they were, now from the counts alone.
    await fold.doc('done').set({ generation: 3, finishedAt: Date.now() - FOLD_SPACING_MS });
    await settleAll(db, space);
    expect((await deltasOf(db, space, 0).count().get()).data().count).toBe(0);
    expect(await read()).toEqual(expected);
    expect(await totalCounted(space)).toBe(7);
  });

  it('writes each count document at most once per FOLD_SPACING_MS, whatever the burst', async () => {
    const emails = await writeSignups(80);
    const space = newSpace();
    const watch = watchCommits(db);
    try {
      // Four waves a quarter of a second apart: several folds, each with changes waiting.
      await Promise.all(
        [0, 1, 2, 3].map(async (wave) => {
          await new Promise((resolve) => setTimeout(resolve, wave * 250));
          await Promise.all(
            emails.slice(wave * 20, wave * 20 + 20).map((email) => syncRankEntry(db, space, email)),
          );
        }),
      );
    } finally {
      watch.stop();
    }
    await settleAll(db, space);
    const writesOf = writesPerDocument(watch.commits, (path) => /\/rank_(coarse|fine|leaf)\//.test(path));
    expect(writesOf.size).toBeGreaterThan(0);
    const gaps = [...writesOf.values()].flatMap((times) =>
      times.slice(1).map((at, i) => at - (times[i] ?? 0)),
    );
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(FOLD_SPACING_MS);
    expect(await totalCounted(space)).toBe(emails.length);
  });

  it('takes over a fold whose holder never finished, and counts its deltas once', async () => {
    const [email] = await writeSignups(1);
    const space = newSpace();
    // A holder that took the lease long ago and never wrote `done`.
    const fold = space.settings.collection('rank_fold');
    await fold.doc('lease').set({ generation: 7, startedAt: Date.now() - 60_000 });
    await fold.doc('done').set({ generation: 6, finishedAt: Date.now() - 61_000 });
    await syncRankEntry(db, space, email ?? '');
    expect((await positionOf(db, email ?? '', { space }))?.place).toBe(1);
    expect((await fold.doc('done').get()).get('generation')).toBe(8);
    // Two settles at once over nothing left to fold change nothing.
    await Promise.all([settleAll(db, space), settleAll(db, space)]);
    expect(await totalCounted(space)).toBe(1);
  });
});
