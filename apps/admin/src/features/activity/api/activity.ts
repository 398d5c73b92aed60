// The audit log for the Activity tab, live from Firestore (Admins may read it; only server code writes
// it), and the count of the security log's anonymous events, kept apart from it.
import {
  listenToAuditLog,
  listenToSecurityEventCount,
  type AuditEntryRow,
} from '@silk/data-access/audit-log';
import { adminServices } from '@/lib/services';

export type { AuditEntryRow } from '@silk/data-access/audit-log';

/** Newest first; returns the unsubscribe function. */
export function watchActivity(
  onEntries: (entries: AuditEntryRow[]) => void,
  onError: (error: Error) => void,
): () => void {
  return listenToAuditLog(adminServices(), onEntries, onError);
}

/** The anonymous security events of the last 24 hours; returns the unsubscribe function. */
export function watchSecurityEvents(
  onCount: (count: number) => void,
  onError: (error: Error) => void,
): () => void {
  return listenToSecurityEventCount(adminServices(), onCount, onError);
}
