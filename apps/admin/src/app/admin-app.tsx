import { ADMIN_PAGE_TITLE, MARKETING_TITLE } from '@silk/schema/constants';
import { useEffect } from 'react';
import { SignInCard } from '@/features/auth/components/sign-in-card';
import { useAuthState } from '@/features/auth/hooks/use-auth-state';
import { LoadingScreen } from './shell/loading-screen';
import { Panel } from './shell/panel';

/** Title "Admin Panel" while the panel is shown; the marketing title is restored on leaving (PRODUCT.md#admin-panel). */
function useAdminTitle(): void {
  useEffect(() => {
    document.title = ADMIN_PAGE_TITLE;
    const restore = () => {
      document.title = MARKETING_TITLE;
    };
    const show = () => {
      document.title = ADMIN_PAGE_TITLE;
    };
    window.addEventListener('pagehide', restore);
    window.addEventListener('pageshow', show);
    return () => {
      window.removeEventListener('pagehide', restore);
      window.removeEventListener('pageshow', show);
      restore();
    };
  }, []);
}

/** The whole panel under /admin/*: "Loading..." until the auth state is known, then sign-in or panel. */
export function AdminApp() {
  useAdminTitle();
  const auth = useAuthState();
  if (auth.status === 'loading') return <LoadingScreen />;
  if (auth.status === 'signedOut') return <SignInCard />;
  return <Panel key={auth.user.uid} user={auth.user} />;
}
