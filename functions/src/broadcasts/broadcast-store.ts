// broadcasts/{id}: the message (subject, Markdown and its rendered parts), the segment, the state
// (scheduled → preparing → sending → done) and the counters; broadcasts/{id}/chunks/{n} ({emails}, CHUNK
// each, written once when it is prepared, with a state waiting → pending → running → done); and a marker
// per mailbox, broadcasts/{id}/recipients/{mailboxKey}, created before the mail to it is sent
// (delivery.ts). The id follows from the caller and the request id, so a double click or a retry finds
// the broadcast instead of making another.
import type { BroadcastSegment, BroadcastState, BroadcastView } from '@silk/schema/broadcasts';
import { COLLECTIONS } from '@silk/schema/constants';
import type { DocumentReference, Firestore } from 'firebase-admin/firestore';
import { createHash } from 'node:crypto';
import { GrpcStatus, hasGrpcStatus } from '../shared/grpc-status';
import { selectAudience } from './audience';
import { renderMarkdown } from './markdown';

/** Addresses per chunk: one trigger sends a chunk. */
export const CHUNK = 500;
/** Chunks sent at the same time; the send slots keep the configured rate whatever this is. */
export const PARALLEL_CHUNKS = 2;
/** A preparation not finished after this long is taken to have crashed; the schedule redoes it. */
export const PREPARE_TIMEOUT_MS = 5 * 60_000;

export type ChunkState = 'waiting' | 'pending' | 'running' | 'done';

export interface StoredChunk {
  emails: string[];
  state: ChunkState;
  /** While running: when another run may take it over. */
  leaseUntil?: number;
}

export interface StoredBroadcast {
  subject: string;
  markdown: string;
  html: string;
  text: string;
  segment: BroadcastSegment;
  state: BroadcastState;
  createdBy: string;
  createdAt: number;
  sendAt: number;
  requestId: string;
  /** When its preparation started (a stale one is redone). */
  preparingSince?: number;
  total: number;
  sent: number;
  failed: number;
  skipped: number;
  chunks: number;
  chunksDone: number;
  finishedAt?: number;
}

export const broadcastsRef = (db: Firestore) => db.collection(COLLECTIONS.broadcasts);
export const broadcastRef = (db: Firestore, id: string): DocumentReference => broadcastsRef(db).doc(id);
export const chunkRef = (db: Firestore, id: string, chunk: number) =>
  broadcastRef(db, id).collection('chunks').doc(String(chunk).padStart(6, '0'));
export const recipientRef = (db: Firestore, id: string, mailbox: string) =>
  broadcastRef(db, id).collection('recipients').doc(mailbox);

export function broadcastIdFor(by: string, requestId: string): string {
  return createHash('sha256').update(`${by}\n${requestId}`).digest('base64url').slice(0, 24);
}

export interface BroadcastRequest {
  subject: string;
  markdown: string;
  segment: BroadcastSegment;
  /** Absent or past: now. */
  sendAt?: number;
  requestId: string;
  by: string;
}

/** Creates the broadcast of this request, or finds it; `created` says whether this call made it. */
export async function createBroadcast(
  db: Firestore,
  request: BroadcastRequest,
  now = Date.now(),
): Promise<{ broadcastId: string; created: boolean; scheduled: boolean }> {
  const broadcastId = broadcastIdFor(request.by, request.requestId);
  const scheduled = request.sendAt !== undefined && request.sendAt > now;
  const body = await renderMarkdown(request.markdown);
  const broadcast: StoredBroadcast = {
    subject: request.subject,
    markdown: request.markdown,
    ...body,
    segment: request.segment,
    state: scheduled ? 'scheduled' : 'preparing',
    createdBy: request.by,
    createdAt: now,
    sendAt: scheduled ? (request.sendAt as number) : now,
    requestId: request.requestId,
    ...(scheduled ? {} : { preparingSince: now }),
    total: 0,
    sent: 0,
    failed: 0,
    skipped: 0,
    chunks: 0,
    chunksDone: 0,
  };
  try {
    await broadcastRef(db, broadcastId).create(broadcast);
    return { broadcastId, created: true, scheduled };
  } catch (error) {
    if (!hasGrpcStatus(error, GrpcStatus.ALREADY_EXISTS)) throw error;
    const existing = (await broadcastRef(db, broadcastId).get()).data() as StoredBroadcast;
    return { broadcastId, created: false, scheduled: existing.state === 'scheduled' };
  }
}

