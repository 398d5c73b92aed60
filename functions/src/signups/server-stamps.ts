// What server code stamps on a signup, whoever wrote it, in the one transaction of a signup trigger run
// (several transactions on one document in one run wait on each other): its first signup time when it has
// none (shared/first-signup.ts), a new signup's subscriber id (given before its `signup.created` goes out,
// so the event names the id a later `signup.erased` will name), and the hash of a plain edit key from before
// keys were hashed (edit-key-hash.ts).
//
// The subscriber id: the signup keeps one it has (addToMailingList may have been first), else takes its
// subscriber entry's, else a new one, and addToMailingList adopts the signup's id when it creates the
// subscriber, so whichever runs first, both end with the same id.
import type { Firestore } from 'firebase-admin/firestore';
import { newSubscriberId, signupRef, subscriberRef } from '../subscribers/subscribers';
import { firstSignupUpdate } from '../shared/first-signup';
import { signupChange } from '../shared/signup-change';
import { plainKeyUpdate } from './edit-key-hash';

const storedId = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/**
 * Stamps what the signup lacks; with `giveSubscriberId`, answers its subscriber id (given now if it has
 * none). Null when the signup is gone.
 */
export async function stampSignup(
  db: Firestore,
  email: string,
  { giveSubscriberId }: { giveSubscriberId: boolean },
): Promise<{ subscriberId: string | null } | null> {
  return db.runTransaction(async (transaction) => {
    // In addToMailingList's order (subscriber, then signup): two transactions that lock the same documents
    // in opposite orders wait on each other until one times out.
    const [subscriber, signup] = await transaction.getAll(subscriberRef(db, email), signupRef(db, email));
    if (!signup?.exists) return null;
    const own = storedId(signup.get('subscriberId'));
    const subscriberId = giveSubscriberId
      ? (own ?? storedId(subscriber?.get('subscriberId')) ?? newSubscriberId())
      : own;
    const keyUpdate = await plainKeyUpdate(signup.data());
    // The first signup time and the id are no change anyone sees in the panel (no `updatedAt`: a stamp
    // would make every new signup, imported or repaired, a change of the last hours in the panels' feeds);
    // replacing a key is, so the recent copy and open panels drop it.
    const update = {
      ...firstSignupUpdate(signup),
      ...(subscriberId !== null && subscriberId !== own ? { subscriberId } : {}),
      ...(Object.keys(keyUpdate).length > 0 ? signupChange(keyUpdate) : {}),
    };
    if (Object.keys(update).length > 0) transaction.update(signup.ref, update);
    return { subscriberId };
  });
}
