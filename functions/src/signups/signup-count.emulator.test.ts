// The signup total the panel shows at once: changes written by the create and delete triggers, folded
// into one total document, reconciled with count(); a fold that adds the total past a milestone emits
// the alerts' `signups.milestone` event.
import { COLLECTIONS } from '@silk/schema/constants';
import { adminSdk } from '@silk/stack/admin-sdk';
import { FieldValue } from 'firebase-admin/firestore';
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { webhookEventId } from '../events/emit';
import { FOLD_SPACING_MS } from '../shared/fold-turns';
import { foldSignupCountWhenDue, reconcileSignupCount, signupCountChange } from './signup-count';

const { db } = adminSdk();
const signups = db.collection(COLLECTIONS.waitlistSignups);
const shardSum = async () =>
  (await db.collection(COLLECTIONS.signupCounts).get()).docs.reduce(
    (sum, shard) => sum + Number(shard.get('count') ?? 0),
    0,
  );
const counted = async () => (await signups.count().get()).data().count;

describe('signup total', () => {
  it(
    'goes up when a signup is created and down when it is deleted (the triggers)',
    { timeout: 180_000 },
    async () => {
      // Other suites' signups move the same total (their triggers can lag behind an import's hundreds):
      // the check is taken again until it ran while no other signup was written or still being counted.
      await vi.waitFor(
        async () => {
          await reconcileSignupCount(db);
          const before = await shardSum();
          const others = await counted();
          if (before !== others) throw new Error('other signups are still being counted');
          const email = `counted-${randomUUID().slice(0, 8)}@example.com`;
          await signups
            .doc(email)
            .set({ email, timestamp: FieldValue.serverTimestamp(), updatedAt: FieldValue.serverTimestamp() });
          try {
            await vi.waitFor(async () => expect(await shardSum()).toBe(before + 1), {
              timeout: 10_000,
              interval: 100,
            });
            // A later write to the same signup is not a new one.
            await signups
              .doc(email)
              .set({ travelFrequency: 'Monthly', updatedAt: FieldValue.serverTimestamp() }, { merge: true });
          } finally {
            await signups.doc(email).delete();
          }
          await vi.waitFor(async () => expect(await shardSum()).toBe(before), {
            timeout: 10_000,
            interval: 100,
          });
          if ((await counted()) !== others) throw new Error('signups changed during the check');
        },
        { timeout: 170_000, interval: 1_000 },
      );
    },
  );

  it('is exact while changes wait, and a fold moves them into the one total document', async () => {
    const total = db.collection(COLLECTIONS.signupCounts).doc('total');
    // Other suites' triggers move the same total: the check is taken again until nothing else changed it.
    await vi.waitFor(
      async () => {
        const before = await shardSum();
        const changes = Array.from({ length: 40 }, () => signupCountChange(db, 1));
        const batch = db.batch();
        for (const change of changes) batch.create(change.ref, change.data);
        await batch.commit();
        const pending = await shardSum();
        // A fold when the turn has come, as a writer does; folds of other writers count too.
        await vi.waitFor(
          async () => {
            await foldSignupCountWhenDue(db);
            const left = await db.getAll(...changes.map((change) => change.ref));
            expect(left.filter((snapshot) => snapshot.exists)).toHaveLength(0);
          },
          { timeout: 20_000, interval: FOLD_SPACING_MS },
        );
        const folded = await shardSum();
        const undo = db.batch();
        for (const back of changes.map(() => signupCountChange(db, -1))) undo.create(back.ref, back.data);
        await undo.commit();
        const totalWritten = (await total.get()).exists;
        if (pending !== before + 40 || folded !== before + 40) throw new Error('others changed the total');
        expect(totalWritten).toBe(true);
      },
      { timeout: 60_000, interval: 500 },
    );
  });

  it('is set back to count() by the reconciliation when it is off', async () => {
    // Other suites create and delete signups meanwhile, and their triggers move the shards: the check is
    // taken again until it ran with the collection and the shards still (the shards then agree exactly).
    await vi.waitFor(
      async () => {
        await reconcileSignupCount(db);
        const before = await counted();
        await db
          .collection(COLLECTIONS.signupCounts)
          .doc('3')
          .set({ count: FieldValue.increment(5) }, { merge: true });
        const correction = await reconcileSignupCount(db);
        const agree = (await shardSum()) === (await counted());
        const settled = (await reconcileSignupCount(db)) === 0 && (await counted()) === before;
        if (!settled) throw new Error('signups changed during the check');
        expect(correction).toBe(-5);
        expect(agree).toBe(true);
      },
      { timeout: 25_000, interval: 500 },
    );
  });

  it(
    'announces a milestone to the alerts when a fold first adds the total past it',
    { timeout: 60_000 },
    async () => {
      process.env.WEBHOOK_ENDPOINT_CACHE_SECONDS = '0';
      // An enabled alert subscribed to milestones (its deliveries go nowhere: only the event is checked here).
      const alert = db.collection(COLLECTIONS.webhooks).doc(`milestone-${randomUUID().slice(0, 8)}`);
      await alert.set({
        url: 'http://127.0.0.1:9/slack/T/B/x',
        kind: 'slack',
        events: ['signups.milestone'],
        enabled: true,
        description: 'milestones',
        createdAt: Date.now(),
        createdBy: 'test',
        updatedAt: Date.now(),
      });
      const event = db
        .collection(COLLECTIONS.webhookEvents)
        .doc(webhookEventId('signups.milestone', '100000'));
      const jump = signupCountChange(db, 1);
      try {
        // A change of 100,000 at once (no test has that many signups), folded like any other, then undone.
        await jump.ref.create({ ...jump.data, count: 100_000 });
        await vi.waitFor(
          async () => {
            await foldSignupCountWhenDue(db);
            expect((await jump.ref.get()).exists).toBe(false);
          },
          { timeout: 20_000, interval: FOLD_SPACING_MS },
        );
        const body = JSON.parse(String((await event.get()).get('body'))) as { type: string; data: unknown };
        expect(body.type).toBe('signups.milestone');
        expect(body.data).toMatchObject({ milestone: 100_000, total: expect.any(Number) });
        expect((await event.get()).get('subjects')).toEqual([]);
      } finally {
        const undo = signupCountChange(db, -1);
        await undo.ref.create({ ...undo.data, count: -100_000 });
        await alert.delete();
      }
    },
  );
});
