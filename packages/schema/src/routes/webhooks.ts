// The Admin's webhook endpoints and their deliveries.
import type {
  WebhookListRequest,
  WebhookListResponse,
  WebhookRedeliverRequest,
  WebhookRedeliverResponse,
  WebhookRemoveRequest,
  WebhookSaveRequest,
  WebhookSaveResponse,
} from '../webhook-api';
import { adminTool, defineRoutes, route } from './route';

const WEBHOOKS_ADMIN = adminTool('manageWebhooks');

export const WEBHOOK_ROUTES = defineRoutes('webhooks', {
  /** An Admin lists the webhook endpoints and their newest deliveries. */
  webhookList: route<WebhookListRequest, WebhookListResponse>()({
    path: '/api/webhooks/list',
    ...WEBHOOKS_ADMIN,
  }),
  /** An Admin adds an endpoint (its secret answered once) or changes one. */
  webhookSave: route<WebhookSaveRequest, WebhookSaveResponse>()({
    path: '/api/webhooks/save',
    ...WEBHOOKS_ADMIN,
    audit: ['webhook.created', 'webhook.updated'],
  }),
  webhookRemove: route<WebhookRemoveRequest, { ok: true }>()({
    path: '/api/webhooks/remove',
    ...WEBHOOKS_ADMIN,
    audit: ['webhook.removed'],
  }),
  /** "Send again": one more attempt of a delivery, now. */
  webhookRedeliver: route<WebhookRedeliverRequest, WebhookRedeliverResponse>()({
    path: '/api/webhooks/redeliver',
    ...WEBHOOKS_ADMIN,
    audit: ['webhook.redelivered'],
  }),
});
