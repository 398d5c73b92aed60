// Webhook deliveries: webhook_deliveries/{eventId}_{endpointId} {eventId, endpointId, type, createdAt,
// lastStatus, lastAnswer, lastAttemptAt, history, delivery: {state, attempts, nextAttemptAt?,
// leaseExpireTime?}}, in the mail queue's state machine (outbox/delivery.ts) and retried by the same
// redrive (shared/queue-redrive.ts): a new delivery is PENDING; a PENDING or RETRY delivery is claimed
// (PROCESSING with a lease, `attempts` counted at the claim, so two runners never make the same attempt)
// and sent (attempt.ts); a 2xx answer is SUCCESS, anything else ERROR with `nextAttemptAt` after the
// schedule's next wait (webhook-config.ts), which the redrive turns into RETRY, until the schedule is
// used up: ERROR without `nextAttemptAt` is `failed`. So is a target refused for good, a removed or
// disabled endpoint, an erased event. "Send again" sets any delivery not being attempted to RETRY.
// A Slack or Discord alert (an endpoint's `kind`, @silk/schema/alerts) gets the same deliveries, sent as
// its platform's message (alert-format.ts) without a signature; its bursty events are batched into a
// digest (alert-digest.ts); a 429's Retry-After sets the next attempt's time (retry-after.ts); and a
// delivery that fails for good emits `delivery.failed` for the alerts that want it.
import { COLLECTIONS } from '@silk/schema/constants';
import { DIGESTED_EVENT_TYPES, isAlertKind, maskAlertUrl, type EndpointEventType } from '@silk/schema/alerts';
import {
  WEBHOOK_DELIVERY_NOT_FOUND,
  WEBHOOK_DIGEST_EMPTY,
  WEBHOOK_ENDPOINT_DISABLED,
  WEBHOOK_ENDPOINT_REMOVED,
  WEBHOOK_EVENT_ERASED,
  WEBHOOK_NOT_FOUND,
  WEBHOOK_URL_REFUSED,
  webhookUnreachable,
} from '@silk/schema/messages';
import type { WebhookDeliveryStatus, WebhookDeliveryView } from '@silk/schema/webhooks';
import {
  FieldValue,
  Timestamp,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
} from 'firebase-admin/firestore';
import { logger } from 'firebase-functions/logger';
import { emitAlertEvent } from '../events/alert-events';
import { webhookEventRef } from '../events/emit';
import { HttpError } from '../http/http';
import { claimDelivery, type ClaimRules } from '../shared/queue-claim';
import { newDelivery, readDigest, routeDigested } from './alert-digest';
import { alertBody } from './alert-format';
import { alertText, digestText, type AlertPayload } from './alert-text';
import { postWebhook, signedHeaders, type AttemptAnswer } from './attempt';
import { endpointKind, endpointRef } from './endpoints';
import { checkTarget, TargetRefused, type Resolve } from './target';
import { retryAfterMs } from './retry-after';
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
    type: data.type as EndpointEventType,
    ...(data.digest !== undefined && typeof data.count === 'number' ? { count: data.count } : {}),
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

export interface FanOutOptions {
  /** When the event was created (webhook_events' `createdAt`): its digest window. Default: now. */
  createdAt?: number;
  /** The alerts' digest window (webhook-config.ts). */
  digestWindowMs?: number;
}

/**
 * One delivery per enabled endpoint subscribed to the event (read now, not cached); a retry adds none
 * twice. An alert's bursty event is its window's lead or part of its digest (alert-digest.ts).
 */
