// The invitation off the waitlist: the single-use link to /invite (redeem) and a "Not now" link to the
// same page's decline form.
import { MAIL_KIND_SPECS, type MailCopy } from '@silk/schema/mail-copy';
import type { SubscriberLinks } from '../subscriber-links';
import { renderSubscriberMail, type RenderedEmail } from './layout';

export { INVITATION_BUTTON_LABEL, INVITATION_NOT_NOW_LABEL } from '@silk/schema/mail-copy';

export interface InvitationLinks {
  /** `<site>/invite?code=…` */
  accept: string;
  /** The same page at its "Not now" section. */
  notNow: string;
  expiresOn: string;
}

export function invitationEmail(
  invitation: InvitationLinks,
  links: SubscriberLinks,
  copy: MailCopy = MAIL_KIND_SPECS.invitation.defaults,
): RenderedEmail {
  return renderSubscriberMail(
    copy,
    { acceptLink: invitation.accept, notNowLink: invitation.notNow, expiresOn: invitation.expiresOn },
    links,
  );
}
