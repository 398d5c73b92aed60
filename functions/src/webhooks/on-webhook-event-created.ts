// webhook_events/{id} created → one delivery per subscribed enabled endpoint (deliveries.ts fanOut).
// Retried by the platform: a delivery created before is not created again.
import { COLLECTIONS } from '@silk/schema/constants';
import type { WebhookEventType } from '@silk/schema/webhooks';
import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import { adminServices } from '../shared/admin';
import { fanOut } from './deliveries';

export const onWebhookEventCreated = onDocumentCreated(
  { document: `${COLLECTIONS.webhookEvents}/{id}`, retry: true },
  async (event) => {
    const type = event.data?.get('type') as WebhookEventType | undefined;
    if (type) await fanOut(adminServices().db, event.params.id, type);
  },
);
