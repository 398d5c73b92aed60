// The audit log for the Activity tab, live from Firestore (Admins may read it; only server code writes it).
import { listenToAuditLog, type AuditEntryRow } from '@silk/data-access/audit-log';
import { adminServices } from '@/lib/services';

export type { AuditEntryRow } from '@silk/data-access/audit-log';

/** Newest first; returns the unsubscribe function. */
export function watchActivity(
  onEntries: (entries: AuditEntryRow[]) => void,
  onError: (error: Error) => void,
): () => void {
  return listenToAuditLog(adminServices(), onEntries, onError);
}
