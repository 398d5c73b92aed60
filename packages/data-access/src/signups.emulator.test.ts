// The admin panel's signups through the real SDK against the emulators: the cold load (count, newest
// page, background pages), live changes, deletions through the tombstone trigger, and a repeat open that
// reads only what changed since the browser's copy was last brought up to date (fake-indexeddb).
import 'fake-indexeddb/auto';
import { COLLECTIONS, WAITLIST_RETRY_MS } from '@silk/schema/constants';
import { adminSdk } from '@silk/stack/admin-sdk';
import { ensureStaffMember } from '@silk/stack/staff';
import { signInWithEmailAndPassword } from 'firebase/auth';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteSignupsCache, indexedDbSignupsCache } from './signups-cache';
import { subscribeToSignups, type SignupsSnapshot, type WaitlistSignupRow } from './signups';
import {
  deleteAllApps,
  freshServices,
  TEST_PASSWORD,
  uniqueEmail,
  uniqueUsername,
} from '../test-support/emulator';

const admin = adminSdk();
const PROJECT_ID = process.env.GCLOUD_PROJECT ?? 'demo-silk';
// Pages small enough that the seed alone spans several, large enough for a shared project's whole collection.
const PAGING = { pageSize: 100, firstPageSize: 10 };
/** The paging, with the browser's copy (IndexedDB) of the signed-in `uid`. */
const withCopyOf = (uid: string) => ({
  ...PAGING,
  cache: indexedDbSignupsCache({ uid, projectId: PROJECT_ID }),
  uid,
  projectId: PROJECT_ID,
});
/**
 * How long a wait may take. Now and then the emulator's gRPC stream to Node hands the SDK a garbled
 * frame ("RESOURCE_EXHAUSTED: Received message larger than max (554173202 vs 17825792)"); the SDK
 * reconnects on its own, after its maximum backoff of 60 s. Browsers (WebChannel) do not see it.
 */
const SDK_RECOVERY_MS = 100_000;
afterAll(deleteAllApps);
beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(async () => {
  vi.restoreAllMocks();
  await deleteSignupsCache();
});

const signups = admin.db.collection(COLLECTIONS.waitlistSignups);
const tag = uniqueEmail('sync').split('@')[0]!;
const ours = (rows: readonly WaitlistSignupRow[] | null) =>
  (rows ?? []).filter((row) => row.id.startsWith(tag));

/** What a writer stores: server code and browsers both stamp updatedAt with the server time. */
function write(email: string, fields: Record<string, unknown> = {}) {
  return signups
    .doc(email)
    .set(
      { email, timestamp: FieldValue.serverTimestamp(), updatedAt: FieldValue.serverTimestamp(), ...fields },
      { merge: true },
    );
}

async function signedIn(staff: boolean) {
  const email = uniqueEmail(staff ? 'viewer' : 'selfmade', staff ? 'silk.travel' : 'example.com');
  if (staff) {
    await ensureStaffMember(admin.auth, admin.db, {
      email,
      username: uniqueUsername('Viewer'),
      roles: ['Staff'],
      password: TEST_PASSWORD,
    });
  } else {
    // A verified address without a staff document: not staff until one is created.
    await admin.auth.createUser({ email, emailVerified: true, password: TEST_PASSWORD });
  }
  const services = freshServices();
  const { user } = await signInWithEmailAndPassword(services.auth, email, TEST_PASSWORD);
  return { email, uid: user.uid, services };
}

/** Collects snapshots and lets a test wait for one that satisfies a condition. */
function collector() {
  const snapshots: Array<SignupsSnapshot & { at: number }> = [];
  return {
    snapshots,
    onChange: (snapshot: SignupsSnapshot) => snapshots.push({ ...snapshot, at: Date.now() }),
    latest: () => snapshots[snapshots.length - 1],
    /** The first snapshot that satisfies `predicate`, among those from index `from` on. */
    waitFor: (predicate: (snapshot: SignupsSnapshot) => boolean, timeout = SDK_RECOVERY_MS, from = 0) =>
      vi.waitFor(
        () => {
          const match = snapshots.slice(from).find(predicate);
          if (!match) {
            const last = snapshots[snapshots.length - 1];
            const errors = vi.mocked(console.error).mock.calls.map((call) => call.map(String).join(' '));
            throw new Error(
              `no matching snapshot yet (${snapshots.length} so far; last: ${last?.rows?.length ?? 'no'} rows, complete ${String(last?.complete)}; errors: ${errors.join(' | ') || 'none'})`,
            );
          }
          return match;
        },
        { timeout, interval: 25 },
      ),
  };
}

const SEEDED = 120;
beforeAll(async () => {
  const batch = admin.db.batch();
  const base = Date.parse('2025-03-01T00:00:00Z');
  for (let index = 0; index < SEEDED; index += 1) {
    const email = `${tag}-${String(index).padStart(3, '0')}@example.com`;
    const at = Timestamp.fromMillis(base + index * 60_000);
    batch.set(signups.doc(email), { email, timestamp: at, updatedAt: at, travelFrequency: 'Monthly' });
  }
  await batch.commit();
});

