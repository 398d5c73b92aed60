// Records of SPEC §3 as zod schemas and inferred types.
import { z } from 'zod';
import {
  FEEDBACK_FIELDS,
  MAX_EMAIL_LENGTH,
  MAX_LONG_TEXT_LENGTH,
  MAX_SHORT_TEXT_LENGTH,
  SIGNUP_SOURCE,
} from './constants';
import { ROLES } from './roles';

const shortText = z.string().max(MAX_SHORT_TEXT_LENGTH);
const longText = z.string().max(MAX_LONG_TEXT_LENGTH);
const emailText = z.string().min(1).max(MAX_EMAIL_LENGTH);

/** Location as written by the visitor's browser; each value 'N/A' when unknown. */
export const visitorLocationSchema = z
  .object({
    city: shortText,
    region: shortText,
    country: shortText,
    country_code: shortText,
    latitude: z.union([z.number(), shortText]),
    longitude: z.union([z.number(), shortText]),
  })
  .strict();
export type VisitorLocation = z.infer<typeof visitorLocationSchema>;

/** Location as the admin view may find it: free text or an object (older records carry country_name). */
export const displayLocationSchema = z.union([
  z.string(),
  z
    .object({
      city: z.unknown(),
      region: z.unknown(),
      country_name: z.unknown(),
      country: z.unknown(),
      latitude: z.unknown(),
      longitude: z.unknown(),
    })
    .partial(),
]);
export type DisplayLocation = z.infer<typeof displayLocationSchema>;

export { FEEDBACK_FIELDS };
export type FeedbackField = (typeof FEEDBACK_FIELDS)[number];

export const feedbackFieldsSchema = z
  .object({
    travelFrequency: shortText,
    biggestFrustration: longText,
    workEmail: z.string().max(MAX_EMAIL_LENGTH),
    contentCreator: shortText,
    excitedFeatures: longText,
    suggestionsFeedback: longText,
    socialMedia: shortText,
  })
  .strict();
export type FeedbackFields = z.infer<typeof feedbackFieldsSchema>;

/** Visitor-side fields that accompany every write (the timestamp is set by the server). */
export const visitorContextSchema = z.object({
  ip: shortText,
  location: visitorLocationSchema,
});
export type VisitorContext = z.infer<typeof visitorContextSchema>;

export const landingSignupSchema = z
  .object({
    email: emailText,
    source: z.literal(SIGNUP_SOURCE),
  })
  .extend(visitorContextSchema.shape);
export type LandingSignup = z.infer<typeof landingSignupSchema>;

export const botCheckSchema = z.object({
  score: z.number(),
  action: z.string(),
  checkedAt: z.unknown(),
});

/** A stored waitlist signup as read back (all but email optional: records are merged over time). */
export const waitlistSignupSchema = z.object({
  email: z.string(),
  source: z.string().optional(),
  ip: z.string().optional(),
  location: displayLocationSchema.optional(),
  timestamp: z.unknown().optional(),
  aiTool: z.string().optional(),
  botCheck: botCheckSchema.optional(),
  ...feedbackFieldsSchema.partial().shape,
});
export type WaitlistSignup = z.infer<typeof waitlistSignupSchema>;

export const subscriberSchema = z.object({ email: emailText });
export type Subscriber = z.infer<typeof subscriberSchema>;

export const staffRecordSchema = z.object({
  username: z.string().optional(),
  roles: z.array(z.string()).default([]),
  mustChangePassword: z.boolean().optional(),
});
export type StaffRecord = z.infer<typeof staffRecordSchema>;

export const usernameMappingSchema = z.object({ username: z.string(), email: z.string() });
export type UsernameMapping = z.infer<typeof usernameMappingSchema>;

export const roleSchema = z.enum(ROLES);

export const newTeamMemberSchema = z.object({
  email: z.string(),
  username: z.string(),
  password: z.string(),
  roles: z.array(roleSchema),
});
export type NewTeamMember = z.infer<typeof newTeamMemberSchema>;

// Display-only content items.
export const faqItemSchema = z.object({ question: z.string().min(1), answer: z.string().min(1) });
export type FaqItem = z.infer<typeof faqItemSchema>;

export const testimonialSchema = z.object({
  quote: z.string().min(1),
  author: z.string().min(1),
  details: z.string(),
  avatar: z.string().min(1),
});
export type Testimonial = z.infer<typeof testimonialSchema>;

export const featureSlideSchema = z.object({
  icon: z.string().min(1),
  title: z.string().min(1),
  description: z.string().min(1),
  mockupImg: z.string().min(1),
});
export type FeatureSlide = z.infer<typeof featureSlideSchema>;

/** An avatar is an image when it is a URL (SPEC §3), otherwise initials. */
export function isAvatarImage(avatar: string): boolean {
  return avatar.startsWith('http');
}
