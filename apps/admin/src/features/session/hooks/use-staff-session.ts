import type { WaitlistSignupRow } from '@silk/data-access/signups';
import type { StaffInfo } from '@silk/data-access/staff';
import { POST_LOGIN_LOAD_DELAY_MS } from '@silk/schema/constants';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchStaff, watchOwnStaffRecord, watchSignups } from '@/features/session/api/session';
import { mark, SIGNUPS_RECEIVED_MARK } from '@/lib/perf-marks';

interface StaffSession {
  /** null until the staff document has been read. */
  staff: StaffInfo | null;
  /** null while the live subscription has not delivered yet ("Loading data..."). */
  signups: WaitlistSignupRow[] | null;
  setUsername: (username: string) => void;
  passwordChanged: () => void;
}

interface SessionUser {
  uid: string;
  email: string;
}

/**
 * SPEC §4: about 200 ms after sign-in, start the live subscription to the signups and fetch the staff
 * info (both retry per SPEC §8 inside data-access). Then the member's own staff record is followed: an
 * Admin's change of roles shows at once, and removal, disabling or a record bound to another account
 * calls `onRevoked` (the panel signs out). Everything stops when the user signs out.
 */
export function useStaffSession(user: SessionUser, onRevoked: () => void): StaffSession {
  const { uid, email } = user;
  const [staff, setStaff] = useState<StaffInfo | null>(null);
  const [signups, setSignups] = useState<WaitlistSignupRow[] | null>(null);
  const revoked = useRef(onRevoked);
  useEffect(() => {
    revoked.current = onRevoked;
  });

  useEffect(() => {
    let active = true;
    let unsubscribe: (() => void) | undefined;
    let unwatch: (() => void) | undefined;
    let firstDelivery = true;
    setStaff(null);
    setSignups(null);
    const timer = setTimeout(() => {
      unsubscribe = watchSignups((rows) => {
        if (!active) return;
        if (firstDelivery) {
          firstDelivery = false;
          mark(SIGNUPS_RECEIVED_MARK);
        }
        setSignups(rows);
      });
      fetchStaff(email)
        .then((info) => {
          if (!active) return;
          setStaff(info);
          unwatch = watchOwnStaffRecord(
            email,
            uid,
            (record) => {
              if (active) setStaff(record);
            },
            () => {
              if (active) revoked.current();
            },
          );
        })
        .catch((error: unknown) => {
          // fetchStaff falls back by itself; anything else still must not leave the panel blank.
          console.error(error);
          if (active) setStaff({ username: email, roles: [], mustChangePassword: false });
        });
    }, POST_LOGIN_LOAD_DELAY_MS);
    return () => {
      active = false;
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
