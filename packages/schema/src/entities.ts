// Records of PRODUCT.md#data as types, and the display content items as zod schemas (the site checks its
// content with them at build time).
import * as z from 'zod';
import type { InviteStatus } from './invites';
import type { Role } from './roles';
import type { SuppressionReason } from './suppression';
import {
  FEEDBACK_FIELDS,
  type Attribution,
  type FeedbackField,
  type FeedbackFields,
  type VisitorLocation,
} from './signup-fields';

/** Location as the admin view may find it: free text or an object (older records carry country_name). */
export type DisplayLocation =
  | string
  | {
      city?: unknown;
      region?: unknown;
      country_name?: unknown;
      country?: unknown;
      latitude?: unknown;
      longitude?: unknown;
    };

export { FEEDBACK_FIELDS };
export type { FeedbackField, FeedbackFields, VisitorLocation };

/** Visitor-side fields that accompany every write (the timestamp is set by the server). */
export interface VisitorContext {
  ip: string;
  location: VisitorLocation;
}

/** A stored waitlist signup as read back (all but email optional: records are merged over time). */
export interface WaitlistSignup extends Partial<FeedbackFields>, Attribution {
  email: string;
  source?: string;
  ip?: string;
  location?: DisplayLocation;
  timestamp?: unknown;
  /** Server time of the record's last write, set by every writer: the admin panel's changes feed. */
  updatedAt?: unknown;
  aiTool?: string;
  botCheck?: { score: number; action: string; checkedAt: unknown };
  /** Server-set: when the address was confirmed through the e-mail's "Confirm my spot" link. */
  confirmedAt?: unknown;
  /** Server-set: what the person agreed to, when, and on which form. */
  consent?: { at: unknown; form: string; textVersion: string };
  /** Server-set: the id the e-mail links name instead of the address. */
  subscriberId?: string;
  /** Server-set: the subscriber's own referral code. */
  referralCode?: string;
  /** Server-set: the address of the subscriber whose referral link brought this signup. */
  referredBy?: string;
  /** Server-set: how many of this subscriber's referrals were confirmed and credited. */
  confirmedReferrals?: number;
  /** Server-set: where the signup stands with invitations (absent: waiting). */
  inviteStatus?: InviteStatus;
  /** Server-set: the wave that invited it last, when (ms), and when the invitation was redeemed (ms). */
  inviteWave?: string;
  invitedAt?: number;
  joinedAt?: number;
  /** Server-set: the CSV import that brought the signup in (absent for one made on the site). */
  importId?: string;
  /** Server-set: why no mail goes to the address, and since when (ms). */
  suppressedReason?: SuppressionReason;
  suppressedAt?: number;
}

export interface UsernameMapping {
  username: string;
  email: string;
}

export interface NewTeamMember {
  email: string;
  username: string;
  /** Empty when the server is to generate a one-time password. */
  password: string;
  roles: Role[];
}

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

/** An avatar is an image when it is a URL (PRODUCT.md#data), otherwise initials. */
export function isAvatarImage(avatar: string): boolean {
  return avatar.startsWith('http');
}
