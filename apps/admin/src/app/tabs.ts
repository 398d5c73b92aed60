// The panel's tabs, in sidebar order: the sidebar, the routes and the role guard all derive from this.
import type { WaitlistSignupRow } from '@silk/data-access/signups';
import { canManageTeam, type Role } from '@silk/schema/roles';
import {
  activityPath,
  chartPath,
  chatPath,
  globePath,
  listPath,
  mailPath,
  referralsPath,
  settingsPath,
  shieldPath,
  teamPath,
  uploadPath,
  zapPath,
} from '@silk/ui/icon';
import { paths } from '@/config/paths';
import { lazyWithPreload, type PreloadableComponent } from '@/lib/lazy-with-preload';

/** What the signed-in panel hands to every tab (each takes the part it needs). */
export interface TabProps {
  email: string;
  username: string;
  /** null while the live subscription has not delivered yet. */
  signups: WaitlistSignupRow[] | null;
  /** How many signups exist (the server's count while rows are still loading), or null before it is known. */
  signupsTotal: number | null;
  /** Every signup is loaded: counts and filters cover them all. */
  signupsComplete: boolean;
  /** The member's roles (a tab may offer more to some, e.g. an Admin's "Delete" on a signup). */
  roles: readonly Role[];
  onUsernameChanged: (username: string) => void;
}

export interface AdminTab {
  id: string;
  label: string;
  /** Its sidebar icon: path data from @silk/ui/icon. */
  icon: string;
  /** Its href; its route is the part after /admin (the index route for /admin itself). */
  path: string;
  /** Whether a member with these roles may open it; every signed-in member when absent. */
  canOpen?: (roles: readonly Role[]) => boolean;
  /** Loaded apart from the panel's first screen (its own chunk). */
  Component: PreloadableComponent<TabProps>;
}

export const ADMIN_TABS: readonly AdminTab[] = [
  {
    id: 'waitlist',
    label: 'Waitlist Signups',
    icon: listPath,
    path: paths.waitlist,
    Component: lazyWithPreload(() =>
      import('@/features/signups/components/signups-tab').then((module) => module.SignupsTab),
    ),
  },
  {
    id: 'insights',
    label: 'Insights',
    icon: chartPath,
    path: paths.insights,
    Component: lazyWithPreload(() =>
      import('@/features/insights/components/insights-tab').then((module) => module.InsightsTab),
    ),
  },
  {
    id: 'referrals',
    label: 'Referrals',
    icon: referralsPath,
    path: paths.referrals,
    Component: lazyWithPreload(() =>
      import('@/features/referrals/components/referrals-tab').then((module) => module.ReferralsTab),
    ),
  },
  {
    id: 'invitations',
    label: 'Invitations',
    icon: mailPath,
    path: paths.invitations,
    Component: lazyWithPreload(() =>
      import('@/features/invites/components/invitations-tab').then((module) => module.InvitationsTab),
    ),
  },
  {
    id: 'broadcasts',
    label: 'Broadcasts',
    icon: mailPath,
    path: paths.broadcasts,
    Component: lazyWithPreload(() =>
      import('@/features/broadcasts/components/broadcasts-tab').then((module) => module.BroadcastsTab),
    ),
  },
  {
    id: 'imports',
    label: 'Import',
    icon: uploadPath,
    path: paths.imports,
    canOpen: canManageTeam,
    Component: lazyWithPreload(() =>
      import('@/features/imports/components/import-tab').then((module) => module.ImportTab),
    ),
  },
  {
    id: 'team',
    label: 'Team Manager',
    icon: teamPath,
    path: paths.team,
    canOpen: canManageTeam,
    Component: lazyWithPreload(() =>
      import('@/features/team/components/team-manager').then((module) => module.TeamManager),
    ),
  },
  {
    id: 'activity',
    label: 'Activity',
    icon: activityPath,
    path: paths.activity,
    canOpen: canManageTeam,
    Component: lazyWithPreload(() =>
      import('@/features/activity/components/activity-tab').then((module) => module.ActivityTab),
    ),
  },
  {
    id: 'webhooks',
    label: 'Webhooks',
    icon: zapPath,
    path: paths.webhooks,
    canOpen: canManageTeam,
    Component: lazyWithPreload(() =>
      import('@/features/webhooks/components/webhooks-tab').then((module) => module.WebhooksTab),
    ),
  },
  {
    id: 'api-keys',
    label: 'API keys',
    icon: shieldPath,
    path: paths.apiKeys,
    canOpen: canManageTeam,
    Component: lazyWithPreload(() =>
      import('@/features/api-keys/components/api-keys-tab').then((module) => module.ApiKeysTab),
    ),
  },
  {
    id: 'embed',
    label: 'Embed',
    icon: globePath,
    path: paths.embed,
    canOpen: canManageTeam,
    Component: lazyWithPreload(() =>
      import('@/features/embed/components/embed-tab').then((module) => module.EmbedTab),
    ),
  },
  {
    id: 'mail-copy',
    label: 'E-mail copy',
    icon: chatPath,
    path: paths.mailCopy,
    Component: lazyWithPreload(() =>
      import('@/features/mail-copy/components/mail-copy-tab').then((module) => module.MailCopyTab),
    ),
  },
  {
    id: 'settings',
    label: 'Account Settings',
    icon: settingsPath,
    path: paths.settings,
    Component: lazyWithPreload(() =>
      import('@/features/settings/components/account-settings').then((module) => module.AccountSettings),
    ),
  },
];

/** The default tab, at /admin itself. */
const WAITLIST_TAB = ADMIN_TABS.find((tab) => tab.path === paths.admin) as AdminTab;

/** The tab shown at `pathname` (the Waitlist Signups tab where none is: the panel sends it there). */
export function tabAt(pathname: string): AdminTab {
  const path = pathname.replace(/\/+$/, '') || paths.admin;
  return ADMIN_TABS.find((tab) => tab.path === path) ?? WAITLIST_TAB;
}

/** Loads the modules of every tab but `first`, in sidebar order (a tab opened later rarely waits for its code). */
export async function preloadOtherTabs(first: AdminTab): Promise<void> {
  await Promise.all(ADMIN_TABS.filter((tab) => tab !== first).map((tab) => tab.Component.preload()));
}

/** The tabs a member with these roles may open, in sidebar order. */
export function tabsFor(roles: readonly Role[]): AdminTab[] {
  return ADMIN_TABS.filter((tab) => tab.canOpen?.(roles) ?? true);
}
