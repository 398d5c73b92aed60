// POST /api/mail-events — the mail provider reports a bounce or complaint, signed the Standard Webhooks
// way (the frame answers 401 to a missing, forged or stale signature before anything is read). Two
// formats (@silk/schema/mail-events-api): Silk's `{type: bounce | complaint, email, reason?}` and
// Resend's `email.bounced` / `email.complained` events. A complaint or a permanent bounce (Silk's
// `bounce`; Resend's `bounce.type` "Permanent") puts the addresses on the suppression list; a transient
// or undetermined bounce puts nobody there. Each message is applied once: mail_events/{sha256 of its
// webhook-id} is created in the same transaction (no address in it), and a repeat answers the first
// count without a write. 400 an event in neither format or naming no plain address.
import { COLLECTIONS } from '@silk/schema/constants';
import type { MailEventRequest } from '@silk/schema/mail-events-api';
import { MAIL_EVENT_INVALID } from '@silk/schema/messages';
import { isValidEmailAddress, normalizeEmail } from '@silk/schema/validators';
import type { Firestore } from 'firebase-admin/firestore';
import { createHash } from 'node:crypto';
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { HttpError } from '../http/http';
import { providerMessageId } from '../http/provider-signature';
import { suppress, type Suppression } from './suppression-list';

/** What one event asks for: the addresses to suppress (none for a transient bounce), and why. */
export interface MailEventEffect {
  format: 'silk' | 'resend';
  type: string;
  addresses: string[];
  suppression: Suppression;
}

function plainAddresses(values: readonly string[]): string[] {
  return values.map((value) => {
    if (!isValidEmailAddress(value)) throw new HttpError(400, MAIL_EVENT_INVALID);
    return normalizeEmail(value);
  });
}

/** The effect of a parsed event of either format. */
export function mailEventEffect(event: MailEventRequest): MailEventEffect {
  if ('email' in event) {
    return {
      format: 'silk',
      type: event.type,
      addresses: plainAddresses([event.email]),
      suppression: { reason: event.type, detail: event.reason ?? event.type, source: 'mail-event' },
    };
  }
  const addresses = plainAddresses(event.data.to);
  if (event.type === 'email.complained') {
    return {
      format: 'resend',
      type: event.type,
      addresses,
      suppression: { reason: 'complaint', detail: 'Resend: email.complained', source: 'mail-event' },
    };
  }
  const bounce = event.data.bounce;
  const detail = [
    'Resend: email.bounced',
    [bounce?.type, bounce?.subType].filter(Boolean).join('/'),
    bounce?.message,
  ]
    .filter(Boolean)
    .join(' — ');
  return {
    format: 'resend',
    type: event.type,
    addresses: bounce?.type === 'Permanent' ? addresses : [],
    suppression: { reason: 'bounce', detail, source: 'mail-event' },
  };
}

/** mail_events/{id}: the id is the message id's hash (any string the provider sends fits). */
export function mailEventRef(db: Firestore, messageId: string) {
  return db.collection(COLLECTIONS.mailEvents).doc(createHash('sha256').update(messageId).digest('hex'));
}

/** Applies the event with message id `messageId` once; answers how many addresses it suppressed. */
export async function applyMailEvent(
  db: Firestore,
  messageId: string,
  event: MailEventRequest,
  now = Date.now,
): Promise<number> {
  const effect = mailEventEffect(event);
  const once = {
    ref: mailEventRef(db, messageId),
    data: (suppressed: number) => ({
      messageId: messageId.slice(0, 200),
      format: effect.format,
      type: effect.type,
      suppressed,
      at: now(),
    }),
  };
  return (await suppress(db, effect.addresses, effect.suppression, once, now)).suppressed;
}

export function makeMailEventsHandler(deps: Partial<EndpointDeps> = {}) {
  return endpoint(
    'mailEvents',
    async ({ req, services: { db }, body }) => ({
      ok: true,
      suppressed: await applyMailEvent(db, providerMessageId(req), body),
    }),
    deps,
  );
}
