// How outgoing mail is sent and what its links point at (from the environment; the SMTP URL and the
// link-signing key are secrets, see secrets.ts). Defaults are production's; functions/env/.env.demo-silk
// shortens the waits for the emulator.
import { positiveNumber, serviceUrl } from '../shared/config';

export const DEFAULT_MAIL_FROM = 'Silk <hello@silk.travel>';
export const DEFAULT_SITE_ORIGIN = 'https://silk.travel';

export interface MailConfig {
  /** The sender of every e-mail (MAIL_FROM). */
  from: string;
  /** Where the links in e-mails point (SITE_ORIGIN, no trailing slash). */
  siteOrigin: string;
  /** SMTP tries within one delivery run, the first wait between them (doubled each time). */
  sendTries: number;
  sendBackoffMs: number;
  /** After a failed run the redrive picks the mail up again after this wait, doubled each run, capped. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** SMTP tries in all; after that a mail stays in ERROR for good. */
  maxAttempts: number;
  /** A run holds the mail this long; a PROCESSING mail past it is taken up again by the redrive. */
  leaseMs: number;
  /** Connection and greeting timeout of the SMTP client. */
  smtpTimeoutMs: number;
  /** Mail with a send slot (send-slots.ts) goes out at most this many per second (MAIL_RATE_PER_SECOND). */
  ratePerSecond: number;
  /**
   * A delivery run waits for a slot at most this long; a later slot is left PENDING with
   * `nextAttemptAt` = the slot less `slotLeadMs`, when the redrive (every minute; the lead exceeds that period) hands it back in time.
   */
  slotWaitMs: number;
  slotLeadMs: number;
}

/**
 * SITE_ORIGIN, shifted like the other loopback services in a shifted emulator stack. SILK_SITE_ORIGIN
 * overrides it in the emulator only: `pnpm dev` serves the site from Vite, not from the Hosting emulator.
 */
function siteOrigin(env: NodeJS.ProcessEnv): string {
  const override = env.FUNCTIONS_EMULATOR === 'true' ? env.SILK_SITE_ORIGIN?.trim() : undefined;
  return new URL(override || serviceUrl(env, 'SITE_ORIGIN', DEFAULT_SITE_ORIGIN)).origin;
}

export function readMailConfig(env: NodeJS.ProcessEnv = process.env): MailConfig {
  return {
    from: env.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM,
    siteOrigin: siteOrigin(env),
    sendTries: positiveNumber(env, 'MAIL_SEND_TRIES', 3),
    sendBackoffMs: positiveNumber(env, 'MAIL_SEND_BACKOFF_MS', 2000),
    retryBaseMs: positiveNumber(env, 'MAIL_RETRY_BASE_SECONDS', 60) * 1000,
    retryMaxMs: positiveNumber(env, 'MAIL_RETRY_MAX_SECONDS', 3600) * 1000,
    maxAttempts: positiveNumber(env, 'MAIL_MAX_ATTEMPTS', 60),
    leaseMs: positiveNumber(env, 'MAIL_LEASE_SECONDS', 300) * 1000,
    smtpTimeoutMs: positiveNumber(env, 'MAIL_SMTP_TIMEOUT_MS', 10_000),
    ratePerSecond: positiveNumber(env, 'MAIL_RATE_PER_SECOND', 10),
    slotWaitMs: 75_000,
    slotLeadMs: 70_000,
  };
}

/** The SMTP URL (a secret), shifted like the other loopback services in a shifted emulator stack. */
export function smtpUrl(value: string, env: NodeJS.ProcessEnv = process.env): string {
  if (!value.trim()) throw new Error('SMTP_CONNECTION_URI is not set.');
  return serviceUrl({ ...env, SMTP_CONNECTION_URI: value }, 'SMTP_CONNECTION_URI', value);
}
