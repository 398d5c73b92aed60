// The panel's feeds kept by the trigger on every signup write (signup-feeds.ts): the recent copy,
// the tombstone (named by the id's hash only), `updatedAt` stamped on a signup written without it, and the
// scheduled repairs.
import { COLLECTIONS, RECENT_SIGNUPS_KEPT_HOURS } from '@silk/schema/constants';
import { adminSdk } from '@silk/stack/admin-sdk';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { withoutBackgroundTriggers } from '@silk/stack/stack';
import {
  recordSignupDeletion,
  recordSignupWrite,
  refreshRecentSignups,
  stampMissingUpdatedAt,
  writeRecentCopies,
} from './signup-feeds';
import { addressHash } from '../subscribers/erasure';
import { eventually } from '../../test-support/emulator';

const { db } = adminSdk();
const signups = db.collection(COLLECTIONS.waitlistSignups);
const recent = db.collection(COLLECTIONS.recentSignups);
const tombstones = db.collection(COLLECTIONS.signupDeletions);
const shardSum = async () =>
  (await db.collection(COLLECTIONS.signupCounts).get()).docs.reduce(
    (sum, shard) => sum + Number(shard.get('count') ?? 0),
    0,
  );
const newEmail = () => `feed-${randomUUID().slice(0, 8)}@example.com`;
const write = (email: string, fields: Record<string, unknown> = {}) =>
  signups
    .doc(email)
    .set(
      { email, timestamp: FieldValue.serverTimestamp(), updatedAt: FieldValue.serverTimestamp(), ...fields },
      { merge: true },
    );
/** The signup's recent copy, once the trigger has written it. */
const recentCopy = (email: string) =>
  eventually(
    () => recent.doc(email).get(),
    (snapshot) => snapshot.exists,
  );