// A shared project's whole collection is read in pages; each page costs the emulator a scan of it all.
describe('subscribeToSignups: cold open', { timeout: 3 * SDK_RECOVERY_MS }, () => {
  it('shows the count and the newest rows first, then every signup in pages, newest first, with Dates', async () => {
    const { services } = await signedIn(true);
    const sink = collector();
    const unsubscribe = subscribeToSignups(services, sink.onChange, PAGING);
    try {
      const first = await sink.waitFor((snapshot) => snapshot.rows !== null);
      // Every signup the panel can see: those with updatedAt (records written before it are backfilled).
      const total = (await signups.where('updatedAt', '>=', Timestamp.fromMillis(0)).count().get()).data()
        .count;
      expect(first.complete).toBe(false);
      // The shards' total, kept by triggers (it may trail a bulk write by a moment); exact once every row is in.
      expect(first.total).toEqual(expect.any(Number));
      expect(first.rows!.length).toBeLessThanOrEqual(PAGING.firstPageSize);
      const done = await sink.waitFor((snapshot) => snapshot.complete);
      expect(done.total).toBe(done.rows!.length);
      expect(done.rows!.length).toBeGreaterThanOrEqual(total);
      expect(done.serverDocs).toBeGreaterThanOrEqual(total);
      const mine = ours(done.rows);
      expect(mine).toHaveLength(SEEDED);
      expect(mine[0]!.id).toBe(`${tag}-${String(SEEDED - 1).padStart(3, '0')}@example.com`);
      expect(mine[0]!.timestamp).toBeInstanceOf(Date);
      expect(mine[0]!.updatedAt).toBeInstanceOf(Date);
    } finally {
      unsubscribe();
    }
  });

  it('shows a new signup and a changed one without a reload, and drops a signup deleted through the Admin SDK', async () => {
    const { services } = await signedIn(true);
    const sink = collector();
    const unsubscribe = subscribeToSignups(services, sink.onChange, PAGING);
    try {
      await sink.waitFor((snapshot) => snapshot.complete);
      const added = `${tag}-live@example.com`;
      const changed = `${tag}-005@example.com`;
      const deleted = `${tag}-006@example.com`;
      await write(added);
      await sink.waitFor((snapshot) => ours(snapshot.rows).some((row) => row.id === added));
      await write(changed, { travelFrequency: 'Weekly' });
      await sink.waitFor(
        (snapshot) => ours(snapshot.rows).find((row) => row.id === changed)?.travelFrequency === 'Weekly',
      );
      // Seeded long before the panel opened, so only the deletions feed can take it out.
      const before = sink.snapshots.length;
      await signups.doc(deleted).delete();
      const after = await sink.waitFor(
        (snapshot) => !ours(snapshot.rows).some((row) => row.id === deleted),
        SDK_RECOVERY_MS,
        before,
      );
      expect(after.total).toBe(after.rows!.length);
    } finally {
      unsubscribe();
      await signups.doc(`${tag}-live@example.com`).delete();
    }
  });
});

describe(
  'subscribeToSignups: a recent copy that outlived its signup',
  { timeout: 3 * SDK_RECOVERY_MS },
  () => {
    it('shows it among the first rows, then drops it once every signup is read, from the browser copy too', async () => {
      const { services, uid } = await signedIn(true);
      // As a copy is left when its signup's deletion trigger has not run (yet): no signup, no tombstone.
      const ghost = `${tag}-ghost@example.com`;
      const copy = admin.db.collection(COLLECTIONS.recentSignups).doc(ghost);
      const now = Timestamp.now();
      await copy.set({
        email: ghost,
        timestamp: now,
        updatedAt: now,
        expiresAt: Timestamp.fromMillis(Date.now() + 3600_000),
      });
      const sink = collector();
      const first = subscribeToSignups(services, sink.onChange, withCopyOf(uid));
      try {
        const shown = await sink.waitFor((snapshot) => snapshot.rows !== null);
        expect(ours(shown.rows).map((row) => row.id)).toContain(ghost);
        const done = await sink.waitFor((snapshot) => snapshot.complete);
        expect(ours(done.rows).map((row) => row.id)).not.toContain(ghost);
        expect(done.total).toBe(done.rows!.length);
        await first();

        const reopened = collector();
        const again = subscribeToSignups(services, reopened.onChange, withCopyOf(uid));
        const fromCopy = await reopened.waitFor(() => true);
        await again();
        expect(fromCopy.serverDocs).toBe(0);
        expect(ours(fromCopy.rows).map((row) => row.id)).not.toContain(ghost);
      } finally {
        await first();
        await copy.delete();
      }
    });
  },
);

