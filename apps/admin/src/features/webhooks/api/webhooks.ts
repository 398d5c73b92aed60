import { listWebhooks, redeliverWebhook, removeWebhook, saveWebhook } from '@silk/data-access/webhooks';
import type { WebhookListResponse, WebhookSaveRequest, WebhookSaveResponse } from '@silk/schema/webhook-api';
import { adminServices } from '@/lib/services';

export const fetchWebhooks = (): Promise<WebhookListResponse> => listWebhooks(adminServices());
export const saveEndpoint = (request: WebhookSaveRequest): Promise<WebhookSaveResponse> => saveWebhook(adminServices(), request);
export const removeEndpoint = (id: string): Promise<void> => removeWebhook(adminServices(), id);
export const sendAgain = (deliveryId: string) => redeliverWebhook(adminServices(), deliveryId);
