// Firestore's errors carry their gRPC status as `code`: a write that found its document gone or already
// there, or lost to another writer, is told apart from a failure by it.
import { GrpcStatus } from 'firebase-admin/firestore';

export { GrpcStatus };

/** Whether a Firestore error carries one of `statuses`. */
export function hasGrpcStatus(error: unknown, ...statuses: GrpcStatus[]): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return statuses.some((status) => status === code);
}
