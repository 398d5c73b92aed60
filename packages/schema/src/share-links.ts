// Where a subscriber can share their referral link: plain links that work without scripts (the status
// page rendered by the functions and /waitlist's React buttons both list these, in this order). Copy and
// the device's native share sheet are buttons of the page's script, not links.
import { PRODUCT_NAME } from './constants';

export type ShareTargetId = 'email' | 'x' | 'whatsapp' | 'linkedin';

export interface ShareTarget {
  id: ShareTargetId;
  label: string;
  href: string;
}

export const SHARE_TEXT = `I joined the ${PRODUCT_NAME} waitlist: one sentence becomes a full trip. Join me`;
export const SHARE_SUBJECT = `Join me on the ${PRODUCT_NAME} waitlist`;

/** The share links of a referral link, every part URL-encoded. */
export function shareTargets(link: string): ShareTarget[] {
  const text = encodeURIComponent(SHARE_TEXT);
  const url = encodeURIComponent(link);
  return [
    {
      id: 'email',
      label: 'E-mail',
      href: `mailto:?subject=${encodeURIComponent(SHARE_SUBJECT)}&body=${encodeURIComponent(`${SHARE_TEXT}: ${link}`)}`,
    },
    { id: 'x', label: 'X', href: `https://x.com/intent/post?text=${text}&url=${url}` },
    {
      id: 'whatsapp',
      label: 'WhatsApp',
      href: `https://wa.me/?text=${encodeURIComponent(`${SHARE_TEXT}: ${link}`)}`,
    },
    { id: 'linkedin', label: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${url}` },
  ];
}

/** The place in line as the status page shows it: "#1,234 of 56,789". */
export function formatPlace(place: number, total: number): string {
  const format = (value: number) => value.toLocaleString('en-US');
  return `#${format(place)} of ${format(total)}`;
}
