// Fixed-window rate limits kept in Firestore, so every instance of a function shares them — with no
// document that the requests of one address all write (one counter per key, updated in a transaction,
// turned a burst from one address into lock timeouts and 500s).
//
// Per scope and key (stored as a hash: no address or e-mail is kept):
//   - rate_limits/{hash} holds the current window's start. The first request opens a window; the first
//     one after it ends opens the next. Opening is a create(), or an update() conditioned on the document
//     not having changed since it was read: of concurrent openers one wins and the others read its window.
//     Every other request only reads it.
//   - the window has `limit` slots, rate_limits/{hash}/rate_limit_slots/{window start}-{slot} (under the
//     key's document, so counting them reads only the key's own slots). A request is admitted by creating
//     a free one; create() fails on an existing document, so at most `limit` requests of a window succeed
//     whatever their concurrency, and none waits for a lock:
//       1. count the window's slots; all taken → refused (a read, no write) — skipped by the request that
//          has just opened the window;
//       2. otherwise create a random slot not tried yet; taken meanwhile → back to 1.
//     A request is refused only once every slot is taken: a burst of N admits exactly min(N, limit).
// Everything expires through the TTL policies on `expiresAt` declared in firestore.indexes.json.
import { COLLECTIONS } from '@silk/schema/constants';
import { RATE_LIMITED } from '@silk/schema/messages';
import { Timestamp, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import { createHash } from 'node:crypto';
import { HttpError } from './http';
import { GrpcStatus, hasGrpcStatus } from '../shared/grpc-status';

/** The field a window and its slots expire at (the window's end); firestore.indexes.json declares TTL on it. */
export const RATE_LIMIT_EXPIRY_FIELD = 'expiresAt';
/** The subcollection of a key's slots (its own collection group, with its own TTL policy). */
export const RATE_LIMIT_SLOTS = 'rate_limit_slots';

export interface RateLimitCheck {
  /** e.g. "subscribe:ip" or "subscribe:email". */
  scope: string;
  key: string;
  limit: number;
  windowMs: number;
}

/** The id of a scope and key's window document: a fixed-size hash, valid for any key. */
export function rateLimitDocId(scope: string, key: string): string {
  return createHash('sha256').update(`${scope}\u0000${key}`).digest('base64url');
}

/** create() on an existing document, or an update() whose precondition failed: another request won. */
function isRace(error: unknown): boolean {
  return hasGrpcStatus(error, GrpcStatus.ALREADY_EXISTS, GrpcStatus.FAILED_PRECONDITION);
}

interface Window {
  start: number;
  /** Opened by this request: its slots were all free a moment ago. */
  opened: boolean;
}

/** The key's current window, opening a new one when there is none or it has ended. */
async function currentWindow(
  ref: DocumentReference,
  check: RateLimitCheck,
  clock: () => number,
): Promise<Window> {
  for (;;) {
    const snapshot = await ref.get();
    // A start "in the future" (another instance's clock slightly ahead) is the same window.
    const now = clock();
    const start = snapshot.exists ? Number(snapshot.get('windowStart')) : NaN;
    if (Number.isFinite(start) && now - start < check.windowMs) return { start, opened: false };
    const expiresAt = Timestamp.fromMillis(now + check.windowMs);
    const window = { scope: check.scope, windowStart: now, [RATE_LIMIT_EXPIRY_FIELD]: expiresAt };
    try {
      if (snapshot.updateTime) await ref.update(window, { lastUpdateTime: snapshot.updateTime });
      else await ref.create(window);
      return { start: now, opened: true };
    } catch (error) {
      if (!isRace(error)) throw error;
    }
  }
}

/** Counts one request; returns false when every slot of the key's current window is taken. */
export async function consumeRateLimit(
  db: Firestore,
  check: RateLimitCheck,
  clock: () => number = Date.now,
  random: () => number = Math.random,
): Promise<boolean> {
  const ref = db.collection(COLLECTIONS.rateLimits).doc(rateLimitDocId(check.scope, check.key));
  const { start, opened } = await currentWindow(ref, check, clock);
  const slots = ref.collection(RATE_LIMIT_SLOTS);
  const tried = new Set<number>();
  for (;;) {
    // A window this request has just opened needs no count before its first try (the common case of a
    // new address or e-mail); a slot taken meanwhile only fails the create.
    if (!opened || tried.size > 0) {
      const taken = await slots.where('window', '==', start).count().get();
      if (taken.data().count >= check.limit) return false;
    }
    if (tried.size >= check.limit) return false;
    let slot: number;
    do slot = Math.floor(random() * check.limit);
    while (tried.has(slot));
    tried.add(slot);
    try {
      await slots.doc(`${start}-${slot}`).create({
        window: start,
        [RATE_LIMIT_EXPIRY_FIELD]: Timestamp.fromMillis(start + check.windowMs),
      });
      return true;
    } catch (error) {
      if (!isRace(error)) throw error;
    }
  }
}

/** Applies every check in order; 429 with RATE_LIMITED at the first one exhausted. */
export async function enforceRateLimits(db: Firestore, checks: RateLimitCheck[]): Promise<void> {
  for (const check of checks) {
    if (!(await consumeRateLimit(db, check))) throw new HttpError(429, RATE_LIMITED);
  }
}