export async function fanOut(
  db: Firestore,
  eventId: string,
  type: EndpointEventType,
  now = Date.now(),
  options: FanOutOptions = {},
): Promise<number> {
  const endpoints = await db.collection(COLLECTIONS.webhooks).where('enabled', '==', true).get();
  const subscribed = endpoints.docs.filter((doc) =>
    ((doc.get('events') as string[] | undefined) ?? []).includes(type),
  );
  await Promise.all(
    subscribed.map(async (endpoint) => {
      if (isAlertKind(endpointKind(endpoint.data())) && DIGESTED_EVENT_TYPES.includes(type)) {
        const event = { eventId, type, createdAt: options.createdAt ?? now };
        const since = Number(endpoint.get('createdAt') ?? 0);
        await routeDigested(db, endpoint.id, event, options.digestWindowMs ?? 60_000, now, since);
        return;
      }
      try {
        await deliveryRef(db, deliveryId(eventId, endpoint.id)).create(
          newDelivery(eventId, endpoint.id, type, now),
        );
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
  /** A failure for good is reported to the alerts (not when the endpoint or the event is gone). */
  alerts: boolean;
  /** The endpoint's URL as staff see it. */
  shownUrl: string;
  /** A digest: how many events it reported. */
  count?: number;
}

/** The body and headers of an attempt, or null for a digest left with nothing to report. */
async function message(
  data: DocumentData,
  endpoint: DocumentSnapshot,
  event: DocumentSnapshot | null,
  at: number,
  deps: AttemptDeps,
): Promise<{ body: string; headers: Record<string, string>; count?: number } | null> {
  const kind = endpointKind(endpoint.data());
  if (event === null) {
    const digest = await readDigest(deps.db, data);
    if (digest.count <= 0 || !isAlertKind(kind)) return null;
    return { body: alertBody(kind, digestText(digest)), headers: {}, count: digest.count };
  }
  const stored = String(event.get('body'));
  if (isAlertKind(kind)) {
    return { body: alertBody(kind, alertText(JSON.parse(stored) as AlertPayload)), headers: {} };
  }
  return {
    body: stored,
    headers: await signedHeaders(String(endpoint.get('secret')), event.id, stored, new Date(at)),
  };
}

async function attempt(data: DocumentData, deps: AttemptDeps, at: number): Promise<Outcome> {
  const isDigest = data.digest !== undefined;
  const [endpoint, event] = await Promise.all([
    endpointRef(deps.db, String(data.endpointId)).get(),
    isDigest ? Promise.resolve(null) : webhookEventRef(deps.db, String(data.eventId)).get(),
  ]);
  const url = String(endpoint.get('url') ?? '');
  const shownUrl = isAlertKind(endpointKind(endpoint.data())) ? maskAlertUrl(url) : url;
  const final = (answer: string, alerts = false): Outcome => ({
    status: null,
    answer,
    delivered: false,
    retryable: false,
    alerts,
    shownUrl,
  });
  if (!endpoint.exists) return final(WEBHOOK_ENDPOINT_REMOVED);
  if (endpoint.get('enabled') !== true) return final(WEBHOOK_ENDPOINT_DISABLED);
  if (event !== null && !event.exists) return final(WEBHOOK_EVENT_ERASED);
  let target;
  try {
    target = await checkTarget(url, {
      allowLocal: deps.config.allowLocalTargets,
      ...(deps.resolve ? { resolve: deps.resolve } : {}),
    });
  } catch (error) {
    if (!(error instanceof TargetRefused)) throw error;
    return error.lasting
      ? final(WEBHOOK_URL_REFUSED, true)
      : { ...final(webhookUnreachable(error.message), true), retryable: true };
  }
  const sent = await message(data, endpoint, event, at, deps);
  if (sent === null) return { ...final(WEBHOOK_DIGEST_EMPTY), delivered: true, count: 0 };
  const answer = await postWebhook(target, sent.body, sent.headers, deps.config.timeoutMs);
  const delivered = answer.status !== null && answer.status >= 200 && answer.status < 300;
  return {
    ...answer,
    delivered,
    retryable: !delivered,
    alerts: true,
    shownUrl,
    ...(sent.count === undefined ? {} : { count: sent.count }),
  };
}

/** The wait before the next attempt: a 429's Retry-After, else the schedule's; undefined when none is left. */
function nextDelay(outcome: Outcome, attempts: number, deps: AttemptDeps, now: number): number | undefined {
  const scheduled = outcome.retryable ? deps.config.retryDelaysMs[attempts - 1] : undefined;
  if (scheduled === undefined || outcome.status !== 429) return scheduled;
  return retryAfterMs(outcome.retryAfter, outcome.answer, now) ?? scheduled;
}

/** A delivery failed for good: the alerts subscribed to `delivery.failed` hear of it (never of their own). */
async function reportFailure(
  ref: DocumentReference,
  data: DocumentData,
  outcome: Outcome,
  attempts: number,
  at: number,
  db: Firestore,
): Promise<void> {
  if (data.type === 'delivery.failed') return;
  await emitAlertEvent(db, {
    type: 'delivery.failed',
    key: `${ref.id}\n${attempts}`,
    at,
    data: {
      deliveryId: ref.id,
      endpoint: outcome.shownUrl,
      type: String(data.type),
      attempts,
      lastStatus: outcome.status,
      lastAnswer: outcome.answer,
    },
  });
}

/** Claims the delivery and makes one attempt, then records it (and when the next one is due). */
async function attemptDelivery(ref: DocumentReference, deps: AttemptDeps): Promise<void> {
  const now = deps.now ?? Date.now;
  const data = await claimDelivery(ref, now() + deps.config.leaseMs, WEBHOOK_CLAIM);
  if (!data) return;
  const attempts = Number(data.delivery?.attempts ?? 0) + 1;
  const at = now();
  const outcome = await attempt(data, deps, at);
  const delay = nextDelay(outcome, attempts, deps, now());
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
    ...(outcome.count === undefined ? {} : { count: outcome.count }),
    lastStatus: outcome.status,
    lastAnswer: outcome.answer,
    lastAttemptAt: at,
    history,
  });
  if (!outcome.delivered && retryAt === undefined && outcome.alerts) {
    await reportFailure(ref, data, outcome, attempts, at, deps.db);
  }
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
