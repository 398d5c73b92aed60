// Routes of the panel and their hrefs (the Vite base is /admin/).
export const paths = {
  admin: '/admin',
  waitlist: '/admin',
  team: '/admin/team',
  settings: '/admin/settings',
} as const;

export type TabId = 'waitlist' | 'team' | 'settings';

export const tabPaths: Record<TabId, string> = {
  waitlist: paths.waitlist,
  team: paths.team,
  settings: paths.settings,
};
