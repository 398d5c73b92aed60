// Gives every signup written before the admin panel followed changes an `updatedAt` (its signup time,
// or now when it has none), so the panel's reads by `updatedAt` see it. Run once against the project
// before deploying the new panel; running it again changes nothing. Usage: pnpm signups:backfill
// (Application Default Credentials, or the emulator when FIRESTORE_EMULATOR_HOST is set).
import { COLLECTIONS } from '@silk/schema/constants';
import { adminSdk } from '@silk/stack/admin-sdk';
import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';

const PAGE = 500;

/** Returns how many signups got an `updatedAt` (`collection`: tests give one of their own). */
export async function backfillUpdatedAt(
  db: Firestore,
  collection: string = COLLECTIONS.waitlistSignups,
): Promise<number> {
  const signups = db.collection(collection);
  const now = Timestamp.now();
  let updated = 0;
  let last: FirebaseFirestore.QueryDocumentSnapshot | undefined;
  for (;;) {
    const page = await (last ? signups.orderBy('__name__').startAfter(last) : signups.orderBy('__name__'))
      .limit(PAGE)
      .get();
    const batch = db.batch();
    let writes = 0;
    for (const document of page.docs) {
      if (document.get('updatedAt') !== undefined) continue;
      const timestamp: unknown = document.get('timestamp');
      // A signup time in the future (a hand-made record) would blind the panels' changes feed until then.
      const known =
        timestamp instanceof Timestamp && timestamp.toMillis() <= now.toMillis()
          ? timestamp
          : FieldValue.serverTimestamp();
      // The precondition keeps a concurrent write (which stamps its own updatedAt) from being overwritten.
      batch.update(document.ref, { updatedAt: known }, { lastUpdateTime: document.updateTime });
      writes += 1;
    }
    if (writes > 0) await batch.commit();
    updated += writes;
    if (page.size < PAGE) return updated;
    last = page.docs[page.docs.length - 1];
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const count = await backfillUpdatedAt(adminSdk().db);
  console.log(`updatedAt added to ${count} signup(s).`);
}
