// A person's place in line: the time their signup document was first created, kept in its own field
// (`firstSignupAt`) so that a repeat signup, which refreshes `timestamp`, never moves it. Browsers cannot
// write the field (firestore.rules); the server takes it from Firestore's own creation time.
import type { DocumentSnapshot, Timestamp } from 'firebase-admin/firestore';

export const FIRST_SIGNUP_FIELD = 'firstSignupAt';

/** The update that records the first signup time, or nothing when it is recorded already. */
export function firstSignupUpdate(signup: DocumentSnapshot): { firstSignupAt?: Timestamp } {
  if (!signup.exists || !signup.createTime || signup.get(FIRST_SIGNUP_FIELD)) return {};
  return { [FIRST_SIGNUP_FIELD]: signup.createTime };
}
