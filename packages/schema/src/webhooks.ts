// Outgoing webhooks: the events Silk sends, what an endpoint and a delivery look like to staff, and the
// retry schedule. Deliveries follow the Standard Webhooks convention (https://www.standardwebhooks.com):
// headers `webhook-id` (the event's id, the same on every attempt), `webhook-timestamp` (seconds) and
// `webhook-signature` (`v1,<base64 HMAC-SHA256>` of `id.timestamp.body` with the endpoint's `whsec_`
// secret), signed by the `standardwebhooks` library; the body is `{ type, timestamp, data }`.
// Pure and zod-free (the panel imports it). Slack and Discord alerts are endpoints of another kind
// (alerts.ts).
import type { EndpointEventType, WebhookKind } from './alerts';

/** The events an endpoint may subscribe to, in the panel's order. */
export const WEBHOOK_EVENT_TYPES = [
  'signup.created',
  'signup.confirmed',
  'signup.unsubscribed',
  'signup.erased',
  'referral.credited',
  'invitation.sent',
  'invitation.redeemed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * What each event's `data` carries. An erasure names no address: only the subscriber's opaque id, which
 * every event about a signup carries (from `signup.created` on), so a receiver can match it.
 */
export interface WebhookEventData {
  'signup.created': {
    email: string;
    subscriberId: string;
    timestamp: string | null;
    source: string | null;
    campaign: string | null;
    imported: boolean;
  };
  /** subscriberId: the opaque id a later `signup.erased` names. */
  'signup.confirmed': { email: string; subscriberId: string; confirmedAt: string };
  'signup.unsubscribed': { email: string; subscriberId: string; unsubscribedAt: string };
  'signup.erased': { subscriberId: string; erasedAt: string };
  'referral.credited': { referrer: string; referred: string; creditedAt: string };
  'invitation.sent': { email: string; waveId: string; invitedAt: string };
  'invitation.redeemed': { email: string; waveId: string | null; joinedAt: string };
}

/** The body of every delivery (Standard Webhooks' recommended payload). */
export interface WebhookPayload<T extends WebhookEventType = WebhookEventType> {
  type: T;
  /** When the event happened (ISO 8601). */
  timestamp: string;
  data: WebhookEventData[T];
}

/**
 * Seconds to wait before each retry after a failed attempt: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h —
 * eight attempts over about 27 hours, then the delivery is `failed` (Standard Webhooks' schedule).
 * The emulator's configuration shortens it (WEBHOOK_RETRY_SCHEDULE_SECONDS).
 */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [5, 300, 1800, 7200, 18000, 36000, 36000] as const;

/** A delivery attempt gives up after this long without an answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How much of the receiver's answer is kept and shown. */
export const WEBHOOK_ANSWER_KEPT_CHARS = 500;
/** Endpoints an Admin may register. */
export const MAX_WEBHOOK_ENDPOINTS = 20;
export const MAX_WEBHOOK_URL_LENGTH = 2000;

/** An endpoint as staff see it: never its secret (shown once, when created). */
export interface WebhookEndpointView {
  id: string;
  /** An alert's URL masked (`maskAlertUrl`): its token is kept like a signing secret. */
  url: string;
  /** standard for an endpoint stored before alerts existed. */
  kind: WebhookKind;
  events: EndpointEventType[];
  enabled: boolean;
  description: string;
  createdAt: number;
  createdBy: string;
}

/** pending: waiting for its next attempt; delivered: a 2xx answer; failed: retries exhausted or refused target. */
export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface WebhookDeliveryView {
  id: string;
  endpointId: string;
  eventId: string;
  type: EndpointEventType;
  /** An alert's digest: how many events of `type` it reported (absent for one event). */
  count?: number;
  status: WebhookDeliveryStatus;
  attempts: number;
  /** The last answer's HTTP status (null: no answer — a timeout, a refused address). */
  lastStatus: number | null;
  /** The start of the last answer's body, or why there was none. */
  lastAnswer: string;
  lastAttemptAt: number | null;
  /** When the next attempt is due (pending only). */
  nextAttemptAt: number | null;
  createdAt: number;
}
