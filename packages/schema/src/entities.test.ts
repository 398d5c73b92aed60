import { describe, expect, it } from 'vitest';
import {
  FEEDBACK_FIELDS,
  faqItemSchema,
  featureSlideSchema,
  isAvatarImage,
  testimonialSchema,
} from './entities';

describe('entities', () => {
  it('lists the seven feedback fields of PRODUCT.md#waitlist', () => {
    // As PRODUCT.md#waitlist writes them, in form order.
    expect(FEEDBACK_FIELDS.join(', ')).toBe(
      'travelFrequency, biggestFrustration, workEmail, contentCreator, excitedFeatures, suggestionsFeedback, socialMedia',
    );
  });

  it('validates content items', () => {
    expect(faqItemSchema.safeParse({ question: 'Q?', answer: 'A.' }).success).toBe(true);
    expect(faqItemSchema.safeParse({ question: '', answer: 'A.' }).success).toBe(false);
    expect(testimonialSchema.safeParse({ quote: 'q', author: 'a', details: 'd', avatar: 'AB' }).success).toBe(
      true,
    );
    expect(
      featureSlideSchema.safeParse({ icon: 'i', title: 't', description: 'd', mockupImg: '/m.webp' }).success,
    ).toBe(true);
  });

  it('treats avatars starting with http as images, others as initials', () => {
    expect(isAvatarImage('https://cdn.example/a.png')).toBe(true);
    expect(isAvatarImage('MK')).toBe(false);
  });
});
