// Request and response shapes of the webhook routes (Admins): list, save (create or change), remove,
// send a delivery again.
import * as z from 'zod';
import { WEBHOOK_REQUEST_INVALID } from './messages';
import {
  MAX_WEBHOOK_URL_LENGTH,
  WEBHOOK_EVENT_TYPES,
  type WebhookDeliveryView,
  type WebhookEndpointView,
} from './webhooks';

const endpointId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: WEBHOOK_REQUEST_INVALID });

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
  url: z.string({ error: WEBHOOK_REQUEST_INVALID }).trim().min(1).max(MAX_WEBHOOK_URL_LENGTH),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES, { error: WEBHOOK_REQUEST_INVALID })).min(1).max(WEBHOOK_EVENT_TYPES.length),
  enabled: z.boolean().default(true),
  description: z.string().trim().max(200).default(''),
});
export type WebhookSaveRequest = z.input<typeof webhookSaveRequestSchema>;
export interface WebhookSaveResponse {
  endpoint: WebhookEndpointView;
  /** The signing secret (`whsec_…`): only in the answer that created the endpoint. */
  secret?: string;
}

export const webhookRemoveRequestSchema = z.object({ id: endpointId });
export type WebhookRemoveRequest = z.input<typeof webhookRemoveRequestSchema>;

export const webhookRedeliverRequestSchema = z.object({
  deliveryId: z.string().regex(/^[A-Za-z0-9_.:-]{1,200}$/, { error: WEBHOOK_REQUEST_INVALID }),
});
export type WebhookRedeliverRequest = z.input<typeof webhookRedeliverRequestSchema>;
export interface WebhookRedeliverResponse {
  delivery: WebhookDeliveryView;
}
