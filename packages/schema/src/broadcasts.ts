// Broadcasts: a message an Admin writes (subject + Markdown) to a segment of the mailing list, sent now
// or at a time. broadcasts/{id} holds the message, its segment, its state and its figures (server-written;
// staff read them through broadcastList).
import * as z from 'zod';
import { BROADCAST_REQUEST_INVALID } from './messages';

export const BROADCAST_SUBJECT_MAX = 200;
export const BROADCAST_BODY_MAX = 50_000;

/** Who a broadcast goes to: everyone confirmed, or the signups table's filtered view (its URL query). */
export type BroadcastSegment = { kind: 'confirmed' } | { kind: 'view'; query: string };

export type BroadcastState = 'scheduled' | 'preparing' | 'sending' | 'done';

/** What happened to the broadcast's mail, counted per recipient. */
export interface BroadcastFigures {
  /** People it was to reach when it went out (the segment, less suppressed, unsubscribed or erased). */
  total: number;
  sent: number;
  failed: number;
  /** Left out when sent: on the suppression list, unsubscribed or gone since it was prepared. */
  skipped: number;
  /** Recipients put on the suppression list for a bounce since it was sent to them. */
  bounced: number;
  /** Recipients who unsubscribed since it was sent to them. */
  unsubscribed: number;
  /**
   * Once it is done: recipients whose mail's outcome is not known (a run stopped between handing the
   * mail to SMTP and hearing back). They are not sent it again.
   */
  unknown: number;
}

export interface BroadcastView extends BroadcastFigures {
  id: string;
  subject: string;
  markdown: string;
  segment: BroadcastSegment;
  state: BroadcastState;
  createdBy: string;
  createdAt: number;
  /** When it goes (or went) out, milliseconds since the epoch. */
  sendAt: number;
  finishedAt?: number;
}

const segment = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('confirmed') }),
    z.object({ kind: z.literal('view'), query: z.string().max(4000) }),
  ],
  { error: BROADCAST_REQUEST_INVALID },
);

const message = {
  subject: z
    .string({ error: BROADCAST_REQUEST_INVALID })
    .trim()
    .min(1, BROADCAST_REQUEST_INVALID)
    .max(BROADCAST_SUBJECT_MAX, BROADCAST_REQUEST_INVALID),
  markdown: z
    .string({ error: BROADCAST_REQUEST_INVALID })
    .trim()
    .min(1, BROADCAST_REQUEST_INVALID)
    .max(BROADCAST_BODY_MAX, BROADCAST_REQUEST_INVALID),
};

export const broadcastReachRequestSchema = z.object({ segment });
export type BroadcastReachRequest = z.input<typeof broadcastReachRequestSchema>;
export interface BroadcastReachResponse {
  ok: true;
  count: number;
}

export const broadcastTestRequestSchema = z.object(message);
export type BroadcastTestRequest = z.input<typeof broadcastTestRequestSchema>;
export interface BroadcastTestResponse {
  ok: true;
  message: string;
}

export const broadcastSendRequestSchema = z.object({
  ...message,
  segment,
  /** Milliseconds since the epoch; absent or past: now. */
  sendAt: z.number({ error: BROADCAST_REQUEST_INVALID }).int().min(0).optional(),
  /** The client's id for this broadcast: a double click or a retry creates it once. */
  requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, { error: BROADCAST_REQUEST_INVALID }),
});
export type BroadcastSendRequest = z.input<typeof broadcastSendRequestSchema>;
export interface BroadcastSendResponse {
  ok: true;
  broadcastId: string;
  message: string;
}

export interface BroadcastListResponse {
  broadcasts: BroadcastView[];
}
