// Emitting the events only Slack and Discord alerts receive (@silk/schema/alerts: a milestone of the
// list, a finished invitation wave or import, a failed webhook delivery) as webhook_events documents like
// every other event (emit.ts), so the webhooks' fan-out delivers them: the same id from the same key,
// nothing written when no enabled endpoint subscribes, written with `create` or in the transaction that
// makes the change. They name no address (`subjects` is empty). The list's milestones are emitted by the
// fold that adds signups to the total (signups/signup-count.ts).
import { crossedMilestones, type AlertEventData, type AlertOnlyEventType } from '@silk/schema/alerts';
import {
  FieldValue,
  Transaction,
  type DocumentData,
  type Firestore,
  type WriteBatch,
} from 'firebase-admin/firestore';
import { GrpcStatus, hasGrpcStatus } from '../shared/grpc-status';
import { isSubscribed, webhookEventId, webhookEventRef } from './emit';

export interface AlertEvent<T extends AlertOnlyEventType = AlertOnlyEventType> {
  type: T;
  /** What makes this event unique: the same key is the same event (emitted once). */
  key: string;
  /** When it happened (ms). */
  at: number;
  data: AlertEventData[T];
}

function alertEventData(event: AlertEvent): DocumentData {
  return {
    type: event.type,
    subjects: [],
    body: JSON.stringify({ type: event.type, timestamp: new Date(event.at).toISOString(), data: event.data }),
    createdAt: FieldValue.serverTimestamp(),
  };
}

/** Emits the alert event unless nobody subscribes to its type; one emitted before is left alone. */
export async function emitAlertEvent<T extends AlertOnlyEventType>(
  db: Firestore,
  event: AlertEvent<T>,
): Promise<void> {
  if (!(await isSubscribed(db, event.type))) return;
  try {
    await webhookEventRef(db, webhookEventId(event.type, event.key)).create(alertEventData(event));
  } catch (error) {
    if (!hasGrpcStatus(error, GrpcStatus.ALREADY_EXISTS)) throw error;
  }
}

/** Adds an alert event to the transaction or batch that makes its change (nothing when nobody subscribes). */
export type AlertSink<T extends AlertOnlyEventType> = (
  writer: Transaction | WriteBatch,
  event: Omit<AlertEvent<T>, 'type'>,
) => void;

/** A sink for `type`'s alert events, checked once before the transaction. */
export async function alertSink<T extends AlertOnlyEventType>(db: Firestore, type: T): Promise<AlertSink<T>> {
  const wanted = await isSubscribed(db, type);
  return (writer, event) => {
    if (!wanted) return;
    const ref = webhookEventRef(db, webhookEventId(type, event.key));
    const data = alertEventData({ ...event, type } as AlertEvent);
    if (writer instanceof Transaction) writer.set(ref, data);
    else writer.set(ref, data);
  };
}

/**
 * The milestones a total going from `before` to `after` reached, each emitted once ever (keyed by the
 * milestone: a list that shrinks and grows again is not announced twice).
 */
export async function emitMilestones(db: Firestore, before: number, after: number, at = Date.now()) {
  for (const milestone of crossedMilestones(before, after)) {
    await emitAlertEvent(db, {
      type: 'signups.milestone',
      key: String(milestone),
      at,
      data: { milestone, total: after },
    });
  }
}
