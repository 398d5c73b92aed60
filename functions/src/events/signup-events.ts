// The signup.created event of a new waitlist_signups/{email} document (emitted by its trigger, with the
// subscriber id it gave the signup: the id `signup.erased` names).
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { Timestamp } from 'firebase-admin/firestore';
import type { WebhookEvent } from './emit';

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** Keyed by the address and the document's creation time: a signup erased and made again is a new event. */
export function signupCreatedEvent(
  email: string,
  signup: DocumentSnapshot,
  subscriberId: string,
): WebhookEvent<'signup.created'> {
  const created = signup.createTime?.toMillis() ?? Date.now();
  const timestamp = signup.get('timestamp') as unknown;
  return {
    type: 'signup.created',
    key: `${email}\n${created}`,
    at: created,
    subjects: [email],
    data: {
      email,
      subscriberId,
      timestamp: timestamp instanceof Timestamp ? timestamp.toDate().toISOString() : null,
      source: text(signup.get('utmSource')),
      campaign: text(signup.get('utmCampaign')),
      imported: text(signup.get('importId')) !== null,
    },
  };
}

/** Keyed by the subscriber's version the unsubscribe changed: unsubscribing again after a resubscribe is a new event. */
export function unsubscribedEvent(
  email: string,
  subscriberId: string,
  version: number | undefined,
): Omit<WebhookEvent<'signup.unsubscribed'>, 'type'> {
  const at = Date.now();
  return {
    key: `${email}\n${version ?? at}`,
    at,
    subjects: [email],
    data: { email, subscriberId, unsubscribedAt: new Date(at).toISOString() },
  };
}

/** An erasure names the subscriber's opaque id only, never the address. */
export function erasedEvent(subscriberId: string): WebhookEvent<'signup.erased'> {
  const at = Date.now();
  return {
    type: 'signup.erased',
    key: subscriberId,
    at,
    subjects: [],
    data: { subscriberId, erasedAt: new Date(at).toISOString() },
  };
}
