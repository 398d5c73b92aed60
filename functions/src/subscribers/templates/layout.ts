// The branded frame of every e-mail to a subscriber lives in @silk/schema/mail-layout (the panel's preview
// renders the same HTML); here, the values every subscriber's mail gives its copy: the product's name
// and the subscriber's own links.
import { PRODUCT_NAME } from '@silk/schema/constants';
import { renderCopy, type MailCopy, type MailValues } from '@silk/schema/mail-copy';
import { renderEmail, type RenderedEmail } from '@silk/schema/mail-layout';
import type { SubscriberLinks } from '../subscriber-links';

export {
  REFERRAL_LINK_INTRO,
  REFERRAL_LINK_LABEL,
  STATUS_LINK_LABEL,
  renderEmail,
  type RenderedEmail,
} from '@silk/schema/mail-layout';

/** The variables every subscriber's mail fills: the product's name and the footer's links. */
export function subscriberValues(links: SubscriberLinks): MailValues {
  return {
    productName: PRODUCT_NAME,
    statusLink: links.status,
    referralLink: links.referral,
    unsubscribeLink: links.unsubscribe,
    eraseLink: links.erase,
  };
}

/** A subscriber's mail from a copy (the current one of its kind: shared/mail-copy-store.ts) and its values. */
export function renderSubscriberMail(
  copy: MailCopy,
  values: MailValues,
  links: SubscriberLinks,
): RenderedEmail {
  return renderEmail(renderCopy(copy, { ...subscriberValues(links), ...values }), links);
}
