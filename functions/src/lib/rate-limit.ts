// Fixed-window rate limits kept in Firestore (rate_limits/{hash of scope and key}), so every instance
// of a function shares them. A window opens with the first request and lasts `windowMs`.
// Old counters are deleted by the TTL policy on `expiresAt` declared in firestore.indexes.json.
import { COLLECTIONS } from '@silk/schema/constants';
import { RATE_LIMITED } from '@silk/schema/messages';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { createHash } from 'node:crypto';
import { HttpError } from './http';

/** The field a window ends at; firestore.indexes.json declares the TTL policy on it. */
export const RATE_LIMIT_EXPIRY_FIELD = 'expiresAt';

export interface RateLimitCheck {
  /** e.g. "subscribe:ip" or "subscribe:email". */
  scope: string;
  key: string;
  limit: number;
  windowMs: number;
}

export function rateLimitDocId(scope: string, key: string): string {
  return createHash('sha256').update(`${scope}\u0000${key}`).digest('base64url');
}

/** Counts one request; returns false when the limit for the current window is already used up. */
export async function consumeRateLimit(
  db: Firestore,
  check: RateLimitCheck,
  clock: () => number = Date.now,
): Promise<boolean> {
  const ref = db.collection(COLLECTIONS.rateLimits).doc(rateLimitDocId(check.scope, check.key));
  return db.runTransaction(async (transaction) => {
    const snapshot = await transaction.get(ref);
    // Read the clock on each attempt: a retried transaction may see a window opened after it started
    // (a start "in the future" — or another instance's clock slightly ahead — is the same window).
    const now = clock();
    const windowStart = snapshot.exists ? Number(snapshot.get('windowStart')) : NaN;
    const count = snapshot.exists ? Number(snapshot.get('count')) : 0;
    const sameWindow = Number.isFinite(windowStart) && now - windowStart < check.windowMs;
    if (sameWindow && count >= check.limit) return false;
    const start = sameWindow ? windowStart : now;
    transaction.set(ref, {
      scope: check.scope,
      count: sameWindow ? count + 1 : 1,
      windowStart: start,
      [RATE_LIMIT_EXPIRY_FIELD]: Timestamp.fromMillis(start + check.windowMs),
    });
    return true;
  });
}

/** Applies every check in order; 429 with RATE_LIMITED at the first one exhausted. */
export async function enforceRateLimits(db: Firestore, checks: RateLimitCheck[]): Promise<void> {
  for (const check of checks) {
    if (!(await consumeRateLimit(db, check))) throw new HttpError(429, RATE_LIMITED);
  }
}
