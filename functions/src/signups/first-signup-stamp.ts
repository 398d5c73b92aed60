// The first signup time (shared/first-signup.ts) of a signup a writer left without one — the browser's
// landing write before its /api/subscribe call, the console, a script — is stamped by the signup trigger
// (server-stamps.ts), and here by the 6-hourly maintenance for any the trigger missed (and for a list from
// before the field), so that everyone has a place in line without anyone acting. The panel does not show the field, so the stamp
// leaves `updatedAt` alone: an open panel is not sent the row again for it.
import { COLLECTIONS } from '@silk/schema/constants';
import type { Firestore, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { FIRST_SIGNUP_FIELD, firstSignupUpdate, hasFirstSignup } from '../shared/first-signup';
import { GrpcStatus, hasGrpcStatus } from '../shared/grpc-status';

/**
 * Stamps every signup without a first signup time. A count() of the signups ordered by it (which leaves
 * out those without it) tells whether any is missing; only then are the signups scanned, reading the two
 * fields it is made of. Returns how many were stamped.
 */
export async function stampMissingFirstSignups(db: Firestore): Promise<number> {
  const signups = db.collection(COLLECTIONS.waitlistSignups);
  const [all, stamped] = await Promise.all([
    signups.count().get(),
    signups.orderBy(FIRST_SIGNUP_FIELD).count().get(),
  ]);
  if (stamped.data().count >= all.data().count) return 0;
  const writer = db.bulkWriter();
  // A signup changed or deleted meanwhile (the precondition fails) is left to that write's trigger.
  writer.onWriteError(
    (error) =>
      !hasGrpcStatus(error, GrpcStatus.FAILED_PRECONDITION, GrpcStatus.NOT_FOUND) &&
      error.failedAttempts < 10,
  );
  const writes: Promise<unknown>[] = [];
  for await (const document of signups
    .select(FIRST_SIGNUP_FIELD, 'timestamp')
    .stream() as AsyncIterable<QueryDocumentSnapshot>) {
    if (hasFirstSignup(document)) continue;
    writes.push(
      writer.update(document.ref, firstSignupUpdate(document), { lastUpdateTime: document.updateTime }),
    );
  }
  await writer.close();
  return (await Promise.allSettled(writes)).filter((write) => write.status === 'fulfilled').length;
}
