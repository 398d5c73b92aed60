// How the Activity tab words an audit entry: the action's label and a one-line summary of its details.
import { formatRoles, type AuditAction } from '@silk/schema/roles';

export const ACTION_LABELS: Record<AuditAction, string> = {
  export: 'Export',
  'member.added': 'Member added',
  'member.updated': 'Member updated',
  'member.disabled': 'Member disabled',
  'member.enabled': 'Member enabled',
  'member.removed': 'Member removed',
  'username.changed': 'Username changed',
  'password.changed': 'Password changed',
  bootstrap: 'Bootstrap',
  'signup.deleted': 'Signup deleted',
  'signup.erased': 'Data erased on request',
  'referral.granted': 'Referral credit granted',
  'referral.rejected': 'Referral credit rejected',
  'ranking.changed': 'Ranking rule changed',
  'invites.wave': 'Invite wave started',
  'invites.drip': 'Invite drip changed',
  'webhook.created': 'Webhook added',
  'webhook.updated': 'Webhook changed',
  'webhook.removed': 'Webhook removed',
  'webhook.redelivered': 'Webhook delivery sent again',
  'import.started': 'Import started',
  'apikey.created': 'API key created',
  'apikey.revoked': 'API key revoked',
  'embed.origins.changed': 'Embedding sites changed',
  'mailcopy.saved': 'E-mail copy saved',
  'mailcopy.restored': 'E-mail copy restored',
  'reward.tiers.changed': 'Reward tiers changed',
  'reward.fulfilled': 'Reward fulfilled',
  'reward.revoked': 'Reward taken back',
  'broadcast.created': 'Broadcast created',
  'broadcast.tested': 'Broadcast test sent',
  'broadcast.sent': 'Broadcast sent',
};

/** The label of an action; one this panel does not know reads as written. */
export function actionLabel(action: string): string {
  return Object.hasOwn(ACTION_LABELS, action) ? ACTION_LABELS[action as AuditAction] : action;
}

type Details = Record<string, unknown>;

function text(value: unknown): string {
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function roles(value: unknown): string {
  return Array.isArray(value) && value.length > 0 ? formatRoles(value.map(String)) : 'none';
}

function parts(...items: Array<string | false | undefined>): string {
  return items.filter(Boolean).join('; ');
}

/** Any details as "key: value" pairs. */
function generic(details: Details): string {
  return parts(...Object.entries(details).map(([key, value]) => `${key}: ${text(value)}`));
}

const SUMMARIES: Partial<Record<AuditAction, (details: Details) => string>> = {
  export: (d) => parts(`${text(d.rows)} rows`, d.filtered === true ? 'filtered' : 'all signups'),
  'member.added': (d) =>
    parts(
      `username ${text(d.username)}`,
      `roles: ${roles(d.roles)}`,
      d.generatedPassword === true && 'password generated',
    ),
  'member.updated': (d) =>
    'roles' in d ? `roles: ${roles(d.roles)} (was ${roles(d.previousRoles)})` : generic(d),
  'member.disabled': () => '',
  'member.enabled': () => '',
  'member.removed': (d) => parts(`username ${text(d.username)}`, `roles: ${roles(d.roles)}`),
  'username.changed': (d) => `${text(d.from)} → ${text(d.to)}`,
  bootstrap: (d) => parts(`username ${text(d.username)}`, d.resetPassword === true && 'password reset'),
  'apikey.created': (d) =>
    parts(
      text(d.name),
      `${text(d.hint)}…`,
      `scopes: ${text(d.scopes)}`,
      `${text(d.ratePerMinute)} per minute`,
    ),
  'apikey.revoked': (d) => parts(text(d.name), `${text(d.hint)}…`),
};

/** One line of what the entry's details say ('' when there is nothing to add). */
export function detailsSummary(action: string, details: Details): string {
  const summary = Object.hasOwn(SUMMARIES, action) ? SUMMARIES[action as AuditAction] : undefined;
  return summary ? summary(details) : generic(details);
}
