// Plain edit keys stored before keys were hashed: the signup trigger and the 6-hourly maintenance
// replace each by its SHA-256, so no reader of a signup (or of its recent copy) finds a key.
import { COLLECTIONS } from '@silk/schema/constants';
import { hashEditKey } from '@silk/schema/edit-key';
import { adminSdk } from '@silk/stack/admin-sdk';
import { withoutBackgroundTriggers } from '@silk/stack/stack';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPlainEditKeys } from './edit-key-hash';
import { eventually } from '../../test-support/emulator';

const { db } = adminSdk();
const signups = db.collection(COLLECTIONS.waitlistSignups);
const recent = db.collection(COLLECTIONS.recentSignups);
const newEmail = () => `legacy-key-${randomUUID().slice(0, 8)}@example.com`;
const plainKey = () => `k${randomUUID().replaceAll('-', '')}`;

// Generous: after a whole suite, the runs other files' writes left queued go before this signup's.
const TRIGGER_TIMEOUT_MS = 60_000;

describe('plain edit keys from before keys were hashed', () => {
  it("the trigger replaces a signup's plain key by its hash, in the signup and its recent copy", async () => {
    const email = newEmail();
    const key = plainKey();
    await signups.doc(email).set({
      email,
      editKey: key,
      timestamp: FieldValue.serverTimestamp(),
      updatedAt: FieldValue.serverTimestamp(),
    });
    const signup = await eventually(
      () => signups.doc(email).get(),
      (snapshot) => snapshot.get('editKey') === undefined,
      TRIGGER_TIMEOUT_MS,
    );
    expect(signup.get('editKeyHash')).toBe(await hashEditKey(key));
    const copy = await eventually(
      () => recent.doc(email).get(),
      (snapshot) => snapshot.get('editKeyHash') !== undefined,
      TRIGGER_TIMEOUT_MS,
    );
    expect(copy.get('editKey')).toBeUndefined();
    expect(JSON.stringify(copy.data())).not.toContain(key);
  }, 150_000);

  it('the maintenance replaces the plain keys the trigger never saw, stamping the change, and keeps a newer hash', async () => {
    const [email, withHash] = [newEmail(), newEmail()];
    const [key, oldKey] = [plainKey(), plainKey()];
    const newer = await hashEditKey(plainKey());
    const at = Timestamp.fromMillis(Date.now() - 3600_000);
    await withoutBackgroundTriggers(async () => {
      await signups.doc(email).set({ email, editKey: key, timestamp: at, updatedAt: at });
      await signups
        .doc(withHash)
        .set({ email: withHash, editKey: oldKey, editKeyHash: newer, timestamp: at, updatedAt: at });
    });
    expect(await hashPlainEditKeys(db)).toBeGreaterThanOrEqual(2);
    const [converted, kept] = await Promise.all([signups.doc(email).get(), signups.doc(withHash).get()]);
    expect(converted.get('editKey')).toBeUndefined();
    expect(converted.get('editKeyHash')).toBe(await hashEditKey(key));
    expect((converted.get('updatedAt') as Timestamp).toMillis()).toBeGreaterThan(at.toMillis());
    expect(kept.get('editKey')).toBeUndefined();
    expect(kept.get('editKeyHash')).toBe(newer);
    expect(await hashPlainEditKeys(db)).toBe(0);
  });
});
