// The place in line against the emulators: exact places under each rule from a re-rank, the reads of a
// place counted (the same at the first and the last place), a chunk run twice counting each signup once,
// the signup trigger keeping the live index in step, and the setRankingRule route re-ranking in the
// background (audited, Admin only). Signups here carry first signup times (1974–1980) decades before any other
// test's, so they are the first in line whatever else the emulator holds.
import { COLLECTIONS, REWARD_SETTINGS_DOC } from '@silk/schema/constants';
import { ID_TOKEN_MISSING, REFERRALS_ADMIN_REQUIRED } from '@silk/schema/messages';
import { maskEmail, type RankingRule, type RankingSettings } from '@silk/schema/referrals';
import { Timestamp } from 'firebase-admin/firestore';
import { randomUUID } from 'node:crypto';
import { withoutBackgroundTriggers } from '@silk/stack/stack';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminServices } from '../shared/admin';
import { createStaff, functionUrl, post, type TestStaff } from '../../test-support/emulator';
import { leaderboard, positionOf, ReadMeter } from './position';
import { settleAll } from './fold';
import { syncRankEntry } from './sync-entry';
import { buildRef, rankSpace, readSettings, sumShards, coarseRefs, type RankSpace } from './rank-store';
import { repairRanking } from './repair';
import { runRerank, startRerank } from './rerank';

const { db } = adminServices();
const signups = db.collection(COLLECTIONS.waitlistSignups);
let written: string[] = [];

/** Signups `seconds` apart from the start of `year` (their first signup times), with their confirmed referrals. */
async function writeSignups(year: number, referrals: number[]): Promise<string[]> {
  const tag = randomUUID().slice(0, 6);
  const emails = referrals.map((_, i) => `rank-${year}-${String(i).padStart(2, '0')}-${tag}@ranking.test`);
  const batch = db.batch();
  emails.forEach((email, i) => {
    const at = Timestamp.fromMillis(Date.UTC(year, 0, 1) + i * 1000);
    const confirmedReferrals = referrals[i];
    batch.set(signups.doc(email), {
      email,
      timestamp: at,
      firstSignupAt: at,
      updatedAt: Timestamp.now(),
      confirmedReferrals,
    });
  });
  await batch.commit();
  written.push(...emails);
  return emails;
}

/** A ranking of its own (not the product's), built by a re-rank of every signup in the emulator. */
async function rankedSpace(rule: RankingRule): Promise<RankSpace> {
  const id = randomUUID().slice(0, 8);
  const space = { settings: db.collection('rank_test_settings').doc(id), builds: `rank_test_builds_${id}` };
  await runRerank(db, space, await startRerank(db, space, rule));
  return space;
}

const places = async (space: RankSpace, emails: string[]) =>
  Promise.all(emails.map(async (email) => (await positionOf(db, email, { space }))?.place));

/**
 * Where each of `emails` stands among them alone (1: the first of them in line). Under "skip N" other
 * tests' referrers, whose referrals outweigh their later places when the emulator holds few signups, may
 * stand between them; their order among themselves is the rule's.
 */
async function placesAmong(space: RankSpace, emails: string[]): Promise<number[]> {
  const placed = (await places(space, emails)).map((place) => place ?? Number.POSITIVE_INFINITY);
  const sorted = [...placed].sort((a, b) => a - b);
  return placed.map((place) => sorted.indexOf(place) + 1);
}

const eventually = <T>(read: () => Promise<T>, check: (value: T) => boolean, timeout = 30_000) =>
  vi.waitFor(
    async () => {
      const value = await read();
      if (!check(value)) throw new Error(`not yet: ${JSON.stringify(value)}`);
      return value;
    },
    { timeout, interval: 200 },
  );

/** The coarse shards of the build `version` count every rank entry in it exactly once. */
async function expectEachEntryCountedOnce(space: RankSpace, version: number): Promise<void> {
  const counted = [...sumShards(await db.getAll(...coarseRefs(db, space, version))).values()].reduce(
    (a, b) => a + b,
    0,
  );
  const entries = (
    await buildRef(db, space, version).collection('rank_entries').where('sort', '>', '').count().get()
  ).data().count;
  expect(counted).toBe(entries);
}

