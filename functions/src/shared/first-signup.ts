// A person's place in line follows the first time they signed up (`firstSignupAt`), set once by the server
// and never by a repeat signup, which refreshes `timestamp`. Browsers cannot write the field
// (firestore.rules). A path that creates a signup sets it (/api/join, an import); for any other writer (the
// browser, the console, a script) it is taken from the record itself: the earlier of Firestore's creation
// time and the signup's `timestamp`. The rules set a browser's `timestamp` to the request's time, so it is
// never earlier than the truth; an import's original time may be. Only an import may move it, and only
// earlier (earlierFirstSignup).
import { Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';

export const FIRST_SIGNUP_FIELD = 'firstSignupAt';

/** Whether the signup's first signup time is recorded (a Firestore timestamp; anything else is stamped over). */
export function hasFirstSignup(signup: DocumentSnapshot): boolean {
  return signup.get(FIRST_SIGNUP_FIELD) instanceof Timestamp;
}

/** The first signup time the record shows: its creation time, or its `timestamp` when that is earlier. */
export function firstSignupTime(signup: DocumentSnapshot): Timestamp | null {
  if (!signup.exists || !signup.createTime) return null;
  const timestamp = signup.get('timestamp') as unknown;
  return timestamp instanceof Timestamp && timestamp.toMillis() < signup.createTime.toMillis()
    ? timestamp
    : signup.createTime;
}

/** The update that records the first signup time, or nothing when it is recorded already. */
export function firstSignupUpdate(signup: DocumentSnapshot): { firstSignupAt?: Timestamp } {
  if (hasFirstSignup(signup)) return {};
  const time = firstSignupTime(signup);
  return time ? { [FIRST_SIGNUP_FIELD]: time } : {};
}

/** The update that moves the first signup time to `millis` when that is earlier (an import's original time). */
export function earlierFirstSignup(signup: DocumentSnapshot, millis: number): { firstSignupAt?: Timestamp } {
  const recorded = hasFirstSignup(signup)
    ? (signup.get(FIRST_SIGNUP_FIELD) as Timestamp)
    : firstSignupTime(signup);
  if (recorded && recorded.toMillis() <= millis) return firstSignupUpdate(signup);
  return { [FIRST_SIGNUP_FIELD]: Timestamp.fromMillis(millis) };
}
