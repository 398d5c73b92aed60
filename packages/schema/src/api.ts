// Request and response shapes of the four calls to our functions (SPEC §7, DESIGN §5).
import { z } from 'zod';
import { newTeamMemberSchema } from './entities';

export const errorResponseSchema = z.object({ error: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const subscribeRequestSchema = z.object({ email: z.string() });
export type SubscribeRequest = z.infer<typeof subscribeRequestSchema>;
export const subscribeResponseSchema = z.object({ ok: z.literal(true) });
export type SubscribeResponse = z.infer<typeof subscribeResponseSchema>;

export const waitlistUpdateRequestSchema = z.object({ email: z.string(), recaptcha_token: z.string() });
export type WaitlistUpdateRequest = z.infer<typeof waitlistUpdateRequestSchema>;
export const waitlistUpdateResponseSchema = z.object({ ok: z.literal(true), score: z.number() });
export type WaitlistUpdateResponse = z.infer<typeof waitlistUpdateResponseSchema>;

export const createTeamMemberRequestSchema = newTeamMemberSchema.extend({ token: z.string() });
export type CreateTeamMemberRequest = z.infer<typeof createTeamMemberRequestSchema>;
export const createTeamMemberResponseSchema = z.object({
  message: z.string(),
  /** Present only when the server generated the one-time password. */
  temporaryPassword: z.string().optional(),
});
export type CreateTeamMemberResponse = z.infer<typeof createTeamMemberResponseSchema>;

export const exportWaitlistRequestSchema = z.object({ token: z.string() });
export type ExportWaitlistRequest = z.infer<typeof exportWaitlistRequestSchema>;
