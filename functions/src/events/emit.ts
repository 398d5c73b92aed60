// Emitting a webhook event: one webhook_events/{id} document per event, which the webhooks' fan-out
// (webhooks/fan-out.ts) turns into one delivery per subscribed endpoint. The id is derived from what
// makes the change unique (`key`), so a retried trigger or handler emits once: written with `create`
// (an existing event is left alone) or in the transaction or batch that makes the change. Nothing is
// written when no enabled endpoint subscribes to the type (the subscribed types are cached briefly per
// instance), so an event nobody wants costs no write. The document names the addresses the event is
// about (`subjects`), so an erasure removes them with the rest (eraseEventsAbout).
import type { EndpointEventType } from '@silk/schema/alerts';
import { COLLECTIONS } from '@silk/schema/constants';
import type { WebhookEventData, WebhookEventType, WebhookPayload } from '@silk/schema/webhooks';
import {
  FieldValue,
  Transaction,
  type DocumentData,
  type DocumentReference,
  type Firestore,
  type WriteBatch,
} from 'firebase-admin/firestore';
import { createHash } from 'node:crypto';
import { GrpcStatus, hasGrpcStatus } from '../shared/grpc-status';

export interface WebhookEvent<T extends WebhookEventType = WebhookEventType> {
  type: T;
  /** What makes this event unique: the same key is the same event (emitted once). */
  key: string;
  /** When it happened (ms). */
  at: number;
  data: WebhookEventData[T];
  /** The addresses the event names (an erasure removes it). */
  subjects: string[];
}

/** The stored event: its body exactly as every attempt sends it. */
export interface StoredWebhookEvent {
  type: WebhookEventType;
  subjects: string[];
  /** The JSON body (WebhookPayload). */
  body: string;
}

/** The event's id, also its deliveries' `webhook-id` (Standard Webhooks' `msg_` prefix). */
export function webhookEventId(type: EndpointEventType, key: string): string {
  return `msg_${createHash('sha256').update(`${type}\n${key}`).digest('hex').slice(0, 32)}`;
}

export function webhookEventRef(db: Firestore, id: string): DocumentReference {
  return db.collection(COLLECTIONS.webhookEvents).doc(id);
}

/** How long an instance trusts its list of subscribed types (WEBHOOK_ENDPOINT_CACHE_SECONDS, 0: never). */
export function endpointCacheMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.WEBHOOK_ENDPOINT_CACHE_SECONDS?.trim();
  if (!raw) return 30_000;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds < 0) {
    throw new Error(`WEBHOOK_ENDPOINT_CACHE_SECONDS must be a number ≥ 0, got "${raw}".`);
  }
  return seconds * 1000;
}

let cached: { types: Promise<Set<string>>; until: number } | null = null;

async function readSubscribedTypes(db: Firestore): Promise<Set<string>> {
  const endpoints = await db.collection(COLLECTIONS.webhooks).where('enabled', '==', true).get();
  return new Set(endpoints.docs.flatMap((doc) => (doc.get('events') as string[] | undefined) ?? []));
}

/** Whether an enabled endpoint subscribes to `type` (as of at most WEBHOOK_ENDPOINT_CACHE_SECONDS ago). */
export async function isSubscribed(
  db: Firestore,
  type: EndpointEventType,
  now = Date.now(),
): Promise<boolean> {
  if (!cached || now >= cached.until) {
    const types = readSubscribedTypes(db);
    cached = { types, until: now + endpointCacheMs() };
    types.catch(() => {
      cached = null;
    });
  }
  return (await cached.types).has(type);
}

function eventData(event: WebhookEvent): DocumentData {
  const payload: WebhookPayload = {
    type: event.type,
    timestamp: new Date(event.at).toISOString(),
    data: event.data,
  };
  return {
    type: event.type,
    subjects: event.subjects,
    body: JSON.stringify(payload),
    createdAt: FieldValue.serverTimestamp(),
  };
}

/** Emits the event unless nobody subscribes to its type; an event emitted before is left alone. */
export async function emitEvent<T extends WebhookEventType>(
  db: Firestore,
  event: WebhookEvent<T>,
): Promise<void> {
  if (!(await isSubscribed(db, event.type))) return;
  try {
    await webhookEventRef(db, webhookEventId(event.type, event.key)).create(eventData(event));
  } catch (error) {
    if (!hasGrpcStatus(error, GrpcStatus.ALREADY_EXISTS)) throw error;
  }
}

/** Adds an event to the transaction or batch that makes its change (the change happens once, so does it). */
export type EventSink<T extends WebhookEventType> = (
  writer: Transaction | WriteBatch,
  event: Omit<WebhookEvent<T>, 'type'>,
) => void;

/** A sink for `type`'s events, checked once before the transaction: it adds nothing when nobody subscribes. */
export async function eventSink<T extends WebhookEventType>(db: Firestore, type: T): Promise<EventSink<T>> {
  const wanted = await isSubscribed(db, type);
  return (writer, event) => {
    if (!wanted) return;
    const ref = webhookEventRef(db, webhookEventId(type, event.key));
    const data = eventData({ ...event, type });
    if (writer instanceof Transaction) writer.set(ref, data);
    else writer.set(ref, data);
  };
}

/** Deletes the events that name the address (an erasure); returns how many. */
export async function eraseEventsAbout(db: Firestore, email: string): Promise<number> {
  const events = await db
    .collection(COLLECTIONS.webhookEvents)
    .where('subjects', 'array-contains', email)
    .get();
  const writer = db.bulkWriter();
  for (const doc of events.docs) void writer.delete(doc.ref);
  await writer.close();
  return events.size;
}
