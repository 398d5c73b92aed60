// Words and links shared by every page: top bar, footer, metadata.
import { COPYRIGHT_YEAR, PRODUCT_NAME } from '@silk/schema/constants';
import type { Channel } from './schemas';

export const site = {
  productName: PRODUCT_NAME,
  tagline: 'Your AI travel planner',
  description:
    'Silk turns one sentence into a full trip: research, booking and logistics done for you, and an itinerary that fixes itself when plans change. Join the private beta waitlist.',
  copyright: `© ${COPYRIGHT_YEAR} ${PRODUCT_NAME}. All rights reserved.`,
  consent:
    'By joining the waitlist you agree to receive periodic e-mail updates about Silk. We never share your information with anyone.',
  footerHeading: 'Follow the journey',
  homeLinkLabel: 'Back to Home',
  skipLinkLabel: 'Skip to content',
} as const;

/** PRODUCT.md#landing: seven channels, in this order. */
export const channels: readonly Channel[] = [
  { kind: 'chat community', label: 'Discord community', icon: 'chat', href: 'https://discord.gg/silktravel' },
  { kind: 'short video', label: 'TikTok', icon: 'music', href: 'https://www.tiktok.com/@silktravel' },
  { kind: 'microblog', label: 'X (Twitter)', icon: 'x', href: 'https://x.com/silktravel' },
  { kind: 'photo sharing', label: 'Instagram', icon: 'image', href: 'https://www.instagram.com/silktravel' },
  { kind: 'social network', label: 'Facebook', icon: 'globe', href: 'https://www.facebook.com/silktravel' },
  { kind: 'video site', label: 'YouTube', icon: 'video', href: 'https://www.youtube.com/@silktravel' },
  { kind: 'e-mail', label: 'E-mail us', icon: 'mail', href: 'mailto:hello@silk.travel' },
];
