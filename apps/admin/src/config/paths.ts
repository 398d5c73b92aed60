// Routes of the panel and their hrefs (the Vite base is /admin/).
export const paths = {
  admin: '/admin',
  waitlist: '/admin',
  insights: '/admin/insights',
  referrals: '/admin/referrals',
  invitations: '/admin/invitations',
  webhooks: '/admin/webhooks',
  apiKeys: '/admin/api-keys',
  embed: '/admin/embed',
  mailCopy: '/admin/emails',
  broadcasts: '/admin/broadcasts',
  imports: '/admin/import',
  team: '/admin/team',
  activity: '/admin/activity',
  settings: '/admin/settings',
} as const;
