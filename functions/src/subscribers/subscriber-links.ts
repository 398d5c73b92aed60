// The links every e-mail to a subscriber carries, each with its own signed token (no address in any
// URL), the subscriber's referral link, and the RFC 8058 one-click unsubscribe headers.
import { API_ROUTES } from '@silk/schema/api-routes';
import { EMAIL_LINK_PAGES, ERASE_SECTION_ID } from '@silk/schema/constants';
import { referralLink } from '@silk/schema/referrals';
import { signLinkToken } from '../http/link-token';

export interface SubscriberLinks {
  /** The site's /confirm page ("Confirm my spot"). */
  confirm: string;
  /** The site's /unsubscribe page: unsubscribe (with a button), re-subscribe, delete my data. */
  unsubscribe: string;
  /** The same page, at its "Delete my data" section. */
  erase: string;
  /** POST target of one-click unsubscribe (List-Unsubscribe). */
  oneClickUnsubscribe: string;
  /** The private status page (place in line, referrals), rendered by the statusPage function. */
  status: string;
  /** The subscriber's link to share (the site with their referral code). */
  referral: string;
}

export function subscriberLinks(
  siteOrigin: string,
  secret: string,
  subscriberId: string,
  referralCode: string,
  now = Date.now(),
): SubscriberLinks {
  const unsubscribe = signLinkToken(secret, 'unsubscribe', subscriberId, now);
  const erase = signLinkToken(secret, 'erase', subscriberId, now);
  const confirm = signLinkToken(secret, 'confirm', subscriberId, now);
  const status = signLinkToken(secret, 'status', subscriberId, now);
  const unsubscribePage = `${siteOrigin}${EMAIL_LINK_PAGES.unsubscribe}?${new URLSearchParams({ token: unsubscribe, erase })}`;
  return {
    confirm: `${siteOrigin}${EMAIL_LINK_PAGES.confirm}?${new URLSearchParams({ token: confirm })}`,
    unsubscribe: unsubscribePage,
    erase: `${unsubscribePage}#${ERASE_SECTION_ID}`,
    oneClickUnsubscribe: `${siteOrigin}${API_ROUTES.unsubscribe.path}?${new URLSearchParams({ token: unsubscribe })}`,
    status: statusPageLink(siteOrigin, status),
    referral: referralLink(siteOrigin, referralCode),
  };
}

/** The status page's address for a signed status token. */
export function statusPageLink(siteOrigin: string, token: string): string {
  return `${siteOrigin}${API_ROUTES.statusPage.path}?${new URLSearchParams({ token })}`;
}

/** RFC 2369 / RFC 8058: mail providers show an unsubscribe button that POSTs to the https URL. */
export function listUnsubscribeHeaders(links: SubscriberLinks): Record<string, string> {
  return {
    'List-Unsubscribe': `<${links.oneClickUnsubscribe}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
