// Every minute: scheduled broadcasts that are due (and preparations that crashed) are prepared, and the
// chunks of sending broadcasts whose run stopped are resumed (delivery.ts). The Functions emulator fires
// no schedules: the stack's clock does in `pnpm dev` and the e2e layer; tests and the bench call
// runBroadcastSchedule themselves.
import { onSchedule } from 'firebase-functions/v2/scheduler';
import type { Firestore } from 'firebase-admin/firestore';
import { adminServices } from '../shared/admin';
import { broadcastsRef, claimPreparation, dueBroadcasts, prepareBroadcast } from './broadcast-store';
import { resumeChunks } from './delivery';

export async function runBroadcastSchedule(db: Firestore, now = Date.now()): Promise<void> {
  for (const id of await dueBroadcasts(db, now)) {
    if (await claimPreparation(db, id, now)) await prepareBroadcast(db, id, now);
  }
  const sending = await broadcastsRef(db).where('state', '==', 'sending').get();
  for (const doc of sending.docs) await resumeChunks(db, doc.id, now);
}

export const broadcastSchedule = onSchedule(
  { schedule: '* * * * *', timeZone: 'Etc/UTC', retryCount: 0 },
  async () => runBroadcastSchedule(adminServices().db),
);
