// The audit trail for the Activity tab: newest first, live. Written by server code only; the rules let
// Admins read it.
import { COLLECTIONS } from '@silk/schema/constants';
import {
  collection,
  limit,
  onSnapshot,
  orderBy,
  query,
  type Timestamp,
  type Unsubscribe,
} from 'firebase/firestore';
import type { AdminServices } from './admin-firebase';

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

export function listenToAuditLog(
  services: AdminServices,
  onEntries: (entries: AuditEntryRow[]) => void,
  onError: (error: Error) => void,
): Unsubscribe {
  const newest = query(
    collection(services.db, COLLECTIONS.auditLog),
    orderBy('at', 'desc'),
    limit(AUDIT_LOG_WINDOW),
  );
  return onSnapshot(
    newest,
    (snapshot) =>
      onEntries(
        snapshot.docs.map((doc) => {
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
      ),
    onError,
  );
}
