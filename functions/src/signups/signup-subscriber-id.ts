// A new signup's subscriber id, given by the signup trigger's stamp (server-stamps.ts).
import type { Firestore } from 'firebase-admin/firestore';
import { stampSignup } from './server-stamps';

/** The signup's subscriber id, given to it now if it has none; null when the signup is gone. */
export async function assignSubscriberId(db: Firestore, email: string): Promise<string | null> {
  return (await stampSignup(db, email, { giveSubscriberId: true }))?.subscriberId ?? null;
}
