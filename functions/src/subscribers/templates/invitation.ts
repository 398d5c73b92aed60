// The invitation off the waitlist: the single-use link to /invite (redeem) and a "Not now" link to the
// same page's decline form.
import { PRODUCT_NAME } from '@silk/schema/constants';
import type { SubscriberLinks } from '../subscriber-links';
import { renderEmail, type RenderedEmail } from './layout';

export const INVITATION_BUTTON_LABEL = 'Accept my invitation';
export const INVITATION_NOT_NOW_LABEL = 'Not now';

export interface InvitationLinks {
  /** `<site>/invite?code=…` */
  accept: string;
  /** The same page at its "Not now" section. */
  notNow: string;
  expiresOn: string;
}

export function invitationEmail(invitation: InvitationLinks, links: SubscriberLinks): RenderedEmail {
  return renderEmail(
    {
      subject: `You're invited to ${PRODUCT_NAME}`,
      preheader: 'Your place in line came up: your personal invitation is inside.',
      heading: `Your invitation to ${PRODUCT_NAME}`,
      paragraphs: [
        `Your wait is over: you can join ${PRODUCT_NAME} now. This invitation is yours alone and works once, until ${invitation.expiresOn}.`,
      ],
      action: { label: INVITATION_BUTTON_LABEL, url: invitation.accept },
      secondary: { label: INVITATION_NOT_NOW_LABEL, url: invitation.notNow },
      closing: [
        'Not ready yet? "Not now" keeps your place on the waitlist, or takes you off it — your choice.',
      ],
    },
    links,
  );
}
