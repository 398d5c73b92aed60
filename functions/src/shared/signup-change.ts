// Every server write to a waitlist_signups document goes through signupChange: it stamps `updatedAt`, the
// field the admin panel's changes feed follows (browser writes set it too, enforced by firestore.rules).
import { FieldValue } from 'firebase-admin/firestore';

export function signupChange<T extends object>(fields: T): T & { updatedAt: FieldValue } {
  return { ...fields, updatedAt: FieldValue.serverTimestamp() };
}
