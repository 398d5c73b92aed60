// The security log: what anonymous callers of the staff routes did (password-reset requests, failed
// sign-ins by username), kept apart from the audit trail, which records only what staff and the system
// did — so no caller can fill the Activity tab or put an action under a staff member's name.
//
// Bounded in size and in time:
//   - security_log/{id} entries: at most securityLog.maxEntriesPerHour an hour, admitted through a
//     rate-limit window of that many slots (http/rate-limit.ts), so a flood stores nothing beyond it;
//     each expires `retentionDays` after it was written (TTL on expiresAt, firestore.indexes.json).
//   - security_log_counts/{hour start}-{shard}: every event counted, stored or not, in one small
//     document per hour and shard (the writes of a burst spread over the shards); they expire too.
// Browsers read no entry (firestore.rules); Ready Admins read the counts, which the Activity tab sums.
// Recording never fails the caller's request: a write that fails is logged and the answer stays the same.
import { COLLECTIONS } from '@silk/schema/constants';
import { usernameKey } from '@silk/schema/validators';
import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions/logger';
import { createHash } from 'node:crypto';
import { consumeRateLimit } from '../http/rate-limit';
import type { ServerConfig } from '../shared/config';

export type SecurityEventKind = 'password.reset_requested' | 'sign_in.failed';

export interface SecurityEvent {
  kind: SecurityEventKind;
  /** What the caller typed (a username or an e-mail): stored as a hash only. */
  identifier: string;
  details: Record<string, string | number | boolean>;
}

export const SECURITY_LOG_EXPIRY_FIELD = 'expiresAt';
export const SECURITY_LOG_COUNT_SHARDS = 4;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The identifier as stored: a hash of its case-folded form (the same person in any case, one value). */
export function identifierHash(identifier: string): string {
  return createHash('sha256').update(usernameKey(identifier.trim())).digest('base64url');
}

export interface RecordedEvent {
  /** An entry was written (false once the hour's entries are all taken). */
  stored: boolean;
}

export async function recordSecurityEvent(
  db: Firestore,
  bounds: ServerConfig['securityLog'],
  event: SecurityEvent,
  clock: () => number = Date.now,
  random: () => number = Math.random,
): Promise<RecordedEvent> {
  const now = clock();
  const hour = Math.floor(now / HOUR_MS) * HOUR_MS;
  const keptMs = bounds.retentionDays * DAY_MS;
  const shard = Math.floor(random() * SECURITY_LOG_COUNT_SHARDS);
  await db
    .collection(COLLECTIONS.securityLogCounts)
    .doc(`${hour}-${shard}`)
    .set(
      {
        windowStart: Timestamp.fromMillis(hour),
        count: FieldValue.increment(1),
        [SECURITY_LOG_EXPIRY_FIELD]: Timestamp.fromMillis(hour + HOUR_MS + keptMs),
      },
      { merge: true },
    );
  const admitted = await consumeRateLimit(
    db,
    { scope: 'security_log', key: 'entries', limit: bounds.maxEntriesPerHour, windowMs: HOUR_MS },
    clock,
    random,
  );
  if (!admitted) return { stored: false };
  await db.collection(COLLECTIONS.securityLog).add({
    kind: event.kind,
    identifierHash: identifierHash(event.identifier),
    details: event.details,
    at: FieldValue.serverTimestamp(),
    [SECURITY_LOG_EXPIRY_FIELD]: Timestamp.fromMillis(now + keptMs),
  });
  return { stored: true };
}

/**
 * How a call notes its `kind` events for the `identifier` it was given: recordSecurityEvent with each
 * note's details, logging instead of throwing, so the caller's answer never depends on the log.
 */
export function securityEventNoter(
  db: Firestore,
  bounds: ServerConfig['securityLog'],
  kind: SecurityEventKind,
  identifier: string,
): (details: SecurityEvent['details']) => Promise<void> {
  return async (details) => {
    try {
      await recordSecurityEvent(db, bounds, { kind, identifier, details });
    } catch (error) {
      logger.error(`The security log could not record ${kind}`, error);
    }
  };
}
