import { describe, expect, it } from 'vitest';
import * as c from './constants';

describe('the site constants (PRODUCT.md#constants)', () => {
  it.each([
    // timing
    ['CAROUSEL_AUTO_ADVANCE_MS', 5000],
    ['SLIDE_TRANSITION_MS', 500],
    ['CONTENT_REVEAL_DELAY_MS', 1000],
    ['SCROLL_OBSERVER_SETUP_DELAY_MS', 100],
    ['REVEAL_THRESHOLD', 0.1],
    ['REVEAL_ROOT_MARGIN', '0px 0px 50px 0px'],
    ['PILLAR_STAGGER_MS', 200],
    ['TESTIMONIAL_STAGGER_MS', 150],
    // counts
    ['CAROUSEL_SLIDE_COUNT', 6],
    ['FAQ_ITEM_COUNT', 10],
    ['TESTIMONIAL_COUNT', 3],
    ['PILLAR_COUNT', 4],
    ['PAIN_POINT_COUNT', 4],
    ['PARTNER_LOGO_COUNT', 3],
    ['FOOTER_CHANNEL_COUNT', 7],
    ['FEEDBACK_SUGGESTIONS_ROWS', 4],
  ] as const)('%s is %j', (name, value) => {
    expect(c[name]).toBe(value);
  });
});
