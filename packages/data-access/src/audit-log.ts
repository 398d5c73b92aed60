// The audit trail for the Activity tab: newest first, live, and the count of the security log's events.
// Written by server code only; the rules let Admins read them.
import { COLLECTIONS, SECURITY_EVENTS_SHOWN_HOURS } from '@silk/schema/constants';
import { collection, limit, orderBy, query, Timestamp, where, type Unsubscribe } from 'firebase/firestore';
import type { AdminServices } from './admin-firebase';
import { listenToQuery, queryListener } from './live-query';

export interface AuditEntryRow {
  id: string;
  actor: string;
  action: string;
  target: string;
  at: Date | null;
  details: Record<string, unknown>;
}

/** How many of the newest entries the tab follows. */
export const AUDIT_LOG_WINDOW = 500;

export const listenToAuditLog = queryListener(
  (db) => query(collection(db, COLLECTIONS.auditLog), orderBy('at', 'desc'), limit(AUDIT_LOG_WINDOW)),
  (documents): AuditEntryRow[] =>
    documents.map((doc) => {
      const data = doc.data();
      const at = data.at as Timestamp | null | undefined;
      return {
        id: doc.id,
        actor: String(data.actor ?? ''),
        action: String(data.action ?? ''),
        target: String(data.target ?? ''),
        at: at && typeof at.toDate === 'function' ? at.toDate() : null,
        details: (data.details as Record<string, unknown> | undefined) ?? {},
      };
    }),
);

/**
 * The number of anonymous callers' events (failed sign-ins, password-reset requests) of the last
 * SECURITY_EVENTS_SHOWN_HOURS, live: the sum of the security log's hourly counts (written by functions
 * only; Ready Admins may read them). The events themselves stay out of the audit trail.
 */
export function listenToSecurityEventCount(
  services: AdminServices,
  onCount: (count: number) => void,
  onError: (error: Error) => void,
  now: number = Date.now(),
): Unsubscribe {
  const since = Timestamp.fromMillis(now - SECURITY_EVENTS_SHOWN_HOURS * 3_600_000);
  const recent = query(
    collection(services.db, COLLECTIONS.securityLogCounts),
    where('windowStart', '>=', since),
  );
  return listenToQuery(
    recent,
    (documents) =>
      documents.reduce((sum, doc) => {
        const count = doc.get('count') as unknown;
        return sum + (typeof count === 'number' && Number.isFinite(count) ? count : 0);
      }, 0),
    onCount,
    onError,
  );
}
