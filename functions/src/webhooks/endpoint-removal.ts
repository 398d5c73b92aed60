// Removing a webhook endpoint, for an Admin's tool and for a REST hook's owner alike: the endpoint goes
// in one transaction, then its deliveries waiting for an attempt stop.
import type { Firestore } from 'firebase-admin/firestore';
import { HttpError } from '../http/http';
import { stopDeliveries } from './deliveries';
import { endpointRef } from './endpoints';

export interface RemovalRules {
  /** The answer (404) for an unknown endpoint, and for one another owner made. */
  notFound: string;
  /** Only an endpoint whose `createdBy` is this owner is removed (undefined: any endpoint). */
  owner?: string;
}

/** Removes endpoint `id`; answers its URL and how many waiting deliveries stopped. */
export async function removeEndpoint(
  db: Firestore,
  id: string,
  { notFound, owner }: RemovalRules,
): Promise<{ url: string; stoppedDeliveries: number }> {
  const ref = endpointRef(db, id);
  const url = await db.runTransaction(async (transaction) => {
    const snapshot = await transaction.get(ref);
    if (!snapshot.exists || (owner !== undefined && snapshot.get('createdBy') !== owner)) {
      throw new HttpError(404, notFound);
    }
    transaction.delete(ref);
    return String(snapshot.get('url'));
  });
  return { url, stoppedDeliveries: await stopDeliveries(db, id) };
}
