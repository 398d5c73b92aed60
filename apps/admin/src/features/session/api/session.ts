// What the signed-in panel loads: the member's staff info, kept live, and the live signups.
import { subscribeToSignups, type WaitlistSignupRow } from '@silk/data-access/signups';
import { fetchStaffInfo, watchStaffAccess, type StaffInfo } from '@silk/data-access/staff';
import { adminServices } from '@/lib/services';

export function fetchStaff(email: string): Promise<StaffInfo> {
  return fetchStaffInfo(adminServices(), email);
}

/** Returns the unsubscribe function. */
export function watchSignups(onRows: (rows: WaitlistSignupRow[]) => void): () => void {
  return subscribeToSignups(adminServices(), onRows);
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
