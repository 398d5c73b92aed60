// What an alert says, before any platform's format (alert-format.ts renders it for Slack or Discord): a
// title in Silk's own words and numbers only, and the event's details as label / value pairs or a list,
// whose values come from signups, files and receivers and are escaped by the renderer. One event's alert
// (its stored payload) or a digest's (how many events of a type one window had, the first few listed).
import type { AlertEventData, EndpointEventType } from '@silk/schema/alerts';
import type { WebhookEventData } from '@silk/schema/webhooks';

export interface AlertText {
  /** Silk's words and numbers only (also the notification's text): never data from outside. */
  title: string;
  /** Details: the label is Silk's, the value outside data. */
  fields: Array<{ label: string; value: string }>;
  /** Entries of a digest (outside data), and how many more it did not list. */
  list: string[];
  more: number;
  /** When it happened (ISO 8601). */
  at: string;
}

/** A stored event's payload (the body of webhook_events/{id}). */
export interface AlertPayload {
  type: EndpointEventType;
  timestamp: string;
  data: unknown;
}

/** A digest: `count` events of `type` in one window, `listed` the first of them. */
export interface AlertDigest {
  type: EndpointEventType;
  count: number;
  listed: AlertPayload[];
  at: string;
}

const number = (value: number) => value.toLocaleString('en-US');
const plural = (count: number, one: string, many: string) => `${number(count)} ${count === 1 ? one : many}`;

function field(label: string, value: string | null | undefined): AlertText['fields'] {
  return value === null || value === undefined || value === '' ? [] : [{ label, value }];
}

function eventText(payload: AlertPayload): Omit<AlertText, 'list' | 'more' | 'at'> {
  switch (payload.type) {
    case 'signup.created': {
      const data = payload.data as WebhookEventData['signup.created'];
      return {
        title: data.imported ? 'New signup (imported)' : 'New signup',
        fields: [
          ...field('Email', data.email),
          ...field('Source', data.source),
          ...field('Campaign', data.campaign),
        ],
      };
    }
    case 'signups.milestone': {
      const data = payload.data as AlertEventData['signups.milestone'];
      return { title: `The waitlist reached ${plural(data.milestone, 'signup', 'signups')}`, fields: [] };
    }
    case 'wave.finished': {
      const data = payload.data as AlertEventData['wave.finished'];
      return {
        title: `Invitation wave finished: ${number(data.invited)} of ${number(data.total)} invited`,
        fields: [{ label: 'Started by', value: data.origin === 'drip' ? 'the daily drip' : 'an Admin' }],
      };
    }
    case 'import.finished': {
      const data = payload.data as AlertEventData['import.finished'];
      return {
        title: `Import finished: ${plural(data.imported, 'new signup', 'new signups')}, ${number(data.merged)} merged`,
        fields: [
          ...field('File', data.fileName),
          { label: 'Rows', value: number(data.rows) },
          { label: 'Rejected', value: number(data.rejected) },
          ...(data.erased > 0 ? [{ label: 'Skipped (erased)', value: number(data.erased) }] : []),
        ],
      };
    }
    case 'delivery.failed': {
      const data = payload.data as AlertEventData['delivery.failed'];
      return {
        title: `A webhook delivery failed after ${plural(data.attempts, 'attempt', 'attempts')}`,
        fields: [
          { label: 'Endpoint', value: data.endpoint },
          { label: 'Event', value: data.type },
          { label: 'Last answer', value: `${data.lastStatus ?? ''} ${data.lastAnswer}`.trim() },
        ],
      };
    }
    default:
      return { title: `Silk event ${payload.type}`, fields: [] };
  }
}

/** One event's alert. */
export function alertText(payload: AlertPayload): AlertText {
  return { ...eventText(payload), list: [], more: 0, at: payload.timestamp };
}

function listEntry(payload: AlertPayload): string {
  if (payload.type === 'signup.created') return (payload.data as WebhookEventData['signup.created']).email;
  if (payload.type === 'delivery.failed') {
    const data = payload.data as AlertEventData['delivery.failed'];
    return `${data.type} to ${data.endpoint} (${`${data.lastStatus ?? ''} ${data.lastAnswer}`.trim()})`;
  }
  return payload.type;
}

function digestTitle(type: EndpointEventType, count: number): string {
  if (type === 'signup.created') return plural(count, 'new signup', 'new signups');
  if (type === 'delivery.failed') return `${plural(count, 'webhook delivery', 'webhook deliveries')} failed`;
  return plural(count, `${type} event`, `${type} events`);
}

/** A digest's alert: how many, the first few listed, the rest counted. */
export function digestText(digest: AlertDigest): AlertText {
  const list = digest.listed.slice(0, digest.count).map(listEntry);
  return {
    title: digestTitle(digest.type, digest.count),
    fields: [],
    list,
    more: Math.max(0, digest.count - list.length),
    at: digest.at,
  };
}
