import { COLLECTIONS, WAITLIST_RETRY_MS } from '@silk/schema/constants';
import { adminSdk } from '@silk/stack/admin-sdk';
import { ensureStaffMember } from '@silk/stack/staff';
import { signInWithEmailAndPassword } from 'firebase/auth';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sortNewestFirst, subscribeToSignups, type WaitlistSignupRow } from './signups';
import { deleteAllApps, freshServices, uniqueEmail, uniqueUsername } from './testing/emulator';

const admin = adminSdk();
const PASSWORD = 'Sup3r$ecret';
afterAll(deleteAllApps);
beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => vi.restoreAllMocks());

const signups = admin.db.collection(COLLECTIONS.waitlistSignups);

async function signedIn(staff: boolean) {
  const email = uniqueEmail(staff ? 'viewer' : 'selfmade', staff ? 'silk.travel' : 'example.com');
  if (staff) {
    await ensureStaffMember(admin.auth, admin.db, { email, username: uniqueUsername('Viewer'), roles: ['Staff'], password: PASSWORD });
  } else {
    // A verified address without a staff document: not staff until one is created.
    await admin.auth.createUser({ email, emailVerified: true, password: PASSWORD });
  }
  const services = freshServices();
  await signInWithEmailAndPassword(services.auth, email, PASSWORD);
  return { email, services };
}

/** Collects snapshots and lets a test wait for one that satisfies a condition. */
function collector() {
  const snapshots: Array<{ rows: WaitlistSignupRow[]; at: number }> = [];
  return {
    snapshots,
    onRows: (rows: WaitlistSignupRow[]) => snapshots.push({ rows, at: Date.now() }),
    waitFor: (predicate: (rows: WaitlistSignupRow[]) => boolean, timeout = 10_000) =>
      vi.waitFor(
        () => {
          const match = snapshots.find((snapshot) => predicate(snapshot.rows));
          if (!match) throw new Error('no matching snapshot yet');
          return match;
        },
        { timeout, interval: 25 },
      ),
  };
}

describe('subscribeToSignups (SPEC §4, §7, §8)', () => {
  it('streams all signups to staff, newest first, records without a timestamp last, live', async () => {
    const tag = uniqueEmail('tag').split('@')[0]!;
    const old = `${tag}-old@example.com`;
    const recent = `${tag}-recent@example.com`;
    const undated = `${tag}-undated@example.com`;
    await signups.doc(old).set({ email: old, timestamp: Timestamp.fromDate(new Date('2025-01-01T00:00:00Z')) });
    await signups.doc(recent).set({ email: recent, timestamp: Timestamp.fromDate(new Date('2025-06-01T00:00:00Z')) });
    await signups.doc(undated).set({ email: undated });
    const { services } = await signedIn(true);
    const sink = collector();
    const unsubscribe = subscribeToSignups(services, sink.onRows);
    try {
      const ours = (rows: WaitlistSignupRow[]) => rows.filter((row) => row.id.startsWith(tag)).map((row) => row.id);
      await sink.waitFor((rows) => ours(rows).length === 3);
      const first = sink.snapshots.find((snapshot) => ours(snapshot.rows).length === 3)!;
      expect(ours(first.rows)).toEqual([recent, old, undated]);
      expect(first.rows.find((row) => row.id === recent)).toMatchObject({ email: recent, id: recent });

      const newest = `${tag}-newest@example.com`;
      await signups.doc(newest).set({ email: newest, timestamp: Timestamp.now() });
      const live = await sink.waitFor((rows) => ours(rows).length === 4);
      expect(ours(live.rows)).toEqual([newest, recent, old, undated]);
    } finally {
      unsubscribe();
    }
  });

  it('retries after 1 s on permission-denied, and streams once the user is staff', async () => {
    const { email, services } = await signedIn(false);
    const sink = collector();
    const started = Date.now();
    const unsubscribe = subscribeToSignups(services, sink.onRows);
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(sink.snapshots).toHaveLength(0);
      await ensureStaffMember(admin.auth, admin.db, { email, username: uniqueUsername('Promoted'), roles: ['Staff'], password: PASSWORD });
      const first = await sink.waitFor(() => true, 15_000);
      expect(first.at - started).toBeGreaterThanOrEqual(WAITLIST_RETRY_MS);
      expect(console.error).not.toHaveBeenCalled();
    } finally {
      unsubscribe();
    }
  });

  it('stops retrying and streaming after unsubscribe', async () => {
    const { services } = await signedIn(false);
    const sink = collector();
    const unsubscribe = subscribeToSignups(services, sink.onRows, { retryDelayMs: 100 });
    await new Promise((resolve) => setTimeout(resolve, 250));
    unsubscribe();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sink.snapshots).toHaveLength(0);
  });
});

describe('sortNewestFirst', () => {
  it('orders by timestamp descending, untimed rows last by id', () => {
    const at = (iso: string) => ({ toMillis: () => Date.parse(iso) });
    const rows = [
      { id: 'b', email: 'b', timestamp: undefined },
      { id: 'c', email: 'c', timestamp: at('2025-01-01') },
      { id: 'a', email: 'a', timestamp: undefined },
      { id: 'd', email: 'd', timestamp: at('2025-03-01') },
    ] as WaitlistSignupRow[];
    expect(sortNewestFirst(rows).map((row) => row.id)).toEqual(['d', 'c', 'a', 'b']);
  });
});
