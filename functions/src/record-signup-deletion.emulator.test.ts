// The deletions feed: the trigger's tombstone for a deleted signup, named by the id's hash only.
import { COLLECTIONS } from '@silk/schema/constants';
import { adminSdk } from '@silk/stack/admin-sdk';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { addressHash } from './mail/erasure';
import { recordSignupDeletion } from './record-signup-deletion';

const { db } = adminSdk();
const signups = db.collection(COLLECTIONS.waitlistSignups);
const tombstones = db.collection(COLLECTIONS.signupDeletions);
const newEmail = () => `gone-${randomUUID().slice(0, 8)}@example.com`;

describe('recordSignupDeletion', () => {
  it('leaves a tombstone with the server time and an expiry, without the address, when a signup is deleted', async () => {
    const email = newEmail();
    await signups.doc(email).set({ email, timestamp: FieldValue.serverTimestamp(), updatedAt: FieldValue.serverTimestamp() });
    const before = Date.now();
    await signups.doc(email).delete();
    // Written by the deployed trigger in the Functions emulator.
    const tombstone = await vi.waitFor(
      async () => {
        const snapshot = await tombstones.doc(addressHash(email)).get();
        if (!snapshot.exists) throw new Error('no tombstone yet');
        return snapshot;
      },
      { timeout: 15_000, interval: 100 },
    );
    const deletedAt = (tombstone.get('deletedAt') as Timestamp).toMillis();
    expect(deletedAt).toBeGreaterThanOrEqual(before - 1000);
    expect((tombstone.get('expiresAt') as Timestamp).toMillis()).toBeGreaterThan(deletedAt + 29 * 24 * 3600 * 1000);
    expect(JSON.stringify(tombstone.data())).not.toContain(email);
    expect(tombstone.id).toMatch(/^[0-9a-f]{64}$/);
  });

  it('writes no tombstone when the signup exists again (its new version reaches the panels as a change)', async () => {
    const email = newEmail();
    await signups.doc(email).set({ email, timestamp: FieldValue.serverTimestamp(), updatedAt: FieldValue.serverTimestamp() });
    await recordSignupDeletion(email);
    expect((await tombstones.doc(addressHash(email)).get()).exists).toBe(false);
  });
});
