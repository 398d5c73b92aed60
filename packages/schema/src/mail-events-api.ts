// The body of `POST /api/mail-events`: the mail provider's report of a bounce or complaint, signed the
// Standard Webhooks way (the frame verifies `webhook-*` or `svix-*` headers with MAIL_EVENTS_SECRET
// before this is parsed). Two shapes are accepted: Silk's own documented one, and Resend's webhook
// events (`email.bounced`, `email.complained`), which Resend signs with the same scheme (Svix).
import * as z from 'zod';
import { MAIL_EVENT_INVALID } from './messages';

/** Silk's format: `{ "type": "bounce" | "complaint", "email": "…", "reason"?: "…" }`. */
export const silkMailEventSchema = z.object({
  type: z.enum(['bounce', 'complaint']),
  email: z.string().max(254),
  reason: z.string().max(500).optional(),
});

/** Resend's event (https://resend.com/docs/dashboard/webhooks/event-types): the fields read. */
export const resendMailEventSchema = z.object({
  type: z.enum(['email.bounced', 'email.complained']),
  created_at: z.string().max(100),
  data: z.object({
    email_id: z.string().max(200).optional(),
    to: z.array(z.string().max(254)).min(1).max(50),
    bounce: z
      .object({
        message: z.string().max(1000).optional(),
        type: z.string().max(100).optional(),
        subType: z.string().max(100).optional(),
      })
      .optional(),
  }),
});

export const mailEventRequestSchema = z.union([silkMailEventSchema, resendMailEventSchema], {
  error: MAIL_EVENT_INVALID,
});
export type MailEventRequest = z.input<typeof mailEventRequestSchema>;
export interface MailEventResponse {
  ok: true;
  /** The addresses put on the suppression list by this event (already there counts too). */
  suppressed: number;
}
