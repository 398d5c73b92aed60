// Checks every content block against its schema and the SPEC's counts. Runs at build time (prerender)
// and in the unit tests; never in the browser.
import { z } from 'zod';
import {
  CAROUSEL_SLIDE_COUNT,
  FAQ_ITEM_COUNT,
  FOOTER_CHANNEL_COUNT,
  PAIN_POINT_COUNT,
  PARTNER_LOGO_COUNT,
  PILLAR_COUNT,
  TESTIMONIAL_COUNT,
} from '@/config/constants';
import { creators, faq, features, painPoints, pillars, slides, testimonials } from './landing';
import {
  channelSchema,
  creatorSchema,
  faqSchema,
  featureSchema,
  painPointSchema,
  pillarSchema,
  slideSchema,
  testimonialItemSchema,
} from './schemas';
import { channels } from './site';

const exactly = <T extends z.ZodType>(schema: T, count: number) => z.array(schema).length(count);

export function validateContent(): void {
  exactly(painPointSchema, PAIN_POINT_COUNT).parse(painPoints);
  exactly(pillarSchema, PILLAR_COUNT).parse(pillars);
  exactly(slideSchema, CAROUSEL_SLIDE_COUNT).parse(slides);
  exactly(testimonialItemSchema, TESTIMONIAL_COUNT).parse(testimonials);
  exactly(faqSchema, FAQ_ITEM_COUNT).parse(faq);
  exactly(creatorSchema, PARTNER_LOGO_COUNT).parse(creators);
  exactly(channelSchema, FOOTER_CHANNEL_COUNT).parse(channels);
  z.array(featureSchema).min(5).parse(features);
}
