// The network a signup came from, as the server observed it (the referral network rule compares these):
// a keyed hash of the /24 or /48 of the trusted client address (http/trusted-client.ts), set once on
// subscribers/{email} by the mailing list's transaction (subscribers/mailing-list.ts) at the first server request
// for the signup that yields one (/api/subscribe or /api/join) and never changed by a later request. The
// browser's `ip` field is not used. Without a trusted address nothing is recorded, and the rule skips the
// signup.
import { COLLECTIONS } from '@silk/schema/constants';
import type { Firestore } from 'firebase-admin/firestore';
import type { HttpRequest } from '../http/http';
import { trustedClientAddress } from '../http/trusted-client';
import { keyedHash } from '../shared/keyed-hash';
import { networkOf } from './network';

/** The stored field on subscribers/{email}. */
export const SIGNUP_NETWORK_FIELD = 'network';

/** The request's network, hashed; null when no client address can be trusted. */
export function observedNetwork(
  req: HttpRequest,
  trustedProxies: readonly string[],
  secret: () => string,
): string | null {
  const network = networkOf(trustedClientAddress(req, trustedProxies));
  return network === null ? null : keyedHash(secret(), 'network', network);
}

/** The network recorded for an address's signup, or null. */
export async function signupNetwork(db: Firestore, email: string): Promise<string | null> {
  const network = (await db.collection(COLLECTIONS.subscribers).doc(email).get()).get(
    SIGNUP_NETWORK_FIELD,
  ) as unknown;
  return typeof network === 'string' && network !== '' ? network : null;
}
