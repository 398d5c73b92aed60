// The e-mail a new subscriber receives: confirm the address (double opt-in).
import { MAIL_KIND_SPECS, type MailCopy } from '@silk/schema/mail-copy';
import type { SubscriberLinks } from '../subscriber-links';
import { renderSubscriberMail, type RenderedEmail } from './layout';

export { CONFIRM_BUTTON_LABEL } from '@silk/schema/mail-copy';

export function confirmationEmail(
  links: SubscriberLinks,
  copy: MailCopy = MAIL_KIND_SPECS.confirmation.defaults,
): RenderedEmail {
  return renderSubscriberMail(copy, { confirmLink: links.confirm }, links);
}
