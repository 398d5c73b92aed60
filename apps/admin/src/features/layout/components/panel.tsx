import { signOutUser } from '@silk/data-access/auth';
import { LOADING } from '@silk/schema/messages';
import { Spinner } from '@silk/ui/spinner';
import { useState } from 'react';
import { Navigate, Route, Routes, useNavigate } from 'react-router';
import { allowedTabs } from '../../../app/access';
import { paths } from '../../../app/paths';
import { adminServices } from '../../../lib/services';
import { SetPasswordCard } from '../../auth/components/set-password-card';
import type { SignedInUser } from '../../auth/hooks/use-auth-state';
import { useStaffSession } from '../../session/use-staff-session';
import { AccountSettings } from '../../settings/components/account-settings';
import { SignupsTab } from '../../signups/components/signups-tab';
import { TeamManager } from '../../team/components/add-member-form';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';

export function LoadingScreen() {
  return (
    <main className="loading-screen">
      <p role="status">
        <Spinner /> {LOADING}
      </p>
    </main>
  );
}


/** The signed-in view: set-password step when required, else top bar, sidebar and the active tab. */
export function Panel({ user }: { user: SignedInUser }) {
  const { staff, signups, setUsername, passwordChanged } = useStaffSession(user.email);
  const [collapsed, setCollapsed] = useState(false);
  const navigate = useNavigate();
  const signOut = () => {
    navigate(paths.admin, { replace: true });
    signOutUser(adminServices()).catch((error: unknown) => console.error('Sign-out failed', error));
  };

  if (!staff) return <LoadingScreen />;
  if (staff.mustChangePassword) {
    return <SetPasswordCard email={user.email} onDone={passwordChanged} onSignOut={signOut} />;
  }

  const tabs = allowedTabs(staff.roles);
  return (
    <div className="panel" data-sidebar={collapsed ? 'collapsed' : 'expanded'}>
      <Sidebar collapsed={collapsed} onToggle={() => setCollapsed((value) => !value)} tabs={tabs} onLogout={signOut} />
      <div className="panel__main">
        <TopBar username={staff.username} roles={staff.roles} />
        <main className="panel__content">
          <Routes>
            <Route index element={<SignupsTab signups={signups} />} />
            {tabs.includes('team') ? <Route path="team" element={<TeamManager />} /> : null}
            <Route
              path="settings"
              element={<AccountSettings email={user.email} username={staff.username} onUsernameChanged={setUsername} />}
            />
            <Route path="*" element={<Navigate to={paths.admin} replace />} />
          </Routes>
        </main>
      </div>
    </div>
  );
}
