// The sidebar's entries, in order, as each kind of member sees them: what the panel's component tests
// and its browser tests (e2e/, through @silk/admin/testing/sidebar) expect.

/** An Admin's sidebar: every tab. */
export const ADMIN_SIDEBAR = [
  'Waitlist Signups',
  'Insights',
  'Referrals',
  'Invitations',
  'Broadcasts',
  'Import',
  'Team Manager',
  'Activity',
  'Webhooks',
  'API keys',
  'Embed',
  'E-mail copy',
  'Account Settings',
];

/** A Staff member's sidebar: the tabs open to every member. */
export const STAFF_SIDEBAR = [
  'Waitlist Signups',
  'Insights',
  'Referrals',
  'Invitations',
  'Broadcasts',
  'E-mail copy',
  'Account Settings',
];
