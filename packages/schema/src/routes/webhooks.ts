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
import { MANAGE_TEAM_LIMITS, adminOnly, defineRoutes, route } from './route';

export const WEBHOOK_ROUTES = defineRoutes('webhooks', {
  /** An Admin lists the webhook endpoints and their newest deliveries. */
  webhookList: route<WebhookListRequest, WebhookListResponse>()({
    path: '/api/webhooks/list',
    hosting: 'admin',
    access: adminOnly('manageWebhooks'),
    rateLimits: MANAGE_TEAM_LIMITS,
  }),
  /** An Admin adds an endpoint (its secret answered once) or changes one. */
  webhookSave: route<WebhookSaveRequest, WebhookSaveResponse>()({
    path: '/api/webhooks/save',
    hosting: 'admin',
    access: adminOnly('manageWebhooks'),
    rateLimits: MANAGE_TEAM_LIMITS,
    audit: ['webhook.created', 'webhook.updated'],
  }),
  webhookRemove: route<WebhookRemoveRequest, { ok: true }>()({
    path: '/api/webhooks/remove',
    hosting: 'admin',
    access: adminOnly('manageWebhooks'),
    rateLimits: MANAGE_TEAM_LIMITS,
    audit: ['webhook.removed'],
  }),
  /** "Send again": one more attempt of a delivery, now. */
  webhookRedeliver: route<WebhookRedeliverRequest, WebhookRedeliverResponse>()({
    path: '/api/webhooks/redeliver',
    hosting: 'admin',
    access: adminOnly('manageWebhooks'),
    rateLimits: MANAGE_TEAM_LIMITS,
    audit: ['webhook.redelivered'],
  }),
});
