// The suppression list: addresses no mail of any kind goes to. Put there by a permanent SMTP failure
// (5xx), a bounce or complaint the mail provider reports to `POST /api/mail-events`, or an unsubscribe
// (lifted by re-subscribing; the others are permanent). Pure and zod-free.

export const SUPPRESSION_REASONS = ['bounce', 'complaint', 'unsubscribe'] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

/** Only an unsubscribe is lifted when the person subscribes again. */
export function liftedByResubscribing(reason: SuppressionReason): boolean {
  return reason === 'unsubscribe';
}

/** What put an address on the list: the SMTP server's refusal, the provider's report, an unsubscribe. */
export const SUPPRESSION_SOURCES = ['smtp', 'mail-event', 'unsubscribe'] as const;
export type SuppressionSource = (typeof SUPPRESSION_SOURCES)[number];

/**
 * suppressions/{mailboxKey} (server only; `email`: the address it was made for). `at`: milliseconds, the
 * same instant as the signup's `suppressedAt`.
 */
export interface SuppressionEntry {
  email: string;
  reason: SuppressionReason;
  /** The server's answer or the provider's description, at most SUPPRESSION_DETAIL_MAX characters. */
  detail: string;
  source: SuppressionSource;
  at: number;
}

export const SUPPRESSION_DETAIL_MAX = 500;
