// mail/{id} written → the delivery state machine of outbox/delivery.ts: a new mail is marked PENDING, a
// PENDING or RETRY mail is sent over SMTP (SMTP_CONNECTION_URI; MailDev in the emulator) and marked
// SUCCESS or ERROR. Our own retries only: the platform's event retry stays off.
import { COLLECTIONS } from '@silk/schema/constants';
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { adminServices } from '../shared/admin';
import { handleMailWrite, type DeliveryDeps } from './delivery';
import { readMailConfig, smtpUrl } from './mail-config';
import { smtpConnectionUri } from '../shared/secrets';
import { smtpTransport } from './smtp';

function deliveryDeps(): DeliveryDeps {
  const config = readMailConfig();
  return {
    db: adminServices().db,
    config,
    transport: () => smtpTransport(smtpUrl(smtpConnectionUri.value()), config),
  };
}

export const sendMail = onDocumentWritten(
  { document: `${COLLECTIONS.mail}/{id}`, secrets: [smtpConnectionUri], timeoutSeconds: 300, retry: false },
  async (event) => {
    const change = event.data;
    if (!change) return;
    const before = change.before.exists ? change.before.data() : undefined;
    const after = change.after.exists ? change.after.data() : undefined;
    await handleMailWrite(change.after.ref, before, after, deliveryDeps());
  },
);
