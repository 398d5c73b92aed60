// Shapes of the site's display content. FAQ items, testimonials and feature slides use the shared
// schemas of PRODUCT.md#data; the other blocks are the site's own. Used at build time (prerender) and in
// tests only, so zod never reaches the browser bundle.
import { faqItemSchema, featureSlideSchema, testimonialSchema } from '@silk/schema/entities';
import { z } from 'zod';

const text = z.string().trim().min(1);
const localAsset = z.string().regex(/^\/[\w./-]+\.(svg|webp|png|avif)$/, 'a local image under /public');
const httpsUrl = z.url({ protocol: /^https$/ });

export const iconNameSchema = text;

export const painPointSchema = z.object({ icon: iconNameSchema, title: text, description: text });
export type PainPoint = z.infer<typeof painPointSchema>;

export const pillarSchema = z.object({ icon: iconNameSchema, title: text, description: text });
export type Pillar = z.infer<typeof pillarSchema>;

export const slideSchema = featureSlideSchema.extend({ id: text, mockupImg: localAsset, mockupAlt: text });
export type Slide = z.infer<typeof slideSchema>;

export const testimonialItemSchema = testimonialSchema;
export type TestimonialItem = z.infer<typeof testimonialItemSchema>;

export const faqSchema = faqItemSchema;
export type Faq = z.infer<typeof faqSchema>;

export const creatorSchema = z.object({
  name: text,
  logo: localAsset,
  logoWidth: z.number().int().positive(),
  logoHeight: z.number().int().positive(),
  channelUrl: httpsUrl,
});
export type Creator = z.infer<typeof creatorSchema>;

export const channelSchema = z.object({
  kind: z.enum([
    'chat community',
    'short video',
    'microblog',
    'photo sharing',
    'social network',
    'video site',
    'e-mail',
  ]),
  label: text,
  icon: iconNameSchema,
  href: z.union([httpsUrl, z.string().regex(/^mailto:[^\s@]+@[^\s@]+\.[^\s@]+$/)]),
});
export type Channel = z.infer<typeof channelSchema>;

export const featureSchema = z.object({ title: text, description: text, badge: z.string().optional() });
export type Feature = z.infer<typeof featureSchema>;
