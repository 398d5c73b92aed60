// Audit trail: audit_log entries {actor, action, target, at, details}, written by functions only.
import { COLLECTIONS } from '@silk/schema/constants';
import type { AuditAction } from '@silk/schema/roles';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';

export interface AuditEntry {
  actor: string;
  action: AuditAction;
  target: string;
  details: Record<string, unknown>;
}

export async function writeAudit(db: Firestore, entry: AuditEntry): Promise<void> {
  await db.collection(COLLECTIONS.auditLog).add({ ...entry, at: FieldValue.serverTimestamp() });
}
