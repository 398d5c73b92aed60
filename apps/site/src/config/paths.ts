import { EMAIL_LINK_PAGES } from '@silk/schema/constants';

/** Routes of the site and their hrefs (each is its own prerendered HTML page). */
export const paths = {
  landing: '/',
  waitlist: '/waitlist',
  /** The pages of the links in our e-mails (their paths are shared with the functions that write the links). */
  confirm: EMAIL_LINK_PAGES.confirm,
  unsubscribe: EMAIL_LINK_PAGES.unsubscribe,
} as const;

/** In-page anchors of the landing page (PRODUCT.md#landing). */
export const anchors = {
  hero: 'hero',
  features: 'features',
  howItWorks: 'how-it-works',
  testimonials: 'testimonials',
  faq: 'faq',
} as const;

/** id of the landing form's e-mail field (the top-bar button focuses it). */
export const HERO_EMAIL_ID = 'hero-email';
