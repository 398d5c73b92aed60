// The e-mail a new subscriber receives: confirm the address (double opt-in).
import { PRODUCT_NAME } from '@silk/schema/constants';
import type { SubscriberLinks } from '../subscriber-links';
import { renderEmail, type RenderedEmail } from './layout';

export const CONFIRM_BUTTON_LABEL = 'Confirm my spot';

export function confirmationEmail(links: SubscriberLinks): RenderedEmail {
  return renderEmail(
    {
      subject: `Confirm your spot on the ${PRODUCT_NAME} waitlist`,
      preheader: 'One click and your early access spot is confirmed.',
      heading: 'You are almost on the list',
      paragraphs: [
        `Thanks for joining the ${PRODUCT_NAME} waitlist. Please confirm that this address is yours, so we know where to send your early access link.`,
      ],
      action: { label: CONFIRM_BUTTON_LABEL, url: links.confirm },
      closing: [
        'If you did not sign up, you can ignore this e-mail or delete your data with the link below.',
      ],
    },
    links,
  );
}
