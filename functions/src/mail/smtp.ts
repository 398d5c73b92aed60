// The SMTP side of delivery: one nodemailer transport per connection URL (kept for the instance's life),
// and which failures are worth another try. nodemailer itself is loaded at the first e-mail sent, not
// with the bundle that every function loads.
import type { SendMailOptions, SentMessageInfo, Transporter } from 'nodemailer';
import type { MailConfig } from './mail-config';

/** What delivery needs of a transport (tests pass their own). */
export interface MailTransport {
  sendMail(options: SendMailOptions): Promise<SentMessageInfo>;
}

const transports = new Map<string, MailTransport>();

export function smtpTransport(url: string, config: Pick<MailConfig, 'smtpTimeoutMs'>): MailTransport {
  let transport = transports.get(url);
  if (!transport) {
    let created: Promise<Transporter> | undefined;
    const create = async () => {
      const { default: nodemailer } = await import('nodemailer');
      return nodemailer.createTransport({
        url,
        connectionTimeout: config.smtpTimeoutMs,
        greetingTimeout: config.smtpTimeoutMs,
        socketTimeout: config.smtpTimeoutMs * 3,
      });
    };
    transport = { sendMail: async (options) => (await (created ??= create())).sendMail(options) };
    transports.set(url, transport);
  }
  return transport;
}

/**
 * A failure another try may cure: the server unreachable or slow, a 4xx answer ("try again later"), or
 * refused credentials (fixed by the operator, then the queue drains). A 5xx answer to the message or its
 * recipients is final.
 */
export function isTransientFailure(error: unknown): boolean {
  const { responseCode, code } = (error ?? {}) as { responseCode?: unknown; code?: unknown };
  if (code === 'EAUTH') return true;
  return !(typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600);
}
