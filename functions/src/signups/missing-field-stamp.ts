// The maintenance's stamp of a field a signup's writer may have left out (`updatedAt`, the first signup
// time): a count tells whether any signup lacks it, and only then are the signups scanned.
import { COLLECTIONS } from '@silk/schema/constants';
import type { DocumentData, Firestore, QueryDocumentSnapshot, UpdateData } from 'firebase-admin/firestore';
import { GrpcStatus, hasGrpcStatus } from '../shared/grpc-status';

export interface MissingFieldStamp {
  /** The field stamped: a count() of the signups ordered by it leaves out those without it. */
  field: string;
  /** The fields read of each signup scanned: what `has` and `stamp` look at. */
  read: readonly string[];
  has: (signup: QueryDocumentSnapshot) => boolean;
  /** The update that stamps the field on a signup without it. */
  stamp: (signup: QueryDocumentSnapshot) => UpdateData<DocumentData>;
}

/**
 * Stamps `field` on every signup without it. A count() of the signups ordered by it (which leaves out
 * those without it) tells whether any is missing; only then are the signups scanned, reading only `read`.
 * Returns how many were stamped.
 */
export async function stampMissingField(
  db: Firestore,
  { field, read, has, stamp }: MissingFieldStamp,
): Promise<number> {
  const signups = db.collection(COLLECTIONS.waitlistSignups);
  const [all, stamped] = await Promise.all([signups.count().get(), signups.orderBy(field).count().get()]);
  if (stamped.data().count >= all.data().count) return 0;
  const writer = db.bulkWriter();
  // A signup changed or deleted meanwhile (the precondition fails) is left to that write's trigger.
  writer.onWriteError(
    (error) =>
      !hasGrpcStatus(error, GrpcStatus.FAILED_PRECONDITION, GrpcStatus.NOT_FOUND) &&
      error.failedAttempts < 10,
  );
  const writes: Promise<unknown>[] = [];
  for await (const signup of signups.select(...read).stream() as AsyncIterable<QueryDocumentSnapshot>) {
    if (has(signup)) continue;
    writes.push(writer.update(signup.ref, stamp(signup), { lastUpdateTime: signup.updateTime }));
  }
  await writer.close();
  return (await Promise.allSettled(writes)).filter((write) => write.status === 'fulfilled').length;
}
