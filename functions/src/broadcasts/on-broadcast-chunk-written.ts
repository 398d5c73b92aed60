// broadcasts/{id}/chunks/{n} written → a pending chunk is sent (delivery.ts); finishing it makes the
// next one pending, so a broadcast of any size goes out in steps well inside a function's timeout.
import { COLLECTIONS } from '@silk/schema/constants';
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { readMailConfig, smtpUrl } from '../outbox/mail-config';
import { smtpTransport } from '../outbox/smtp';
import { adminServices } from '../shared/admin';
import { mailTokenSecret, smtpConnectionUri } from '../shared/secrets';
import { defaultMailContext } from '../subscribers/mailing-list';
import type { StoredChunk } from './broadcast-store';
import { sendChunk } from './delivery';

const CHUNK_LEASE_MS = 9 * 60_000;

export const onBroadcastChunkWritten = onDocumentWritten(
  {
    document: `${COLLECTIONS.broadcasts}/{broadcastId}/chunks/{chunk}`,
    retry: false,
    secrets: [mailTokenSecret, smtpConnectionUri],
    timeoutSeconds: 540,
  },
  async (event) => {
    const chunk = event.data?.after.data() as StoredChunk | undefined;
    if (chunk?.state !== 'pending') return;
    const config = readMailConfig();
    const context = defaultMailContext();
    await sendChunk(adminServices().db, event.params.broadcastId, Number(event.params.chunk), {
      context: () => context,
      transport: () => smtpTransport(smtpUrl(smtpConnectionUri.value()), config, { pool: true }),
      ratePerSecond: config.ratePerSecond,
      leaseMs: CHUNK_LEASE_MS,
    });
  },
);
