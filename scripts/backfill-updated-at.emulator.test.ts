import { adminSdk } from '@silk/stack/admin-sdk';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { backfillUpdatedAt } from './backfill-updated-at';

const { db } = adminSdk();
// A collection of its own: the shared project's signups belong to other suites.
const collection = `backfill_${randomUUID().slice(0, 8)}`;
const signups = db.collection(collection);

describe('backfillUpdatedAt', () => {
  it('stamps legacy signups with their signup time (now when it has none or it lies ahead), leaves stamped ones alone, and is idempotent', async () => {
    const tag = randomUUID().slice(0, 8);
    const at = Timestamp.fromDate(new Date('2025-02-03T04:05:06Z'));
    const stampedAt = Timestamp.fromDate(new Date('2025-05-05T00:00:00Z'));
    const future = Timestamp.fromDate(new Date('2099-01-01T00:00:00Z'));
    await signups
      .doc(`future-${tag}@example.com`)
      .set({ email: `future-${tag}@example.com`, timestamp: future });
    await signups.doc(`legacy-${tag}@example.com`).set({ email: `legacy-${tag}@example.com`, timestamp: at });
    await signups.doc(`untimed-${tag}@example.com`).set({ email: `untimed-${tag}@example.com` });
    await signups
      .doc(`stamped-${tag}@example.com`)
      .set({ email: `stamped-${tag}@example.com`, timestamp: at, updatedAt: stampedAt });
    const before = Date.now();

    expect(await backfillUpdatedAt(db, collection)).toBe(3);
    const read = async (prefix: string) =>
      (await signups.doc(`${prefix}-${tag}@example.com`).get()).get('updatedAt') as Timestamp;
    expect((await read('legacy')).isEqual(at)).toBe(true);
    expect((await read('untimed')).toMillis()).toBeGreaterThanOrEqual(before - 1000);
    expect((await read('stamped')).isEqual(stampedAt)).toBe(true);
    expect((await read('future')).toMillis()).toBeLessThan(Date.now() + 60_000);

    await signups
      .doc(`fresh-${tag}@example.com`)
      .set({ email: `fresh-${tag}@example.com`, updatedAt: FieldValue.serverTimestamp() });
    expect(await backfillUpdatedAt(db, collection)).toBe(0);
  });
});
