// Webhook deliveries: webhook_deliveries/{eventId}_{endpointId} {eventId, endpointId, type, createdAt,
// lastStatus, lastAnswer, lastAttemptAt, history, delivery: {state, attempts, nextAttemptAt?,
// leaseExpireTime?}}, in the mail queue's state machine (outbox/delivery.ts) and retried by the same
// redrive (shared/queue-redrive.ts): a new delivery is PENDING; a PENDING or RETRY delivery is claimed
// (PROCESSING with a lease, `attempts` counted at the claim, so two runners never make the same attempt)
// and sent (attempt.ts); a 2xx answer is SUCCESS, anything else ERROR with `nextAttemptAt` after the
// schedule's next wait (webhook-config.ts), which the redrive turns into RETRY, until the schedule is
// used up: ERROR without `nextAttemptAt` is `failed`. So is a target refused for good, a removed or
// disabled endpoint, an erased event. "Send again" sets any delivery not being attempted to RETRY.
import { COLLECTIONS } from '@silk/schema/constants';
import {
  WEBHOOK_DELIVERY_NOT_FOUND,
  WEBHOOK_ENDPOINT_DISABLED,
  WEBHOOK_ENDPOINT_REMOVED,
  WEBHOOK_EVENT_ERASED,
  WEBHOOK_NOT_FOUND,
  WEBHOOK_URL_REFUSED,
  webhookUnreachable,
} from '@silk/schema/messages';
import type { WebhookDeliveryStatus, WebhookDeliveryView, WebhookEventType } from '@silk/schema/webhooks';
import {
  FieldValue,
  Timestamp,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
} from 'firebase-admin/firestore';
import { logger } from 'firebase-functions/logger';
import { webhookEventRef } from '../events/emit';
import { HttpError } from '../http/http';
import { claimDelivery, type ClaimRules } from '../shared/queue-claim';
import { postWebhook, signedHeaders, type AttemptAnswer } from './attempt';
import { endpointRef } from './endpoints';
import { checkTarget, TargetRefused, type Resolve } from './target';
import type { WebhookConfig } from './webhook-config';
import { GrpcStatus, hasGrpcStatus } from '../shared/grpc-status';

/** Attempts kept in a delivery's history (the schedule's eight and some sent again). */
const HISTORY_KEPT = 20;

type QueueState = 'PENDING' | 'PROCESSING' | 'RETRY' | 'SUCCESS' | 'ERROR';

export interface AttemptRecord {
  at: number;
  status: number | null;
  /** When the next attempt is due (a failed attempt with retries left). */
  retryAt?: number;
}

export function deliveryRef(db: Firestore, id: string): DocumentReference {
  return db.collection(COLLECTIONS.webhookDeliveries).doc(id);
}

export function deliveryId(eventId: string, endpointId: string): string {
  return `${eventId}_${endpointId}`;
}

function millis(value: unknown): number | null {
  return value instanceof Timestamp ? value.toMillis() : null;
}

export function deliveryStatus(data: DocumentData): WebhookDeliveryStatus {
  const state = data.delivery?.state as QueueState | undefined;
  if (state === 'SUCCESS') return 'delivered';
  if (state === 'ERROR' && data.delivery?.nextAttemptAt === undefined) return 'failed';
  return 'pending';
}

export function deliveryView(snapshot: DocumentSnapshot): WebhookDeliveryView {
  const data = snapshot.data() ?? {};
  const status = deliveryStatus(data);
  return {
    id: snapshot.id,
    endpointId: String(data.endpointId ?? ''),
    eventId: String(data.eventId ?? ''),
    type: data.type as WebhookEventType,
    status,
    attempts: Number(data.delivery?.attempts ?? 0),
    lastStatus: typeof data.lastStatus === 'number' ? data.lastStatus : null,
    lastAnswer: String(data.lastAnswer ?? ''),
    lastAttemptAt: typeof data.lastAttemptAt === 'number' ? data.lastAttemptAt : null,
    nextAttemptAt: status === 'pending' ? millis(data.delivery?.nextAttemptAt) : null,
    createdAt: Number(data.createdAt ?? 0),
  };
}

