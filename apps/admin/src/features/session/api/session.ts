// What the signed-in panel loads: the member's staff info, kept live, and the signups (with the browser's copy).
import { deleteSignupsCache, indexedDbSignupsCache } from '@silk/data-access/signups-cache';
import { subscribeToSignups, type SignupsSnapshot } from '@silk/data-access/signups';
import { fetchStaffInfo, watchStaffAccess, type StaffInfo } from '@silk/data-access/staff';
import { env } from '@/config/env';
import { adminServices } from '@/lib/services';

export type { SignupsSnapshot } from '@silk/data-access/signups';

/** The member's staff info, read once (tried again while the server is out of reach, until `signal` aborts). */
export function fetchStaff(email: string, signal?: AbortSignal): Promise<StaffInfo> {
  return fetchStaffInfo(adminServices(), email, { signal });
}

/** Follows every signup of the member `uid`, from their browser's copy when there is one. Returns the unsubscribe function. */
export function watchSignups(uid: string, onChange: (snapshot: SignupsSnapshot) => void): () => void {
  const projectId = env.firebase.projectId;
  const cache = typeof indexedDB === 'undefined' ? undefined : indexedDbSignupsCache({ uid, projectId });
  return subscribeToSignups(adminServices(), onChange, { cache, uid, projectId });
}

/** Removes the browser's copy of the signups (on sign-out and when access ends). */
export function forgetSignups(): Promise<void> {
  return deleteSignupsCache();
}

/**
 * Follows the member's own staff record: `onRecord` with each version while it grants access, `onRevoked`
 * once when the member is removed, disabled or the record moves to another account. Returns the
 * unsubscribe function.
 */
export function watchOwnStaffRecord(
  email: string,
  uid: string,
  onRecord: (info: StaffInfo) => void,
  onRevoked: () => void,
): () => void {
  return watchStaffAccess(adminServices(), email, uid, onRevoked, onRecord);
}