describe('signup feeds (the trigger on waitlist_signups)', () => {
  it('keeps a recent copy of each written signup, expiring RECENT_SIGNUPS_KEPT_HOURS after its change', async () => {
    const email = newEmail();
    await write(email, { travelFrequency: 'Monthly' });
    const copy = await recentCopy(email);
    const updatedAt = (copy.get('updatedAt') as Timestamp).toMillis();
    expect(copy.get('travelFrequency')).toBe('Monthly');
    expect((copy.get('expiresAt') as Timestamp).toMillis()).toBe(
      updatedAt + RECENT_SIGNUPS_KEPT_HOURS * 3600_000,
    );
    await write(email, { travelFrequency: 'Weekly' });
    await eventually(
      () => recent.doc(email).get(),
      (snapshot) => snapshot.get('travelFrequency') === 'Weekly',
    );
  });

  it('leaves a tombstone with the server time, without the address, and removes the recent copy when a signup is deleted', async () => {
    const email = newEmail();
    await write(email);
    await recentCopy(email);
    const before = Date.now();
    await signups.doc(email).delete();
    const tombstone = await eventually(
      () => tombstones.doc(addressHash(email)).get(),
      (snapshot) => snapshot.exists,
    );
    const deletedAt = (tombstone.get('deletedAt') as Timestamp).toMillis();
    expect(deletedAt).toBeGreaterThanOrEqual(before - 1000);
    expect((tombstone.get('expiresAt') as Timestamp).toMillis()).toBeGreaterThan(
      deletedAt + 29 * 24 * 3600 * 1000,
    );
    expect(JSON.stringify(tombstone.data())).not.toContain(email);
    expect(tombstone.id).toMatch(/^[0-9a-f]{64}$/);
    expect((await recent.doc(email).get()).exists).toBe(false);
  });

  it('writes no tombstone when the signup exists again (its new version reaches the panels as a change)', async () => {
    const email = newEmail();
    await write(email);
    await recordSignupDeletion(db, email);
    expect((await tombstones.doc(addressHash(email)).get()).exists).toBe(false);
  });

  it('rewrites the recent copies of signups changed in the window (the scheduled repair), and no older ones', async () => {
    const email = newEmail();
    await write(email);
    await recentCopy(email);
    await recent.doc(email).delete();
    const old = newEmail();
    const longAgo = Timestamp.fromMillis(Date.now() - (RECENT_SIGNUPS_KEPT_HOURS + 1) * 3600_000);
    await signups.doc(old).set({ email: old, timestamp: longAgo, updatedAt: longAgo });
    expect(await refreshRecentSignups(db)).toBeGreaterThanOrEqual(1);
    expect((await recent.doc(email).get()).exists).toBe(true);
    expect((await recent.doc(old).get()).exists).toBe(false);
  });

  it('writes no recent copy for a signup deleted after the refresh found it', async () => {
    const kept = newEmail();
    const gone = newEmail();
    // Written and the second deleted without the trigger: no copy exists, and none may come back.
    await withoutBackgroundTriggers(async () => {
      await write(kept);
      await write(gone);
      await signups.doc(gone).delete();
    });
    try {
      expect(await writeRecentCopies(db, [kept, gone])).toBe(1);
      expect((await recent.doc(kept).get()).get('email')).toBe(kept);
      expect((await recent.doc(gone).get()).exists).toBe(false);
    } finally {
      await withoutBackgroundTriggers(() =>
        Promise.all([signups.doc(kept).delete(), recent.doc(kept).delete()]),
      );
    }
  });

  it('writes no recent copy when a change is handled after the signup was deleted (events out of order)', async () => {
    const gone = newEmail();
    // The change as its event carries it, handled once the deletion (and its trigger) has run.
    const changed = Timestamp.now();
    await withoutBackgroundTriggers(async () => {
      await write(gone);
      await signups.doc(gone).delete();
    });
    await recordSignupWrite(db, gone, { email: gone, timestamp: changed, updatedAt: changed }, false);
    expect((await recent.doc(gone).get()).exists).toBe(false);
  });

  it('stamps the server time on a signup written without updatedAt (its recent copy carries it) and counts it once', async () => {
    // Earlier writes' triggers have run once this one's has (the emulator runs them in turn).
    const fence = newEmail();
    await write(fence);
    await recentCopy(fence);
    const before = await shardSum();
    const email = newEmail();
    const written = Date.now();
    // As the console or a script would: no updatedAt.
    await signups
      .doc(email)
      .set({ email, timestamp: FieldValue.serverTimestamp(), travelFrequency: 'Monthly' });
    const stamped = await eventually(
      () => signups.doc(email).get(),
      (snapshot) => snapshot.get('updatedAt') instanceof Timestamp,
    );
    const updatedAt = (stamped.get('updatedAt') as Timestamp).toMillis();
    expect(updatedAt).toBeGreaterThanOrEqual(written - 1000);
    const copy = await recentCopy(email);
    expect((copy.get('updatedAt') as Timestamp).toMillis()).toBe(updatedAt);
    expect(copy.get('travelFrequency')).toBe('Monthly');
    // A later write of ours, once its copy is in, shows the stamp's own trigger has run too: still counted once.
    await write(email, { travelFrequency: 'Weekly' });
    await eventually(
      () => recent.doc(email).get(),
      (snapshot) => snapshot.get('travelFrequency') === 'Weekly',
    );
    expect(await shardSum()).toBe(before + 1);
    expect(
      ((await signups.doc(email).get()).get('updatedAt') as Timestamp).toMillis(),
    ).toBeGreaterThanOrEqual(updatedAt);
  });

  it('stamps a signup whose updatedAt is not a timestamp', async () => {
    const email = newEmail();
    await signups.doc(email).set({ email, timestamp: FieldValue.serverTimestamp(), updatedAt: '2024-01-01' });
    await eventually(
      () => signups.doc(email).get(),
      (snapshot) => snapshot.get('updatedAt') instanceof Timestamp,
    );
    await eventually(
      () => recent.doc(email).get(),
      (snapshot) => snapshot.get('updatedAt') instanceof Timestamp,
    );
  });

  it('stamps the signups written without updatedAt while the trigger did not run (the scheduled repair), and no others', async () => {
    const missed = newEmail();
    const kept = newEmail();
    const keptAt = Timestamp.fromMillis(Date.now() - 3600_000);
    await withoutBackgroundTriggers(async () => {
      await signups.doc(missed).set({ email: missed, timestamp: FieldValue.serverTimestamp() });
      await signups.doc(kept).set({ email: kept, timestamp: keptAt, updatedAt: keptAt });
    });
    expect(await stampMissingUpdatedAt(db)).toBeGreaterThanOrEqual(1);
    expect((await signups.doc(missed).get()).get('updatedAt')).toBeInstanceOf(Timestamp);
    expect(((await signups.doc(kept).get()).get('updatedAt') as Timestamp).isEqual(keptAt)).toBe(true);
    // The stamp's trigger writes the recent copy; nothing is left to stamp.
    await recentCopy(missed);
    expect(await stampMissingUpdatedAt(db)).toBe(0);
  });

  it('keeps the copy and the tombstone of a signup whose address holds letters beyond ASCII under its own id', async () => {
    const email = `josé-${randomUUID().slice(0, 8)}@exämple.es`;
    await write(email, { travelFrequency: 'Monthly' });
    await recentCopy(email);
    expect((await recent.where('email', '==', email).get()).docs.map((copy) => copy.id)).toEqual([email]);
    await signups.doc(email).delete();
    await eventually(
      () => recent.doc(email).get(),
      (snapshot) => !snapshot.exists,
    );
    await eventually(
      () => tombstones.doc(addressHash(email)).get(),
      (snapshot) => snapshot.exists,
    );
  });
});