/** Each group's signups are deleted after it, so the next group's are the first in line again. */
async function deleteWritten(): Promise<void> {
  const batch = db.batch();
  for (const email of written) batch.delete(signups.doc(email));
  await batch.commit();
  written = [];
}

describe('positions from a re-rank', () => {
  // confirmed referrals of the signups, in signup-time order
  const referrals = [0, 0, 3000, 0, 1000, 0, 0, 2000, 0, 0];
  let emails: string[];
  beforeAll(async () => {
    emails = await writeSignups(1980, referrals);
  });
  afterAll(deleteWritten);

  it('orders by signup time under "by signup time"', async () => {
    const space = await rankedSpace({ kind: 'signup-time' });
    expect(await places(space, emails)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('moves a signup N places ahead per confirmed referral under "skip N", ties by signup time', async () => {
    const space = await rankedSpace({ kind: 'skip', places: 2 });
    // keys (place at joining - 2 × referrals): 1, 2, -5997, 4, -1995, 6, 7, -3992, 9, 10
    expect(await placesAmong(space, emails)).toEqual([4, 5, 1, 6, 3, 7, 8, 2, 9, 10]);
  });

  it('orders by confirmed referrals, then signup time, under "most referrals"', async () => {
    const space = await rankedSpace({ kind: 'referrals' });
    expect(await places(space, [emails[2] ?? '', emails[7] ?? '', emails[4] ?? ''])).toEqual([1, 2, 3]);
    // Signups of other tests with a few referrals may come next; those without keep their time order.
    const rest = await places(space, [emails[0] ?? '', emails[1] ?? '', emails[3] ?? '']);
    expect((rest[1] ?? 0) - (rest[0] ?? 0)).toBe(1);
    const total = (await positionOf(db, emails[0] ?? '', { space }))?.total;
    expect(total).toBeGreaterThanOrEqual(referrals.length);
  });

  it('reads the same bounded number of documents at the first and the last place', async () => {
    const space = await rankedSpace({ kind: 'signup-time' });
    const first = new ReadMeter();
    const last = new ReadMeter();
    const firstPosition = await positionOf(db, emails[0] ?? '', { space, meter: first });
    const entries = buildRef(db, space, readSettings((await space.settings.get()).data()).version).collection(
      'rank_entries',
    );
    const lastEmail = (await entries.orderBy('sort', 'desc').limit(1).get()).docs[0]?.id ?? '';
    const lastPosition = await positionOf(db, lastEmail, { space, meter: last });
    expect(firstPosition?.place).toBe(1);
    expect(lastPosition?.place).toBe(lastPosition?.total);
    expect(first.reads).toBeLessThanOrEqual(20);
    expect(last.reads).toBe(first.reads);
  });

  it('counts each signup once when a chunk runs twice at the same time', async () => {
    const id = randomUUID().slice(0, 8);
    const space = { settings: db.collection('rank_test_settings').doc(id), builds: `rank_test_builds_${id}` };
    const version = await startRerank(db, space, { kind: 'signup-time' });
    await Promise.all([runRerank(db, space, version), runRerank(db, space, version)]);
    const settings = readSettings((await space.settings.get()).data());
    expect(settings).toMatchObject({ version, rerank: { state: 'done' } });
    await expectEachEntryCountedOnce(space, version);
    expect(await places(space, emails.slice(0, 3))).toEqual([1, 2, 3]);
  });

  it('converges when the same change is brought in step several times at once', async () => {
    const space = await rankedSpace({ kind: 'skip', places: 2 });
    const moved = emails[9] ?? '';
    await signups.doc(moved).update({ confirmedReferrals: 4 });
    await Promise.all([1, 2, 3].map(() => syncRankEntry(db, space, moved)));
    // key 10 - 2 × 4 = 2: the second signup's key, so right after it (it joined earlier)
    const among = await placesAmong(space, emails);
    // moved, the first, the second and the one before it in time
    expect([among[9], among[0], among[1], among[8]]).toEqual([6, 4, 5, 10]);
    const { version } = readSettings((await space.settings.get()).data());
    await settleAll(db, space);
    await expectEachEntryCountedOnce(space, version);
    await signups.doc(moved).update({ confirmedReferrals: 0 });
  });

  it('lists the top referrers, most confirmed referrals first, with masked addresses', async () => {
    const top = await leaderboard(db, 3);
    expect(top).toEqual([
      { maskedEmail: maskEmail(emails[2] ?? ''), confirmedReferrals: 3000 },
      { maskedEmail: maskEmail(emails[7] ?? ''), confirmedReferrals: 2000 },
      { maskedEmail: maskEmail(emails[4] ?? ''), confirmedReferrals: 1000 },
    ]);
    expect(JSON.stringify(top)).not.toContain('@ranking.test');
  });

  it("gives a signup without a first signup time no place (its timestamp is not read), in the trigger's sync as in a re-rank", async () => {
    const email = `rank-untimed-${randomUUID().slice(0, 6)}@ranking.test`;
    // Not stamped meanwhile by the product's trigger (first-signup-stamp.ts).
    const timestamp = Timestamp.fromMillis(Date.UTC(1975, 0, 1));
    await withoutBackgroundTriggers(() =>
      signups.doc(email).set({ email, timestamp, updatedAt: Timestamp.now() }),
    );
    written.push(email);
    const space = await rankedSpace({ kind: 'signup-time' });
    expect(await positionOf(db, email, { space })).toBeNull();
    await syncRankEntry(db, space, email);
    expect(await positionOf(db, email, { space })).toBeNull();
  });

  it('finishes when the last signup in line has a first signup time finer than a millisecond (a server time)', async () => {
    const email = `rank-last-${randomUUID().slice(0, 6)}@ranking.test`;
    const at = new Timestamp(Math.floor(Date.UTC(2999, 0, 1) / 1000), 123_456_789);
    await signups.doc(email).set({ email, timestamp: at, firstSignupAt: at, updatedAt: Timestamp.now() });
    written.push(email);
    const space = await rankedSpace({ kind: 'signup-time' });
    const total = (await signups.orderBy('firstSignupAt').count().get()).data().count;
    expect((await positionOf(db, email, { space }))?.place).toBe(total);
  });

  it('is rebuilt by the repair when it does not count every signup', async () => {
    const space = await rankedSpace({ kind: 'signup-time' });
    // Not in this ranking: nothing keeps a test's ranking in step.
    const [late = ''] = await writeSignups(1981, [0]);
    expect(await positionOf(db, late, { space })).toBeNull();
    // Other tests' signups may land between the two readings: then the repair waits for the next run.
    const version = await vi.waitFor(
      async () => {
        const started = await repairRanking(db, space, 0);
        if (started === null) throw new Error('no repair started');
        return started;
      },
      { timeout: 30_000, interval: 500 },
    );
    await runRerank(db, space, version);
    expect((await positionOf(db, late, { space }))?.place).toBe(referrals.length + 1);
  });
});

describe('the product ranking (the signup trigger and setRankingRule)', () => {
  let url: string;
  let admin: TestStaff;
  let staff: TestStaff;
  const space = rankSpace(db);
  const settings = async () => readSettings((await space.settings.get()).data());
  const setRule = (idToken: string, rule: RankingRule) =>
    post(url, { rule }, { headers: { Authorization: `Bearer ${idToken}` } });
  const reranked = (version: number) =>
    eventually(
      settings,
      (now: RankingSettings) => now.version === version && now.rerank?.state === 'done',
      60_000,
    );

  beforeAll(async () => {
    url = await functionUrl('setRankingRule');
    [admin, staff] = await Promise.all([createStaff(['Admin']), createStaff(['Staff'])]);
  });
  afterAll(deleteWritten);

  it('refuses anyone but a ready Admin, changing nothing', async () => {
    const before = await settings();
    expect(await post(url, { rule: { kind: 'referrals' } })).toMatchObject({
      status: 401,
      body: { error: ID_TOKEN_MISSING },
    });
    expect(await setRule(staff.idToken, { kind: 'referrals' })).toMatchObject({
      status: 403,
      body: { error: REFERRALS_ADMIN_REQUIRED },
    });
    expect(await settings()).toEqual(before);
  });

  it('re-ranks everyone in the background on a rule change, audited; the trigger keeps places in step under it', async () => {
    const [a = '', b = '', c = ''] = await writeSignups(1978, [0, 0, 1]);
    await eventually(
      () => positionOf(db, a),
      (position) => position !== null,
    );
    try {
      const response = await setRule(admin.idToken, { kind: 'skip', places: 2 });
      expect(response).toMatchObject({ status: 200, body: { ok: true } });
      const version = Number(response.body.version);
      // Places keep coming from the live version while the next one is built.
      while ((await settings()).version !== version) expect(await positionOf(db, a)).not.toBeNull();
      await reranked(version);
      const audit = await db
        .collection(COLLECTIONS.auditLog)
        .where('action', '==', 'ranking.changed')
        .where('actor', '==', admin.email)
        .get();
      expect(audit.docs.map((entry) => entry.get('details'))).toContainEqual({
        rule: { kind: 'skip', places: 2 },
        version,
      });
      expect((await settings()).rule).toEqual({ kind: 'skip', places: 2 });
      // keys: a 1, b 2, c 3 - 2 = 1 (after a, who joined earlier)
      expect(await placesAmong(space, [a, b, c])).toEqual([1, 3, 2]);

      await signups.doc(b).update({ confirmedReferrals: 1 });
      await eventually(
        () => placesAmong(space, [a, b, c]),
        (now) => now.join() === '2,1,3',
      );
    } finally {
      // The product's rule is the whole stack's: later tests expect places by first signup time.
      const back = await setRule(admin.idToken, { kind: 'signup-time' });
      await reranked(Number(back.body.version));
    }
    expect(await places(space, [a, b, c])).toEqual([1, 2, 3]);
  }, 150_000);

  it('moves someone who reaches a reward tier its places skipped further under "skip N"; saving tiers re-ranks', async () => {
    const emails = await writeSignups(1979, [0, 0, 0, 0, 0, 0]);
    const [a, b, c, d, e, f = ''] = emails;
    const rewards = db.collection(COLLECTIONS.settings).doc(REWARD_SETTINGS_DOC);
    const tier = { id: `skip${randomUUID().slice(0, 6)}`, referrals: 1, name: 'Jump', description: 'Ahead' };
    /** Saves the tiers and waits for the re-rank their change starts. */
    const saveTiers = async (placesSkipped: number) => {
      const before = (await settings()).version;
      await rewards.set({ tiers: [{ ...tier, placesSkipped }] });
      await eventually(
        settings,
        (now: RankingSettings) => now.version > before && now.rerank?.state === 'done',
        60_000,
      );
    };
    /** These signups in line order (others, with referrals of their own, may stand between them). */
    const inLine = async () => {
      const placed = await places(space, emails);
      return [...emails].sort((x, y) => (placed[emails.indexOf(x)] ?? 0) - (placed[emails.indexOf(y)] ?? 0));
    };
    try {
      const response = await setRule(admin.idToken, { kind: 'skip', places: 1 });
      await reranked(Number(response.body.version));
      await saveTiers(3);
      expect(await inLine()).toEqual([a, b, c, d, e, f]);
      // f reaches the tier: its key falls by 1 for the referral and 3 for the tier, to b's (who joined earlier).
      await signups.doc(f).update({ confirmedReferrals: 1 });
      await eventually(inLine, (now) => now.join() === [a, b, f, c, d, e].join());
      // The tier no longer skips places: the re-rank alone puts f where the rule puts it (e's key, after e).
      await saveTiers(0);
      expect(await inLine()).toEqual([a, b, c, d, e, f]);
    } finally {
      await rewards.delete();
      await Promise.all(emails.map((email) => signups.doc(email).delete()));
      const back = await setRule(admin.idToken, { kind: 'signup-time' });
      await reranked(Number(back.body.version));
    }
  }, 240_000);

  it('places a new signup, follows its first signup time and takes a deleted one out of line', async () => {
    const [first = ''] = await writeSignups(1976, [0]);
    await eventually(
      () => positionOf(db, first),
      (position) => position?.place === 1,
    );
    const [earlier = ''] = await writeSignups(1974, [0]);
    await eventually(
      () => positionOf(db, first),
      (position) => position?.place === 2,
    );
    await signups.doc(earlier).update({ firstSignupAt: Timestamp.fromMillis(Date.UTC(1977, 0, 1)) });
    await eventually(
      () => positionOf(db, first),
      (position) => position?.place === 1,
    );
    await signups.doc(earlier).delete();
    await eventually(
      () => positionOf(db, earlier),
      (position) => position === null,
    );
  }, 120_000);
});
