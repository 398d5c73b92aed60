// The e-mail with a fresh link to the subscriber's private status page (asked for on the page itself).
import { PRODUCT_NAME } from '@silk/schema/constants';
import type { SubscriberLinks } from '../subscriber-links';
import { renderEmail, type RenderedEmail } from './layout';

export const STATUS_BUTTON_LABEL = 'See my place in line';

export function statusLinkEmail(links: SubscriberLinks): RenderedEmail {
  return renderEmail(
    {
      subject: `Your place on the ${PRODUCT_NAME} waitlist`,
      preheader: 'Your private link: your place in line and your referrals.',
      heading: 'Your place in line',
      paragraphs: [
        'Here is a fresh link to your private status page: your place in line, your confirmed referrals and your link to share. It works for 30 days.',
      ],
      action: { label: STATUS_BUTTON_LABEL, url: links.status },
      closing: [
        'If you did not ask for this link, you can ignore this e-mail: the page shows nothing but your place.',
      ],
    },
    links,
  );
}
