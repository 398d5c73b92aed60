import { Suspense, useEffect, useState } from 'react';
import { Navigate, Route, Routes, useNavigate } from 'react-router';
import { tabsFor, type AdminTab, type TabProps } from '@/app/tabs';
import { paths } from '@/config/paths';
import { forgetSignInPassword, signOut } from '@/features/auth/api/auth';
import { SetPasswordCard } from '@/features/auth/components/set-password-card';
import type { SignedInUser } from '@/features/auth/hooks/use-auth-state';
import { forgetSignups } from '@/features/session/api/session';
import { useStaffSession } from '@/features/session/hooks/use-staff-session';
import { LoadingScreen } from './loading-screen';
import { NoAccessCard } from './no-access-card';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import { TabLoading } from './tab-loading';
import { useFirstTabLoaded } from './use-first-tab-loaded';

/** A tab's route: its path below /admin, or the index route for /admin itself. */
function tabRoute(tab: AdminTab, props: TabProps) {
  const element = <tab.Component {...props} />;
  if (tab.path === paths.admin) return <Route key={tab.id} index element={element} />;
  return <Route key={tab.id} path={tab.path.slice(paths.admin.length + 1)} element={element} />;
}

/** The signed-in view: set-password step when required, else top bar, sidebar and the active tab. */
export function Panel({ user }: { user: SignedInUser }) {
  const navigate = useNavigate();
  // The browser's copy of the signups goes with the session: addresses do not stay on a shared machine.
  const logout = () => {
    navigate(paths.admin, { replace: true });
    signOut().catch((error: unknown) => console.error('Sign-out failed', error));
    forgetSignups().catch((error: unknown) => console.warn('Signups copy not deleted', error));
  };
  // Removed, disabled or re-bound while the panel is open: signed out (the sign-in card shows).
  const { staff, signups, setUsername, passwordChanged } = useStaffSession(user, logout);
  const firstTabLoaded = useFirstTabLoaded();
  const [collapsed, setCollapsed] = useState(false);
  // The password typed at sign-in serves only the forced change: gone once the panel opens without it.
  const settled = staff !== null && (!staff.hasAccess || !staff.mustChangePassword);
  useEffect(() => {
    if (settled) forgetSignInPassword();
  }, [settled]);

  if (!staff) return <LoadingScreen />;
  if (!staff.hasAccess) return <NoAccessCard email={user.email} onSignOut={logout} />;
  if (staff.mustChangePassword) {
    return <SetPasswordCard email={user.email} onDone={passwordChanged} onSignOut={logout} />;
  }
  if (!firstTabLoaded) return <LoadingScreen />;

  const tabs = tabsFor(staff.roles);
  const tabProps: TabProps = {
    email: user.email,
    username: staff.username,
    signups: signups.rows,
    signupsTotal: signups.total,
    signupsComplete: signups.complete,
    roles: staff.roles,
    onUsernameChanged: setUsername,
  };
  return (
    <div className="panel" data-sidebar={collapsed ? 'collapsed' : 'expanded'}>
      <Sidebar
        collapsed={collapsed}
        onToggle={() => setCollapsed((value) => !value)}
        tabs={tabs}
        onLogout={logout}
      />
      <div className="panel__main">
        <TopBar username={staff.username} roles={staff.roles} />
        <main className="panel__content">
          <Suspense fallback={<TabLoading />}>
            <Routes>
              {tabs.map((tab) => tabRoute(tab, tabProps))}
              <Route path="*" element={<Navigate to={paths.admin} replace />} />
            </Routes>
          </Suspense>
        </main>
      </div>
    </div>
  );
}
