// The outgoing mail queue: mail/{id} documents in the contract of Firebase's "Trigger Email" extension
// ({to, message: {subject, text, html}, headers}; the sender adds `delivery`), so production can run our
// send-mail function or the extension unchanged. Browsers can neither read nor write it (rules).

export interface MailMessage {
  subject: string;
  text: string;
  html: string;
}

export interface QueuedMail {
  to: string;
  message: MailMessage;
  headers: Record<string, string>;
}

/**
 * States of `delivery.state`, as the extension writes them; and SUPPRESSED, ours: not sent, every
 * recipient is on the suppression list (`delivery.suppressed`: [{address, reason}]).
 */
export type DeliveryState = 'PENDING' | 'PROCESSING' | 'RETRY' | 'SUCCESS' | 'ERROR' | 'SUPPRESSED';
