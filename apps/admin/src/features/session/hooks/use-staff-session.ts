import type { StaffInfo } from '@silk/data-access/staff';
import { POST_LOGIN_LOAD_DELAY_MS } from '@silk/schema/constants';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  fetchStaff,
  watchOwnStaffRecord,
  watchSignups,
  type SignupsSnapshot,
} from '@/features/session/api/session';
import { mark, SIGNUPS_COMPLETE_MARK, SIGNUPS_RECEIVED_MARK } from '@/lib/perf-marks';

const NO_SIGNUPS: SignupsSnapshot = { rows: null, total: null, complete: false, serverDocs: 0 };

interface StaffSession {
  /** null until the staff document has been read. */
  staff: StaffInfo | null;
  /** Rows null while nothing has arrived yet ("Loading data..."). */
  signups: SignupsSnapshot;
  setUsername: (username: string) => void;
  passwordChanged: () => void;
}

interface SessionUser {
  uid: string;
  email: string;
}

/**
 * PRODUCT.md#admin-panel: about 200 ms after sign-in, start following the signups and fetch the staff info (both retry
 * per PRODUCT.md#messages inside data-access). An account without access stops there (the signups too); a member's
 * own staff record is then followed: an Admin's change of roles shows at once, and removal, disabling
 * or a record bound to another account calls `onRevoked` (the panel signs out).
 * Everything stops when the user signs out.
 */
export function useStaffSession(user: SessionUser, onRevoked: () => void): StaffSession {
  const { uid, email } = user;
  const [staff, setStaff] = useState<StaffInfo | null>(null);
  const [signups, setSignups] = useState<SignupsSnapshot>(NO_SIGNUPS);
  const revoked = useRef(onRevoked);
  useEffect(() => {
    revoked.current = onRevoked;
  });

  useEffect(() => {
    let active = true;
    let unsubscribe: (() => void) | undefined;
    let unwatch: (() => void) | undefined;
    let received = false;
    let completed = false;
    const closed = new AbortController();
    setStaff(null);
    setSignups(NO_SIGNUPS);
    const followSignups = () => {
      unsubscribe = watchSignups(uid, (snapshot) => {
        if (!active) return;
        if (!received && snapshot.rows !== null) {
          received = true;
          mark(SIGNUPS_RECEIVED_MARK);
        }
        if (!completed && snapshot.complete) {
          completed = true;
          mark(SIGNUPS_COMPLETE_MARK, { serverDocs: snapshot.serverDocs, rows: snapshot.rows?.length ?? 0 });
        }
        setSignups(snapshot);
      });
    };
    const timer = setTimeout(() => {
      // Both at once: the signups' first reads do not wait for the staff record (the rules check access).
      followSignups();
      fetchStaff(email, closed.signal)
        .then((info) => {
          if (!active) return;
          setStaff(info);
          if (!info.hasAccess) {
            unsubscribe?.();
            unsubscribe = undefined;
            return;
          }
          unwatch = watchOwnStaffRecord(
            email,
            uid,
            (record) => {
              if (active) setStaff(record);
            },
            () => {
              if (!active) return;
              unsubscribe?.();
              unsubscribe = undefined;
              revoked.current();
            },
          );
        })
        .catch((error: unknown) => {
          if (!active) return;
          // fetchStaff falls back by itself; anything else still must not leave the panel blank.
          console.error(error);
          setStaff({ username: email, roles: [], mustChangePassword: false, hasAccess: false });
        });
    }, POST_LOGIN_LOAD_DELAY_MS);
    return () => {
      active = false;
      closed.abort();
      clearTimeout(timer);
      unsubscribe?.();
      unwatch?.();
    };
  }, [email, uid]);

  const setUsername = useCallback(
    (username: string) => setStaff((current) => (current ? { ...current, username } : current)),
    [],
  );
  const passwordChanged = useCallback(
    () => setStaff((current) => (current ? { ...current, mustChangePassword: false } : current)),
    [],
  );

  return { staff, signups, setUsername, passwordChanged };
}
