import { fetchStaffInfo, type StaffInfo } from '@silk/data-access/staff';
import { subscribeToSignups, type WaitlistSignupRow } from '@silk/data-access/signups';
import { POST_LOGIN_LOAD_DELAY_MS } from '@silk/schema/constants';
import { useCallback, useEffect, useState } from 'react';
import { mark, SIGNUPS_RECEIVED_MARK } from '../../lib/perf-marks';
import { adminServices } from '../../lib/services';

export type { StaffInfo } from '@silk/data-access/staff';

export interface StaffSession {
  /** null until the staff document has been read. */
  staff: StaffInfo | null;
  /** null while the live subscription has not delivered yet ("Loading data..."). */
  signups: WaitlistSignupRow[] | null;
  setUsername: (username: string) => void;
  passwordChanged: () => void;
}

/**
 * SPEC §4: about 200 ms after sign-in, start the live subscription to the signups and fetch the staff
 * info (both retry per SPEC §8 inside data-access). Both stop when the user signs out.
 */
export function useStaffSession(email: string): StaffSession {
  const [staff, setStaff] = useState<StaffInfo | null>(null);
  const [signups, setSignups] = useState<WaitlistSignupRow[] | null>(null);

  useEffect(() => {
    let active = true;
    let unsubscribe: (() => void) | undefined;
    let firstDelivery = true;
    setStaff(null);
    setSignups(null);
    const timer = setTimeout(() => {
      const services = adminServices();
      unsubscribe = subscribeToSignups(services, (rows) => {
        if (!active) return;
        if (firstDelivery) {
          firstDelivery = false;
          mark(SIGNUPS_RECEIVED_MARK);
        }
        setSignups(rows);
      });
      fetchStaffInfo(services, email)
        .then((info) => {
          if (active) setStaff(info);
        })
        .catch((error: unknown) => {
          // fetchStaffInfo falls back by itself; anything else still must not leave the panel blank.
          console.error(error);
          if (active) setStaff({ username: email, roles: [], mustChangePassword: false });
        });
    }, POST_LOGIN_LOAD_DELAY_MS);
    return () => {
      active = false;
      clearTimeout(timer);
      unsubscribe?.();
    };
  }, [email]);

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
