// Request and response shapes of the webhook routes (Admins): list, save (create or change), remove,
// send a delivery again.
import * as z from 'zod';
import { ALERT_ONLY_EVENT_TYPES, WEBHOOK_KINDS } from './alerts';
import { WEBHOOK_REQUEST_INVALID } from './messages';
import {
  MAX_WEBHOOK_URL_LENGTH,
  WEBHOOK_EVENT_TYPES,
  type WebhookDeliveryView,
  type WebhookEndpointView,
} from './webhooks';

/** Every refusal of these bodies says the same (the panel's form checks the same before sending). */
const invalid = { error: WEBHOOK_REQUEST_INVALID };
const endpointId = z.string(invalid).regex(/^[A-Za-z0-9_-]{1,64}$/, invalid);

export const webhookListRequestSchema = z.object({
  /** Only this endpoint's deliveries (newest first); all endpoints' otherwise. */
  endpointId: endpointId.optional(),
});
export type WebhookListRequest = z.input<typeof webhookListRequestSchema>;
export interface WebhookListResponse {
  endpoints: WebhookEndpointView[];
  /** The newest deliveries, at most 100. */
  deliveries: WebhookDeliveryView[];
}

export const webhookSaveRequestSchema = z.object({
  /** Absent: a new endpoint (its secret is answered once). */
  id: endpointId.optional(),
  url: z
    .string({ error: WEBHOOK_REQUEST_INVALID })
    .trim()
    .min(1, invalid)
    .max(MAX_WEBHOOK_URL_LENGTH, invalid),
  /** Absent: a new endpoint is standard, a changed one keeps its kind (a kind never changes). */
  kind: z.enum(WEBHOOK_KINDS, invalid).optional(),
  /** The kind's events (WEBHOOK_EVENT_TYPES or ALERT_EVENT_TYPES), checked against it by the server. */
  events: z
    .array(z.enum([...WEBHOOK_EVENT_TYPES, ...ALERT_ONLY_EVENT_TYPES], invalid), invalid)
    .min(1, invalid)
    .max(WEBHOOK_EVENT_TYPES.length + ALERT_ONLY_EVENT_TYPES.length, invalid)
    .refine((events) => new Set(events).size === events.length, invalid),
  enabled: z.boolean(invalid).default(true),
  description: z.string(invalid).trim().max(200, invalid).default(''),
});
export type WebhookSaveRequest = z.input<typeof webhookSaveRequestSchema>;
export interface WebhookSaveResponse {
  endpoint: WebhookEndpointView;
  /** The signing secret (`whsec_…`): only in the answer that created a standard endpoint. */
  secret?: string;
}

export const webhookRemoveRequestSchema = z.object({ id: endpointId });
export type WebhookRemoveRequest = z.input<typeof webhookRemoveRequestSchema>;

export const webhookRedeliverRequestSchema = z.object({
  deliveryId: z.string(invalid).regex(/^[A-Za-z0-9_.:-]{1,200}$/, invalid),
});
export type WebhookRedeliverRequest = z.input<typeof webhookRedeliverRequestSchema>;
export interface WebhookRedeliverResponse {
  delivery: WebhookDeliveryView;
}
