// Slack and Discord alerts: a kind of webhook endpoint (webhooks/{id} with `kind`) that the webhook
// engine delivers as a chat message instead of a signed event. What an alert may subscribe to, the
// signup milestones, the digest's window, which URL belongs to which platform, and how an alert's URL
// is shown (its token never leaves the server once saved). Pure and zod-free (the panel imports it).
import type { WebhookEventType } from './webhooks';

/** standard: a Standard Webhooks signed JSON event; slack / discord: a chat message (an alert). */
export const WEBHOOK_KINDS = ['standard', 'slack', 'discord'] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];
export type AlertKind = Exclude<WebhookKind, 'standard'>;

/** The panel's names of the kinds, in its order. */
export const WEBHOOK_KIND_LABELS: Record<WebhookKind, string> = {
  standard: 'Standard signed webhook',
  slack: 'Slack',
  discord: 'Discord',
};

export function isAlertKind(kind: WebhookKind): kind is AlertKind {
  return kind !== 'standard';
}

/** The events only alerts receive (a standard endpoint cannot subscribe to them). */
export const ALERT_ONLY_EVENT_TYPES = [
  'signups.milestone',
  'wave.finished',
  'import.finished',
  'delivery.failed',
] as const;
export type AlertOnlyEventType = (typeof ALERT_ONLY_EVENT_TYPES)[number];
/** The events an alert may subscribe to, in the panel's order (new signups are the webhooks' event). */
export const ALERT_EVENT_TYPES = ['signup.created', ...ALERT_ONLY_EVENT_TYPES] as const;
export type AlertEventType = (typeof ALERT_EVENT_TYPES)[number];
/** Any event an endpoint of some kind may subscribe to. */
export type EndpointEventType = WebhookEventType | AlertEventType;

/** The panel's label of each alert event. */
export const ALERT_EVENT_LABELS: Record<AlertEventType, string> = {
  'signup.created': 'New signups',
  'signups.milestone': 'List milestones',
  'wave.finished': 'Invitation wave finished',
  'import.finished': 'Import finished',
  'delivery.failed': 'Webhook delivery failed',
};

/** What each alert-only event's `data` carries. */
export interface AlertEventData {
  'signups.milestone': { milestone: number; total: number };
  'wave.finished': { waveId: string; origin: 'admin' | 'drip' | 'reward'; total: number; invited: number };
  'import.finished': {
    importId: string;
    fileName: string;
    rows: number;
    imported: number;
    merged: number;
    rejected: number;
    erased: number;
  };
  /** endpoint: the failed endpoint's URL as the panel shows it (an alert's token masked). */
  'delivery.failed': {
    deliveryId: string;
    endpoint: string;
    type: string;
    attempts: number;
    lastStatus: number | null;
    lastAnswer: string;
  };
}

/** The signup totals announced once each, when the list first reaches them. */
export const SIGNUP_MILESTONES = [100, 1_000, 10_000, 100_000, 1_000_000] as const;

/** The milestones reached by a total going from `before` to `after` (none when it falls). */
export function crossedMilestones(before: number, after: number): number[] {
  return SIGNUP_MILESTONES.filter((milestone) => before < milestone && milestone <= after);
}

/**
 * Events that come in bursts: an alert gets the first of each window at once and the rest of the window
 * in one digest at its end, so a burst is at most two messages a window per endpoint and type.
 */
export const DIGESTED_EVENT_TYPES: readonly EndpointEventType[] = ['signup.created', 'delivery.failed'];
/** The digest's window (production; the emulator's configuration shortens it). */
export const ALERT_DIGEST_WINDOW_SECONDS = 60;
/** Entries a digest names; the rest it counts. */
export const ALERT_DIGEST_LISTED = 10;

/** The platform a URL belongs to by its host and path (https only), or null for any other URL. */
export function platformOf(raw: string): AlertKind | null {
  if (!URL.canParse(raw)) return null;
  const url = new URL(raw);
  if (url.protocol !== 'https:') return null;
  const host = url.hostname.toLowerCase();
  if (host === 'hooks.slack.com' && url.pathname.startsWith('/services/')) return 'slack';
  const discordHosts = ['discord.com', 'discordapp.com', 'ptb.discord.com', 'canary.discord.com'];
  if (discordHosts.includes(host) && url.pathname.startsWith('/api/webhooks/')) return 'discord';
  return null;
}

/**
 * An alert's URL as staff see it once saved: the last path segment (the platform's token) and any query
 * replaced by `…`. Its origin and the rest of its path stay, so the panel can tell alerts apart.
 */
export function maskAlertUrl(raw: string): string {
  if (!URL.canParse(raw)) return '…';
  const url = new URL(raw);
  const segments = url.pathname.split('/');
  segments[segments.length - 1] = '…';
  return `${url.origin}${segments.join('/')}`;
}
