// The confirmation e-mail of a new subscriber, as a queue document: the rendered template, and the
// one-click unsubscribe headers that every e-mail to a subscriber carries.
import type { MailCopy } from '@silk/schema/mail-copy';
import type { QueuedMail } from '../outbox/mail-queue';
import { listUnsubscribeHeaders, type SubscriberLinks } from './subscriber-links';
import { confirmationEmail } from './templates/confirmation';

export function confirmationMail(email: string, links: SubscriberLinks, copy?: MailCopy): QueuedMail {
  const { subject, text, html } = confirmationEmail(links, copy);
  return { to: email, message: { subject, text, html }, headers: listUnsubscribeHeaders(links) };
}
