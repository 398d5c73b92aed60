// The subscriber id of a new signup, given before its `signup.created` goes out so the event names the
// id a later `signup.erased` will name. One transaction reads the signup and the address's subscriber
// entry: the signup keeps an id it has (addToMailingList may have been first), else takes the
// subscriber's, else a new one — and addToMailingList adopts the signup's id when it creates the
// subscriber, so whichever runs first, both end with the same id. The same write records the signup's
// first signup time when it has none (a new signup's trigger then writes it once, not twice).
import type { Firestore } from 'firebase-admin/firestore';
import { newSubscriberId, signupRef, subscriberRef } from '../mail/subscribers';
import { firstSignupUpdate } from '../shared/first-signup';

const storedId = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/** The signup's subscriber id, given to it now if it has none; null when the signup is gone. */
export async function assignSubscriberId(db: Firestore, email: string): Promise<string | null> {
  return db.runTransaction(async (transaction) => {
    // In addToMailingList's order (subscriber, then signup): two transactions that lock the same documents
    // in opposite orders wait on each other until one times out.
    const [subscriber, signup] = await transaction.getAll(subscriberRef(db, email), signupRef(db, email));
    if (!signup?.exists) return null;
    const firstSignup = firstSignupUpdate(signup);
    const own = storedId(signup.get('subscriberId'));
    if (own !== null) {
      if (firstSignup.firstSignupAt) transaction.update(signup.ref, firstSignup);
      return own;
    }
    const subscriberId = storedId(subscriber?.get('subscriberId')) ?? newSubscriberId();
    // Not stamped (signupChange): the id is no change of the signup anyone sees, and a stamp would make
    // every new signup, imported or repaired, a change of the last hours in the panels' feeds.
    transaction.update(signup.ref, { ...firstSignup, subscriberId });
    return subscriberId;
  });
}
