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

/** `pool`: one transport keeps a few connections open for many messages (a broadcast's chunk). */
export function smtpTransport(
  url: string,
  config: Pick<MailConfig, 'smtpTimeoutMs'>,
  { pool = false }: { pool?: boolean } = {},
): MailTransport {
  const key = `${pool ? 'pool' : 'single'} ${url}`;
  let transport = transports.get(key);
  if (!transport) {
    let created: Promise<Transporter> | undefined;
    const create = async () => {
      const { default: nodemailer } = await import('nodemailer');
      return nodemailer.createTransport({
        url,
        ...(pool ? { pool: true, maxConnections: 4, maxMessages: Infinity } : {}),
        connectionTimeout: config.smtpTimeoutMs,
        greetingTimeout: config.smtpTimeoutMs,
        socketTimeout: config.smtpTimeoutMs * 3,
      });
    };
    transport = { sendMail: async (options) => (await (created ??= create())).sendMail(options) };
    transports.set(key, transport);
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

/** The recipients an SMTP server refused for good, with its answer. */
export interface PermanentRefusal {
  recipients: string[];
  response: string;
}

interface SmtpFailure {
  code?: unknown;
  command?: unknown;
  responseCode?: unknown;
  response?: unknown;
  recipient?: unknown;
  rejectedErrors?: unknown;
}

const isPermanent = (failure: SmtpFailure) =>
  typeof failure.responseCode === 'number' && failure.responseCode >= 500 && failure.responseCode < 600;

const answerOf = (failure: SmtpFailure) =>
  typeof failure.response === 'string' ? failure.response : String(failure.responseCode);

/**
 * The recipients a 5xx answer refused, from nodemailer's failure (or, for a message some recipients of
 * which were refused, its result's `rejectedErrors`): each RCPT TO refused with 5xx, or every recipient
 * when the message itself was refused with 5xx (DATA). A 5xx to MAIL FROM, the greeting or the
 * credentials is about our sender, not the recipients: none.
 */
export function permanentRefusals(outcome: unknown, recipients: readonly string[]): PermanentRefusal[] {
  const failure = (outcome ?? {}) as SmtpFailure;
  const perRecipient = (Array.isArray(failure.rejectedErrors) ? failure.rejectedErrors : []) as SmtpFailure[];
  const refusals = perRecipient
    .filter(
      (error) => error.command === 'RCPT TO' && isPermanent(error) && typeof error.recipient === 'string',
    )
    .map((error) => ({ recipients: [(error.recipient as string).toLowerCase()], response: answerOf(error) }));
  if (failure.command === 'DATA' && isPermanent(failure)) {
    const refused = new Set(refusals.flatMap((refusal) => refusal.recipients));
    const rest = recipients.filter((recipient) => !refused.has(recipient));
    if (rest.length > 0) refusals.push({ recipients: rest, response: answerOf(failure) });
  }
  return refusals;
}
