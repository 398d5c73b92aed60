// Constants only the site uses (PRODUCT.md#constants): landing-page motion and carousel timings, the content counts
// the build checks, and the feedback form's layout. Shared names and limits stay in @silk/schema.

// Landing page motion and carousel (milliseconds unless stated).
export const CAROUSEL_AUTO_ADVANCE_MS = 5000;
export const SLIDE_TRANSITION_MS = 500;
export const CONTENT_REVEAL_DELAY_MS = 1000;
export const SCROLL_OBSERVER_SETUP_DELAY_MS = 100;
export const REVEAL_THRESHOLD = 0.1;
export const REVEAL_ROOT_MARGIN = '0px 0px 50px 0px';
export const PILLAR_STAGGER_MS = 200;
export const TESTIMONIAL_STAGGER_MS = 150;

// Content counts.
export const CAROUSEL_SLIDE_COUNT = 6;
export const FAQ_ITEM_COUNT = 10;
export const TESTIMONIAL_COUNT = 3;
export const PILLAR_COUNT = 4;
export const PAIN_POINT_COUNT = 4;
export const PARTNER_LOGO_COUNT = 3;
export const FOOTER_CHANNEL_COUNT = 7;

export const FEEDBACK_SUGGESTIONS_ROWS = 4;
