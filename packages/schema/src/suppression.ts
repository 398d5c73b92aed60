// The suppression list: addresses no mail of any kind goes to. Put there by a permanent SMTP failure
// (5xx), a bounce or complaint the mail provider reports to `POST /api/mail-events`, or an unsubscribe
// (lifted by re-subscribing; the others are permanent). Pure and zod-free.

export const SUPPRESSION_REASONS = ['bounce', 'complaint', 'unsubscribe'] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

/** Only an unsubscribe is lifted when the person subscribes again. */
export function liftedByResubscribing(reason: SuppressionReason): boolean {
  return reason === 'unsubscribe';
}
