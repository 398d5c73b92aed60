import { onAuthChange } from '@silk/data-access/auth';
import { useEffect, useState } from 'react';
import { adminServices } from '../../../lib/services';

export interface SignedInUser {
  uid: string;
  email: string;
}

export type AuthState =
  | { status: 'loading' }
  | { status: 'signedOut' }
  | { status: 'signedIn'; user: SignedInUser };

/** SPEC §4: loading, then signed out or signed in, following the auth service's state changes. */
export function useAuthState(): AuthState {
  const [state, setState] = useState<AuthState>({ status: 'loading' });
  useEffect(
    () =>
      onAuthChange(adminServices(), (user) => {
        setState(
          user ? { status: 'signedIn', user: { uid: user.uid, email: user.email ?? '' } } : { status: 'signedOut' },
        );
      }),
    [],
  );
  return state;
}
