import { useEffect, useState } from 'react';
import { watchAuthState } from '@/features/auth/api/auth';

export interface SignedInUser {
  uid: string;
  email: string;
}

type AuthState = { status: 'loading' } | { status: 'signedOut' } | { status: 'signedIn'; user: SignedInUser };

/** PRODUCT.md#admin-panel: loading, then signed out or signed in, following the auth service's state changes. */
export function useAuthState(): AuthState {
  const [state, setState] = useState<AuthState>({ status: 'loading' });
  useEffect(
    () =>
      watchAuthState((user) => {
        setState(
          user
            ? { status: 'signedIn', user: { uid: user.uid, email: user.email ?? '' } }
            : { status: 'signedOut' },
        );
      }),
    [],
  );
  return state;
}
