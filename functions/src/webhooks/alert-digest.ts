// The digest of an alert's bursty events (DIGESTED_EVENT_TYPES: new signups, failed deliveries). Time is
// cut into fixed windows of `windowMs` by the event's creation time. Per endpoint, type and window the
// first event fanned out is the window's lead and is delivered at once, alone
// (`{type}.{window}.lead_{endpoint}`, made with `create`: only one fan-out wins); any later one makes
// (once) the window's digest (`{type}.{window}.digest_{endpoint}`), PENDING until the window's end, when
// the redrive starts its one attempt. The digest holds no list of its own: its attempt counts the window's
// events of the type in webhook_events (an erased one is gone from there, so never named) less the lead's,
// from the window's start or the alert's creation if later (events before it were never its own), and
// lists the first ALERT_DIGEST_LISTED. So a burst costs each alert at most two messages a window and
// type, whatever its size, with no document every fan-out has to update.
import { ALERT_DIGEST_LISTED, type EndpointEventType } from '@silk/schema/alerts';
import { COLLECTIONS } from '@silk/schema/constants';
import {
  Timestamp,
  type DocumentData,
  type DocumentReference,
  type Firestore,
} from 'firebase-admin/firestore';
import { webhookEventRef } from '../events/emit';
import { GrpcStatus, hasGrpcStatus } from '../shared/grpc-status';
import type { AlertDigest, AlertPayload } from './alert-text';

export interface DigestWindow {
  index: number;
  /** First millisecond of the window. */
  from: number;
  /** First millisecond after it: the digest is due then. */
  to: number;
}

/** The window an event created at `createdAt` falls in. */
export function digestWindow(createdAt: number, windowMs: number): DigestWindow {
  const index = Math.floor(createdAt / windowMs);
  return { index, from: index * windowMs, to: (index + 1) * windowMs };
}

export function leadDeliveryId(type: EndpointEventType, window: DigestWindow, endpointId: string): string {
  return `${type}.${window.index}.lead_${endpointId}`;
}

export function digestDeliveryId(type: EndpointEventType, window: DigestWindow, endpointId: string): string {
  return `${type}.${window.index}.digest_${endpointId}`;
}

/** A new delivery's fields (the queue's state machine, deliveries.ts). */
export function newDelivery(
  eventId: string,
  endpointId: string,
  type: EndpointEventType,
  now: number,
): DocumentData {
  return {
    eventId,
    endpointId,
    type,
    createdAt: now,
    lastStatus: null,
    lastAnswer: '',
    lastAttemptAt: null,
    history: [],
    delivery: { state: 'PENDING', attempts: 0 },
  };
}

async function createOnce(ref: DocumentReference, data: DocumentData): Promise<boolean> {
  try {
    await ref.create(data);
    return true;
  } catch (error) {
    if (!hasGrpcStatus(error, GrpcStatus.ALREADY_EXISTS)) throw error;
    return false;
  }
}

export interface DigestedEvent {
  eventId: string;
  type: EndpointEventType;
  /** When webhook_events/{eventId} was created (its `createdAt`). */
  createdAt: number;
}

/**
 * Fans one bursty event out to one alert: its window's lead (delivered now), or a part of the window's
 * digest (made by the first such event, due at the window's end); `repeat` for the lead's own event
 * fanned out again. `since`: when the alert was created.
 */
export async function routeDigested(
  db: Firestore,
  endpointId: string,
  event: DigestedEvent,
  windowMs: number,
  now: number,
  since = 0,
): Promise<'lead' | 'digest' | 'repeat'> {
  const deliveries = db.collection(COLLECTIONS.webhookDeliveries);
  const window = digestWindow(event.createdAt, windowMs);
  const lead = deliveries.doc(leadDeliveryId(event.type, window, endpointId));
  if (await createOnce(lead, newDelivery(event.eventId, endpointId, event.type, now))) return 'lead';
  if ((await lead.get()).get('eventId') === event.eventId) return 'repeat';
  const id = digestDeliveryId(event.type, window, endpointId);
  await createOnce(deliveries.doc(id), {
    ...newDelivery(`${event.type}.${window.index}.digest`, endpointId, event.type, now),
    digest: { from: Math.max(window.from, since), to: window.to, lead: lead.id },
    delivery: { state: 'PENDING', attempts: 0, nextAttemptAt: Timestamp.fromMillis(window.to) },
  });
  return 'digest';
}

/** What a digest delivery reports now: its window's events of its type but the lead's, the first listed. */
export async function readDigest(db: Firestore, delivery: DocumentData): Promise<AlertDigest> {
  const type = delivery.type as EndpointEventType;
  const { from, to, lead } = delivery.digest as { from: number; to: number; lead: string };
  const events = db
    .collection(COLLECTIONS.webhookEvents)
    .where('type', '==', type)
    .where('createdAt', '>=', Timestamp.fromMillis(from))
    .where('createdAt', '<', Timestamp.fromMillis(to));
  const leadEventId = String(
    (await db.collection(COLLECTIONS.webhookDeliveries).doc(lead).get()).get('eventId') ?? '',
  );
  const [counted, first, leadEvent] = await Promise.all([
    events.count().get(),
    events
      .orderBy('createdAt')
      .limit(ALERT_DIGEST_LISTED + 1)
      .get(),
    leadEventId ? webhookEventRef(db, leadEventId).get() : Promise.resolve(null),
  ]);
  const listed = first.docs
    .filter((doc) => doc.id !== leadEventId)
    .slice(0, ALERT_DIGEST_LISTED)
    .map((doc) => JSON.parse(String(doc.get('body'))) as AlertPayload);
  return {
    type,
    count: counted.data().count - (leadEvent?.exists ? 1 : 0),
    listed,
    at: new Date(to).toISOString(),
  };
}
