// The signed-in member's staff record: read once at sign-in (with the retry policy), and watched while
// the panel is open so that a removed or disabled member is signed out at once.
import {
  STAFF_FETCH_BACKOFF_MS,
  STAFF_FETCH_MAX_RETRIES,
  UNKNOWN_USER,
  WAITLIST_RETRY_MS,
} from '@silk/schema/constants';
import type { Role } from '@silk/schema/roles';
import { grantsAccess, parseStaffRecord, type StaffRecord } from '@silk/schema/staff-record';
import { normalizeEmail } from '@silk/schema/validators';
import { getDoc, onSnapshot, type Unsubscribe } from 'firebase/firestore';
import type { AdminServices } from './admin-firebase';
import { isPermissionDenied, isServerOutOfReach } from './firestore-errors';
import { staffRef } from './refs';

export interface StaffInfo {
  username: string;
  roles: Role[];
  mustChangePassword: boolean;
  /** The account is a member: its own record exists and is not disabled (the rules refuse anyone else's). */
  hasAccess: boolean;
}

export interface StaffFetchOptions {
  /** How to wait between attempts (tests observe the delays); setTimeout by default. */
  wait?: (ms: number) => Promise<void>;
  /** Stops the attempts (the panel closed): the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The panel's view of a staff record; no username (or a blank one) reads 'Unknown User'. */
function staffInfoFrom(record: StaffRecord): StaffInfo {
  return {
    username: record.username.trim() !== '' ? record.username : UNKNOWN_USER,
    roles: record.roles,
    mustChangePassword: record.mustChangePassword,
    hasAccess: !record.disabled,
  };
}

/**
 * Reads staff/{email}. No document: the e-mail as username, no roles and no access; no username:
 * 'Unknown User'.
 * permission-denied is retried up to 3 times after 500 ms × attempt (0.5 s, 1 s, 1.5 s), then the
 * same fallback as a missing document. A server out of reach has not answered: the read is tried again
 * every second until it does (a dropped connection must not read as "no access"). Other errors are
 * logged and fall back at once.
 */
export async function fetchStaffInfo(
  services: AdminServices,
  email: string,
  options: StaffFetchOptions = {},
): Promise<StaffInfo> {
  const wait = options.wait ?? sleep;
  const fallback: StaffInfo = { username: email, roles: [], mustChangePassword: false, hasAccess: false };
  for (let refusals = 0; ;) {
    options.signal?.throwIfAborted();
    try {
      const snapshot = await getDoc(staffRef(services.db, normalizeEmail(email)));
      const data = snapshot.data();
      return data ? staffInfoFrom(parseStaffRecord(data)) : fallback;
    } catch (error) {
      if (isServerOutOfReach(error)) {
        await wait(WAITLIST_RETRY_MS);
        continue;
      }
      if (isPermissionDenied(error) && refusals < STAFF_FETCH_MAX_RETRIES) {
        refusals += 1;
        await wait(STAFF_FETCH_BACKOFF_MS * refusals);
        continue;
      }
      console.error('Staff info could not be read:', error);
      return fallback;
    }
  }
}

/**
 * Watches the member's own staff record and calls `onRevoked` once when access that was there ends: the
 * record is deleted, disabled, or names another account, or the rules start refusing the read. A
 * signed-in account that never had access is not reported (it sees the no-access screen instead).
 * `onRecord` receives each version of the record while it grants access (roles edited by an Admin, a
 * new username), so the open panel follows it without a reload.
 */
export function watchStaffAccess(
  services: AdminServices,
  email: string,
  uid: string,
  onRevoked: () => void,
  onRecord?: (info: StaffInfo) => void,
): Unsubscribe {
  let hadAccess = false;
  let reported = false;
  const report = () => {
    if (hadAccess && !reported) {
      reported = true;
      onRevoked();
    }
  };
  return onSnapshot(
    staffRef(services.db, normalizeEmail(email)),
    (snapshot) => {
      const data = snapshot.data();
      const record = data ? parseStaffRecord(data) : null;
      if (record && grantsAccess(record, uid)) {
        hadAccess = true;
        onRecord?.(staffInfoFrom(record));
      } else {
        report();
      }
    },
    () => report(),
  );
}
