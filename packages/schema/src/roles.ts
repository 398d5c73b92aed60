// The 15 assignable roles of PRODUCT.md#roles, in SPEC order.
export const ROLES = [
  'Admin',
  'Chairman of the Board',
  'Board Member',
  'Director',
  'Chief Executive Officer',
  'Chief Operating Officer',
  'Chief Financial Officer',
  'Chief Technology Officer',
  'Chief Marketing Officer',
  'President of Information Technology',
  'President of Financials',
  'Developer',
  'Company Secretary',
  'Community Moderator',
  'Staff',
] as const;

export type Role = (typeof ROLES)[number];

export const ADMIN_ROLE: Role = 'Admin';

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** The one access rule of the admin panel: only Admins manage the team. */
export function canManageTeam(roles: readonly string[] | undefined | null): boolean {
  return Array.isArray(roles) && roles.includes(ADMIN_ROLE);
}

/** Deleting a signup (and everything held for its address) from the table is for Admins too. */
export function canDeleteSignups(roles: readonly string[] | undefined | null): boolean {
  return canManageTeam(roles);
}

export function formatRoles(roles: readonly string[]): string {
  return roles.join(', ');
}

/** What the audit trail records (audit_log `action`), written by server code only. */
export const AUDIT_ACTIONS = [
  'export',
  'member.added',
  'member.updated',
  'member.disabled',
  'member.enabled',
  'member.removed',
  'username.changed',
  'password.changed',
  'bootstrap',
  'signup.deleted',
  'signup.erased',
  'referral.granted',
  'referral.rejected',
  'ranking.changed',
  'invites.wave',
  'invites.drip',
  'webhook.created',
  'webhook.updated',
  'webhook.removed',
  'webhook.redelivered',
  'import.started',
  'apikey.created',
  'apikey.revoked',
  'embed.origins.changed',
  'mailcopy.saved',
  'mailcopy.restored',
  'reward.tiers.changed',
  'reward.fulfilled',
  'reward.revoked',
  'broadcast.created',
  'broadcast.tested',
  'broadcast.sent',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
