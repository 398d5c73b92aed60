// The e-mail with a fresh link to the subscriber's private status page (asked for on the page itself).
import { MAIL_KIND_SPECS, type MailCopy } from '@silk/schema/mail-copy';
import type { SubscriberLinks } from '../subscriber-links';
import { renderSubscriberMail, type RenderedEmail } from './layout';

export { STATUS_BUTTON_LABEL } from '@silk/schema/mail-copy';

export function statusLinkEmail(
  links: SubscriberLinks,
  copy: MailCopy = MAIL_KIND_SPECS.statusLink.defaults,
): RenderedEmail {
  return renderSubscriberMail(copy, {}, links);
}
