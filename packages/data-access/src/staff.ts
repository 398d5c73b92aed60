// The signed-in member's staff record: read once at sign-in (with the retry policy), and watched while
// the panel is open so that a removed or disabled member is signed out at once.
import { STAFF_FETCH_BACKOFF_MS, STAFF_FETCH_MAX_RETRIES, UNKNOWN_USER } from '@silk/schema/constants';
import { normalizeEmail } from '@silk/schema/validators';
import { getDoc, onSnapshot, type Unsubscribe } from 'firebase/firestore';
import type { AdminServices } from './admin-firebase';
import { staffRef } from './refs';

export interface StaffInfo {
  username: string;
  roles: string[];
  mustChangePassword: boolean;
  /** The account is a member: its own record exists and is not disabled (the rules refuse anyone else's). */
  hasAccess: boolean;
}

export interface StaffFetchOptions {
  /** How to wait between attempts (tests observe the delays); setTimeout by default. */
  wait?: (ms: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function isPermissionDenied(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'permission-denied';
}

/** The panel's view of a staff record; no username reads 'Unknown User'. */
function staffInfoFrom(data: Record<string, unknown>): StaffInfo {
  return {
    username: typeof data.username === 'string' && data.username.trim() !== '' ? data.username : UNKNOWN_USER,
    roles: Array.isArray(data.roles)
      ? data.roles.filter((role): role is string => typeof role === 'string')
      : [],
    mustChangePassword: data.mustChangePassword === true,
    hasAccess: data.disabled !== true,
  };
}

/**
 * Reads staff/{email}. No document: the e-mail as username, no roles and no access; no username:
 * 'Unknown User'.
 * permission-denied is retried up to 3 times after 500 ms × attempt (0.5 s, 1 s, 1.5 s), then the
 * same fallback as a missing document. Other errors are logged and fall back at once.
 */
export async function fetchStaffInfo(
  services: AdminServices,
  email: string,
  options: StaffFetchOptions = {},
): Promise<StaffInfo> {
  const wait = options.wait ?? sleep;
  const fallback: StaffInfo = { username: email, roles: [], mustChangePassword: false, hasAccess: false };
  for (let attempt = 0; ; attempt += 1) {
    try {
      const snapshot = await getDoc(staffRef(services.db, normalizeEmail(email)));
      const data = snapshot.data();
      return data ? staffInfoFrom(data) : fallback;
    } catch (error) {
      if (isPermissionDenied(error) && attempt < STAFF_FETCH_MAX_RETRIES) {
        await wait(STAFF_FETCH_BACKOFF_MS * (attempt + 1));
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
      if (data && data.uid === uid && data.disabled !== true) {
        hadAccess = true;
        onRecord?.(staffInfoFrom(data));
      } else {
        report();
      }
    },
    () => report(),
  );
}
