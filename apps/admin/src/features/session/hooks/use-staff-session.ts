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
 * SPEC §4: about 200 ms after sign-in, fetch the staff info (it retries per SPEC §8 inside data-access);
 * for a member, follow the signups and their own staff record: an Admin's change of roles shows at
 * once, and removal, disabling or a record bound to another account calls `onRevoked` (the panel signs
 * out). An account without access reads nothing.
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
      fetchStaff(email)
        .then((info) => {
          if (!active) return;
          setStaff(info);
          if (!info.hasAccess) return;
          followSignups();
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
          // fetchStaff falls back by itself; anything else still must not leave the panel blank.
          console.error(error);
          if (active) setStaff({ username: email, roles: [], mustChangePassword: false, hasAccess: false });
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