describe('subscribeToSignups: repeat open with the browser copy', { timeout: 3 * SDK_RECOVERY_MS }, () => {
  it('reads only the changes and deletions since the copy was saved', async () => {
    const { services, uid } = await signedIn(true);
    const firstSink = collector();
    const first = subscribeToSignups(services, firstSink.onChange, withCopyOf(uid));
    const loaded = await firstSink.waitFor((snapshot) => snapshot.complete);
    await first(); // settles once the copy is saved and closed

    const since = Date.now();
    const added = [`${tag}-again-a@example.com`, `${tag}-again-b@example.com`];
    const changed = `${tag}-010@example.com`;
    const deleted = `${tag}-011@example.com`;
    for (const email of added) await write(email);
    await write(changed, { travelFrequency: 'Rarely' });
    await signups.doc(deleted).delete();
    await vi.waitFor(
      async () =>
        expect(
          (
            await admin.db
              .collection(COLLECTIONS.signupDeletions)
              .where('deletedAt', '>=', Timestamp.fromMillis(since))
              .get()
          ).size,
        ).toBeGreaterThan(0),
      { timeout: 20_000, interval: 200 },
    );

    const sink = collector();
    const again = subscribeToSignups(services, sink.onChange, withCopyOf(uid));
    try {
      // The copy at once: every row, before any server answer.
      const fromCopy = await sink.waitFor(() => true);
      expect(fromCopy.serverDocs).toBe(0);
      expect(fromCopy.rows!.length).toBe(loaded.rows!.length);
      const current = await sink.waitFor(
        (snapshot) =>
          snapshot.complete &&
          added.every((email) => ours(snapshot.rows).some((row) => row.id === email)) &&
          !ours(snapshot.rows).some((row) => row.id === deleted),
      );
      expect(ours(current.rows).find((row) => row.id === changed)?.travelFrequency).toBe('Rarely');
      // What the server could have sent: documents written since the copy, and tombstones since about then.
      const cursor = Math.max(...loaded.rows!.map((row) => (row.updatedAt as Date).getTime()));
      const changes = (await signups.where('updatedAt', '>=', Timestamp.fromMillis(cursor)).get()).size;
      // The deletions feed was followed from the newest row of the first page on.
      const followedFrom = Math.max(
        ...firstSink.snapshots
          .find((snapshot) => snapshot.rows !== null)!
          .rows!.map((row) => (row.updatedAt as Date).getTime()),
      );
      const tombstones = (
        await admin.db
          .collection(COLLECTIONS.signupDeletions)
          .where('deletedAt', '>=', Timestamp.fromMillis(followedFrom))
          .get()
      ).size;
      expect(current.serverDocs).toBeGreaterThanOrEqual(added.length + 1);
      expect(current.serverDocs).toBeLessThanOrEqual(changes + tombstones);
      expect(current.serverDocs).toBeLessThan(SEEDED);
    } finally {
      again();
      for (const email of added) await signups.doc(email).delete();
    }
  });

  it('does not use a copy that belongs to another account', async () => {
    const { services, uid } = await signedIn(true);
    const cache = indexedDbSignupsCache({ uid: 'someone-else', projectId: PROJECT_ID });
    await cache.write({
      put: [{ id: 'ghost@example.com', email: 'ghost@example.com' }],
      meta: {
        uid: 'someone-else',
        projectId: PROJECT_ID,
        changesThrough: Date.now(),
        deletionsThrough: Date.now(),
        savedAt: Date.now(),
      },
    });
    cache.close();
    const sink = collector();
    const unsubscribe = subscribeToSignups(services, sink.onChange, withCopyOf(uid));
    try {
      const done = await sink.waitFor((snapshot) => snapshot.complete);
      expect(done.rows!.some((row) => row.id === 'ghost@example.com')).toBe(false);
      expect(
        sink.snapshots.some((snapshot) => snapshot.rows?.some((row) => row.id === 'ghost@example.com')),
      ).toBe(false);
    } finally {
      unsubscribe();
    }
  });
});

describe('subscribeToSignups: access', () => {
  it('retries after 1 s on permission-denied, and loads once the user is staff', async () => {
    const { email, services } = await signedIn(false);
    const sink = collector();
    const started = Date.now();
    const unsubscribe = subscribeToSignups(services, sink.onChange, PAGING);
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(sink.snapshots).toHaveLength(0);
      await ensureStaffMember(admin.auth, admin.db, {
        email,
        username: uniqueUsername('Promoted'),
        roles: ['Staff'],
        password: TEST_PASSWORD,
      });
      const first = await sink.waitFor(() => true, 15_000);
      expect(first.at - started).toBeGreaterThanOrEqual(WAITLIST_RETRY_MS);
      expect(console.error).not.toHaveBeenCalled();
    } finally {
      unsubscribe();
    }
  });

  it('stops retrying after unsubscribe', async () => {
    const { services } = await signedIn(false);
    const sink = collector();
    const unsubscribe = subscribeToSignups(services, sink.onChange, { ...PAGING, retryDelayMs: 100 });
    await new Promise((resolve) => setTimeout(resolve, 250));
    unsubscribe();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sink.snapshots).toHaveLength(0);
  });
});
