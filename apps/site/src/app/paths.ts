/** Routes of the site and their hrefs (each is its own prerendered HTML page). */
export const paths = {
  landing: '/',
  waitlist: '/waitlist',
} as const;

/** In-page anchors of the landing page (SPEC §2). */
export const anchors = {
  hero: 'hero',
  features: 'features',
  howItWorks: 'how-it-works',
  testimonials: 'testimonials',
  faq: 'faq',
} as const;

/** id of the landing form's e-mail field (the top-bar button focuses it). */
export const HERO_EMAIL_ID = 'hero-email';
