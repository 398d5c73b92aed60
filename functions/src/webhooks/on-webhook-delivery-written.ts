// webhook_deliveries/{id} written → a PENDING or RETRY delivery gets its attempt (deliveries.ts). Our own
// retries only (the schedule and the redrive): the platform's event retry stays off.
import { COLLECTIONS } from '@silk/schema/constants';
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { adminServices } from '../shared/admin';
import { handleDeliveryWrite } from './deliveries';
import { readWebhookConfig } from './webhook-config';

export const onWebhookDeliveryWritten = onDocumentWritten(
  { document: `${COLLECTIONS.webhookDeliveries}/{id}`, retry: false, timeoutSeconds: 60 },
  async (event) => {
    const after = event.data?.after;
    if (!after?.exists) return;
    await handleDeliveryWrite(after.ref, after.data(), {
      db: adminServices().db,
      config: readWebhookConfig(),
    });
  },
);