/** The newest deliveries (of one endpoint, or all), at most `limit`. */
export async function listDeliveries(
  db: Firestore,
  endpointId: string | undefined,
  limit = 100,
): Promise<WebhookDeliveryView[]> {
  let query = db.collection(COLLECTIONS.webhookDeliveries).orderBy('createdAt', 'desc').limit(limit);
  if (endpointId !== undefined) query = query.where('endpointId', '==', endpointId);
  return (await query.get()).docs.map(deliveryView);
}

/** One delivery per enabled endpoint subscribed to the event (read now, not cached); a retry adds none twice. */
export async function fanOut(
  db: Firestore,
  eventId: string,
  type: WebhookEventType,
  now = Date.now(),
): Promise<number> {
  const endpoints = await db.collection(COLLECTIONS.webhooks).where('enabled', '==', true).get();
  const subscribed = endpoints.docs.filter((doc) =>
    ((doc.get('events') as string[] | undefined) ?? []).includes(type),
  );
  await Promise.all(
    subscribed.map(async (endpoint) => {
      try {
        await deliveryRef(db, deliveryId(eventId, endpoint.id)).create({
          eventId,
          endpointId: endpoint.id,
          type,
          createdAt: now,
          lastStatus: null,
          lastAnswer: '',
          lastAttemptAt: null,
          history: [],
          delivery: { state: 'PENDING', attempts: 0 },
        });
      } catch (error) {
        if (!hasGrpcStatus(error, GrpcStatus.ALREADY_EXISTS)) throw error;
      }
    }),
  );
  return subscribed.length;
}

export interface AttemptDeps {
  db: Firestore;
  config: WebhookConfig;
  resolve?: Resolve;
  now?: () => number;
}

/** A delivery waiting for `nextAttemptAt` is not claimed; the claim counts the attempt. */
const WEBHOOK_CLAIM: ClaimRules = { pendingWaits: true, countsAttempt: true };

interface Outcome extends AttemptAnswer {
  delivered: boolean;
  /** Another attempt may help (the schedule decides whether there is one). */
  retryable: boolean;
}

async function attempt(data: DocumentData, deps: AttemptDeps, at: number): Promise<Outcome> {
  const final = (answer: string): Outcome => ({ status: null, answer, delivered: false, retryable: false });
  const [endpoint, event] = await Promise.all([
    endpointRef(deps.db, String(data.endpointId)).get(),
    webhookEventRef(deps.db, String(data.eventId)).get(),
  ]);
  if (!endpoint.exists) return final(WEBHOOK_ENDPOINT_REMOVED);
  if (endpoint.get('enabled') !== true) return final(WEBHOOK_ENDPOINT_DISABLED);
  if (!event.exists) return final(WEBHOOK_EVENT_ERASED);
  let target;
  try {
    target = await checkTarget(String(endpoint.get('url')), {
      allowLocal: deps.config.allowLocalTargets,
      ...(deps.resolve ? { resolve: deps.resolve } : {}),
    });
  } catch (error) {
    if (!(error instanceof TargetRefused)) throw error;
    return error.lasting
      ? final(WEBHOOK_URL_REFUSED)
      : { ...final(webhookUnreachable(error.message)), retryable: true };
  }
  const body = String(event.get('body'));
  const headers = await signedHeaders(String(endpoint.get('secret')), event.id, body, new Date(at));
  const answer = await postWebhook(target, body, headers, deps.config.timeoutMs);
  const delivered = answer.status !== null && answer.status >= 200 && answer.status < 300;
  return { ...answer, delivered, retryable: !delivered };
}

