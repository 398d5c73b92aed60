// Request and response shapes of the invitation routes (server side parses with the zod schemas; the
// apps import the types only).
import * as z from 'zod';
import { INVITE_REQUEST_INVALID } from './messages';
import { MAX_WAVE_SIZE, parseInviteCode, type WavePreview } from './invites';

/** An invitation code from a link or a form: a malformed one is refused like an unknown one (the page says so). */
const inviteCode = z.unknown().transform((value, context) => {
  const code = parseInviteCode(value);
  if (code === null) context.addIssue({ code: 'custom', message: INVITE_REQUEST_INVALID });
  return code ?? '';
});

export const redeemInviteRequestSchema = z.object({ code: inviteCode });
export type RedeemInviteRequest = { code: string };
export interface RedeemInviteResponse {
  ok: true;
  /** The product's sign-up address with the one-time token. */
  continueTo: string;
}

export const declineInviteRequestSchema = z.object({
  code: inviteCode,
  /** keep: stay on the waitlist in the same place; leave: be removed from it. */
  choice: z.enum(['keep', 'leave'], { error: INVITE_REQUEST_INVALID }),
});
export type DeclineInviteRequest = { code: string; choice: 'keep' | 'leave' };

export const verifyInviteRequestSchema = z.object({
  token: z.string({ error: INVITE_REQUEST_INVALID }).min(1).max(200),
});
export type VerifyInviteRequest = z.input<typeof verifyInviteRequestSchema>;
/** The invited address, answered once: the verification consumes the token. */
export interface VerifyInviteResponse {
  email: string;
}

const waveTarget = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('next'), count: z.number().int().min(1).max(MAX_WAVE_SIZE) }),
    z.object({ kind: z.literal('view'), query: z.string().max(4000) }),
  ],
  { error: INVITE_REQUEST_INVALID },
);

export const inviteWaveRequestSchema = z.object({
  target: waveTarget,
  includeUnconfirmed: z.boolean().default(false),
  /** true: answer the preview only, invite nobody. */
  preview: z.boolean().default(false),
  /** The client's id for this wave: a double click or a retry starts it once. */
  requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, { error: INVITE_REQUEST_INVALID }),
});
export type InviteWaveRequest = z.input<typeof inviteWaveRequestSchema>;
export type InviteWaveResponse =
  { ok: true; preview: WavePreview } | { ok: true; waveId: string; total: number; message: string };

export const inviteDripRequestSchema = z.object({
  enabled: z.boolean(),
  perDay: z.number().int().min(1).max(MAX_WAVE_SIZE),
  hourUtc: z.number().int().min(0).max(23),
});
export type InviteDripRequest = z.input<typeof inviteDripRequestSchema>;
export interface InviteDripResponse {
  ok: true;
  message: string;
}
