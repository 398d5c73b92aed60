import { describe, expect, it } from 'vitest';
import * as c from './constants';

describe('SPEC §9 site constants', () => {
  it('has the timing constants', () => {
    expect(c.CAROUSEL_AUTO_ADVANCE_MS).toBe(5000);
    expect(c.SLIDE_TRANSITION_MS).toBe(500);
    expect(c.CONTENT_REVEAL_DELAY_MS).toBe(1000);
    expect(c.SCROLL_OBSERVER_SETUP_DELAY_MS).toBe(100);
    expect(c.REVEAL_THRESHOLD).toBe(0.1);
    expect(c.REVEAL_ROOT_MARGIN).toBe('0px 0px 50px 0px');
    expect(c.PILLAR_STAGGER_MS).toBe(200);
    expect(c.TESTIMONIAL_STAGGER_MS).toBe(150);
  });

  it('has the counts', () => {
    expect(c.CAROUSEL_SLIDE_COUNT).toBe(6);
    expect(c.FAQ_ITEM_COUNT).toBe(10);
    expect(c.TESTIMONIAL_COUNT).toBe(3);
    expect(c.PILLAR_COUNT).toBe(4);
    expect(c.PAIN_POINT_COUNT).toBe(4);
    expect(c.PARTNER_LOGO_COUNT).toBe(3);
    expect(c.FOOTER_CHANNEL_COUNT).toBe(7);
    expect(c.FEEDBACK_SUGGESTIONS_ROWS).toBe(4);
  });
});