/** Claims the delivery and makes one attempt, then records it (and when the next one is due). */
async function attemptDelivery(ref: DocumentReference, deps: AttemptDeps): Promise<void> {
  const now = deps.now ?? Date.now;
  const data = await claimDelivery(ref, now() + deps.config.leaseMs, WEBHOOK_CLAIM);
  if (!data) return;
  const attempts = Number(data.delivery?.attempts ?? 0) + 1;
  const at = now();
  const outcome = await attempt(data, deps, at);
  const delay = outcome.retryable ? deps.config.retryDelaysMs[attempts - 1] : undefined;
  const retryAt = delay === undefined ? undefined : now() + delay;
  const record: AttemptRecord = { at, status: outcome.status, ...(retryAt === undefined ? {} : { retryAt }) };
  const history = [...((data.history as AttemptRecord[] | undefined) ?? []), record].slice(-HISTORY_KEPT);
  if (!outcome.delivered)
    logger.warn('webhooks: attempt failed', {
      id: ref.id,
      attempts,
      status: outcome.status,
      retry: retryAt !== undefined,
    });
  await ref.update({
    'delivery.state': outcome.delivered ? 'SUCCESS' : 'ERROR',
    'delivery.leaseExpireTime': FieldValue.delete(),
    ...(retryAt === undefined ? {} : { 'delivery.nextAttemptAt': Timestamp.fromMillis(retryAt) }),
    lastStatus: outcome.status,
    lastAnswer: outcome.answer,
    lastAttemptAt: at,
    history,
  });
}

/** One write to webhook_deliveries/{id}: a delivery that is PENDING (not waiting) or RETRY gets its attempt. */
export async function handleDeliveryWrite(
  ref: DocumentReference,
  after: DocumentData | undefined,
  deps: AttemptDeps,
): Promise<void> {
  const state = after?.delivery?.state as QueueState | undefined;
  if (state === 'RETRY' || (state === 'PENDING' && after?.delivery?.nextAttemptAt === undefined)) {
    await attemptDelivery(ref, deps);
  }
}

/**
 * "Send again": a new attempt now with the same `webhook-id`. A delivery whose attempt is under way is
 * left to it (`started` false). 404 for an unknown delivery or a removed endpoint.
 */
export async function redeliver(
  db: Firestore,
  id: string,
  now = Date.now(),
): Promise<{ delivery: WebhookDeliveryView; started: boolean; data: DocumentData }> {
  const ref = deliveryRef(db, id);
  const started = await db.runTransaction(async (transaction) => {
    const snapshot = await transaction.get(ref);
    if (!snapshot.exists) throw new HttpError(404, WEBHOOK_DELIVERY_NOT_FOUND);
    const endpoint = await transaction.get(endpointRef(db, String(snapshot.get('endpointId'))));
    if (!endpoint.exists) throw new HttpError(404, WEBHOOK_NOT_FOUND);
    const lease = millis(snapshot.get('delivery.leaseExpireTime'));
    if (snapshot.get('delivery.state') === 'PROCESSING' && lease !== null && lease > now) return false;
    transaction.update(ref, {
      'delivery.state': 'RETRY',
      'delivery.nextAttemptAt': FieldValue.delete(),
      'delivery.leaseExpireTime': FieldValue.delete(),
    });
    return true;
  });
  const snapshot = await ref.get();
  return { delivery: deliveryView(snapshot), started, data: snapshot.data() ?? {} };
}

/** A removed endpoint's deliveries waiting for an attempt stop (failed); returns how many. */
export async function stopDeliveries(db: Firestore, endpointId: string): Promise<number> {
  const waiting = await db
    .collection(COLLECTIONS.webhookDeliveries)
    .where('endpointId', '==', endpointId)
    .where('delivery.state', 'in', ['PENDING', 'RETRY', 'ERROR'])
    .get();
  let stopped = 0;
  for (const doc of waiting.docs) {
    const changed = await db.runTransaction(async (transaction) => {
      const snapshot = await transaction.get(doc.ref);
      if (
        deliveryStatus(snapshot.data() ?? {}) !== 'pending' ||
        snapshot.get('delivery.state') === 'PROCESSING'
      )
        return false;
      transaction.update(doc.ref, {
        'delivery.state': 'ERROR',
        'delivery.nextAttemptAt': FieldValue.delete(),
        lastAnswer: WEBHOOK_ENDPOINT_REMOVED,
      });
      return true;
    });
    if (changed) stopped += 1;
  }
  return stopped;
}
