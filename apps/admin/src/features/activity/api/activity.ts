// The audit log for the Activity tab, live from Firestore (Admins may read it; only server code writes
// it), and the count of the security log's anonymous events, kept apart from it.
import { listenToAuditLog, listenToSecurityEventCount } from '@silk/data-access/audit-log';
import { liveRead } from '@/lib/live-read';

export type { AuditEntryRow } from '@silk/data-access/audit-log';

/** Newest first; returns the unsubscribe function. */
export const watchActivity = liveRead(listenToAuditLog);

/** The anonymous security events of the last 24 hours; returns the unsubscribe function. */
export const watchSecurityEvents = liveRead(listenToSecurityEventCount);
