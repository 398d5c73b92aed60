// The first signup time (shared/first-signup.ts) of a signup a writer left without one — the browser's
// landing write before its /api/subscribe call, the console, a script — is stamped by the signup trigger
// (server-stamps.ts), and here by the 6-hourly maintenance for any the trigger missed (and for a list from
// before the field), so that everyone has a place in line without anyone acting. The panel does not show the field, so the stamp
// leaves `updatedAt` alone: an open panel is not sent the row again for it.
import type { Firestore } from 'firebase-admin/firestore';
import { FIRST_SIGNUP_FIELD, firstSignupUpdate, hasFirstSignup } from '../shared/first-signup';
import { stampMissingField } from './missing-field-stamp';

/**
 * Stamps every signup without a first signup time, reading the two fields it is made of. Returns how many
 * were stamped.
 */
export function stampMissingFirstSignups(db: Firestore): Promise<number> {
  return stampMissingField(db, {
    field: FIRST_SIGNUP_FIELD,
    read: [FIRST_SIGNUP_FIELD, 'timestamp'],
    has: hasFirstSignup,
    stamp: firstSignupUpdate,
  });
}
