// The figures read when the broadcasts are listed: sent, failed and skipped are counted as the mail goes
// out (delivery.ts); bounced and unsubscribed are the suppression list's entries made since the broadcast
// went out (a bounce, an unsubscribe) for mailboxes it was sent to. An unsubscribe lifted by re-subscribing
// or an erasure is no longer on the list and no longer counted. Once a broadcast is done, a marker still
// `sending` is a mail whose outcome nobody heard (delivery.ts): counted as unknown.
import type { BroadcastView } from '@silk/schema/broadcasts';
import { COLLECTIONS } from '@silk/schema/constants';
import type { Firestore } from 'firebase-admin/firestore';
import { broadcastRef, recipientRef } from './broadcast-store';

/** Entries read at most for one listing: the list's recent bounces and unsubscribes. */
const ENTRIES_READ = 5000;

export async function withListFigures(db: Firestore, views: BroadcastView[]): Promise<BroadcastView[]> {
  const started = views.filter((view) => view.state === 'sending' || view.state === 'done');
  if (started.length === 0) return views;
  const since = Math.min(...started.map((view) => view.sendAt));
  const entries = await db
    .collection(COLLECTIONS.suppressions)
    .where('at', '>=', since)
    .orderBy('at')
    .limit(ENTRIES_READ)
    .get();
  const figures = new Map<string, { bounced: number; unsubscribed: number; unknown: number }>();
  for (const view of started) {
    const later = entries.docs.filter((doc) => Number(doc.get('at')) >= view.sendAt);
    const markers =
      later.length > 0 ? await db.getAll(...later.map((doc) => recipientRef(db, view.id, doc.id))) : [];
    let bounced = 0;
    let unsubscribed = 0;
    for (const [index, doc] of later.entries()) {
      const marker = markers[index];
      if (marker?.get('state') !== 'sent' || Number(doc.get('at')) < Number(marker.get('sentAt'))) continue;
      if (doc.get('reason') === 'bounce') bounced += 1;
      if (doc.get('reason') === 'unsubscribe') unsubscribed += 1;
    }
    const unknown =
      view.state === 'done'
        ? (
            await broadcastRef(db, view.id)
              .collection('recipients')
              .where('state', '==', 'sending')
              .count()
              .get()
          ).data().count
        : 0;
    figures.set(view.id, { bounced, unsubscribed, unknown });
  }
  return views.map((view) => ({ ...view, ...(figures.get(view.id) ?? {}) }));
}