/** Takes a broadcast for preparation: a due scheduled one, or one whose preparation is stale. One caller wins. */
export async function claimPreparation(db: Firestore, id: string, now: number): Promise<boolean> {
  const ref = broadcastRef(db, id);
  return db.runTransaction(async (transaction) => {
    const broadcast = (await transaction.get(ref)).data() as StoredBroadcast | undefined;
    if (!broadcast) return false;
    const due = broadcast.state === 'scheduled' && broadcast.sendAt <= now;
    const stale =
      broadcast.state === 'preparing' && (broadcast.preparingSince ?? 0) <= now - PREPARE_TIMEOUT_MS;
    if (!due && !stale) return false;
    transaction.update(ref, { state: 'preparing', preparingSince: now });
    return true;
  });
}

/**
 * Chooses the audience once (at the time it goes out) and writes its chunks; then it is sending and its
 * first chunks are pending (each chunk's trigger sends it, delivery.ts).
 */
export async function prepareBroadcast(db: Firestore, id: string, now = Date.now()): Promise<number> {
  const ref = broadcastRef(db, id);
  const broadcast = (await ref.get()).data() as StoredBroadcast | undefined;
  if (!broadcast || broadcast.state !== 'preparing') return 0;
  const chosen = await selectAudience(db, broadcast.segment);
  const chunks = Math.ceil(chosen.length / CHUNK);
  for (let start = 0; start < chunks; start += 400) {
    const batch = db.batch();
    for (let chunk = start; chunk < Math.min(chunks, start + 400); chunk += 1) {
      const stored: StoredChunk = {
        emails: chosen.slice(chunk * CHUNK, (chunk + 1) * CHUNK),
        state: 'waiting',
      };
      batch.set(chunkRef(db, id, chunk), stored);
    }
    await batch.commit();
  }
  await ref.update({
    total: chosen.length,
    chunks,
    state: chunks === 0 ? 'done' : 'sending',
    ...(chunks === 0 ? { finishedAt: now } : {}),
  });
  const batch = db.batch();
  for (let chunk = 0; chunk < Math.min(chunks, PARALLEL_CHUNKS); chunk += 1) {
    batch.update(chunkRef(db, id, chunk), { state: 'pending' });
  }
  await batch.commit();
  return chosen.length;
}

/** The broadcasts due now (scheduled and due, or a stale preparation). */
export async function dueBroadcasts(db: Firestore, now: number): Promise<string[]> {
  const [scheduled, preparing] = await Promise.all([
    broadcastsRef(db).where('state', '==', 'scheduled').get(),
    broadcastsRef(db).where('state', '==', 'preparing').get(),
  ]);
  return [
    ...scheduled.docs.filter((doc) => Number(doc.get('sendAt')) <= now).map((doc) => doc.id),
    ...preparing.docs
      .filter((doc) => Number(doc.get('preparingSince') ?? 0) <= now - PREPARE_TIMEOUT_MS)
      .map((doc) => doc.id),
  ];
}

export function viewOf(id: string, broadcast: StoredBroadcast): BroadcastView {
  return {
    id,
    subject: broadcast.subject,
    markdown: broadcast.markdown,
    segment: broadcast.segment,
    state: broadcast.state,
    createdBy: broadcast.createdBy,
    createdAt: broadcast.createdAt,
    sendAt: broadcast.sendAt,
    ...(broadcast.finishedAt !== undefined ? { finishedAt: broadcast.finishedAt } : {}),
    total: broadcast.total,
    sent: broadcast.sent,
    failed: broadcast.failed,
    skipped: broadcast.skipped,
    bounced: 0,
    unsubscribed: 0,
    unknown: 0,
  };
}
