// broadcasts/{id} created → a broadcast made to go out now is prepared: its audience chosen and its
// chunks written (broadcast-store.ts). A scheduled one is prepared by the schedule when due.
import { COLLECTIONS } from '@silk/schema/constants';
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { adminServices } from '../shared/admin';
import { prepareBroadcast, type StoredBroadcast } from './broadcast-store';

export const onBroadcastWritten = onDocumentWritten(
  { document: `${COLLECTIONS.broadcasts}/{broadcastId}`, retry: false, timeoutSeconds: 540, memory: '1GiB' },
  async (event) => {
    const before = event.data?.before.data() as StoredBroadcast | undefined;
    const after = event.data?.after.data() as StoredBroadcast | undefined;
    if (before !== undefined || after?.state !== 'preparing') return;
    await prepareBroadcast(adminServices().db, event.params.broadcastId);
  },
);
