// webhook_events/{id} created → one delivery per subscribed enabled endpoint (deliveries.ts fanOut), an
// alert's bursty events by their creation time's digest window. Retried by the platform: a delivery
// created before is not created again.
import type { EndpointEventType } from '@silk/schema/alerts';
import { COLLECTIONS } from '@silk/schema/constants';
import { Timestamp } from 'firebase-admin/firestore';
import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import { adminServices } from '../shared/admin';
import { fanOut } from './deliveries';
import { readWebhookConfig } from './webhook-config';

export const onWebhookEventCreated = onDocumentCreated(
  { document: `${COLLECTIONS.webhookEvents}/{id}`, retry: true },
  async (event) => {
    const type = event.data?.get('type') as EndpointEventType | undefined;
    const createdAt = event.data?.get('createdAt') as unknown;
    if (!type) return;
    await fanOut(adminServices().db, event.params.id, type, Date.now(), {
      ...(createdAt instanceof Timestamp ? { createdAt: createdAt.toMillis() } : {}),
      digestWindowMs: readWebhookConfig().digestWindowMs,
    });
  },
);
