// The functions' secrets: production sets them with `firebase functions:secrets:set`; the emulator reads
// functions/env/.secret.local (MailDev's address and a fixed signing key, never deployed).
import type { ServerSecret } from '@silk/schema/api-routes';
import { defineSecret } from 'firebase-functions/params';

/** smtp(s)://user:password@host:port of the mail provider. */
export const smtpConnectionUri = defineSecret('SMTP_CONNECTION_URI');

/** The HMAC-SHA256 key that signs the links in our e-mails (at least 32 random bytes). */
export const mailTokenSecret = defineSecret('MAIL_TOKEN_SECRET');

/**
 * The key the product's backend presents to POST /api/invite/verify (`Authorization: Bearer <key>`); set
 * with `firebase functions:secrets:set INVITE_VERIFY_KEY` (the emulator's is in functions/env/.secret.local).
 */
export const inviteVerifyKey = defineSecret('INVITE_VERIFY_KEY');

/**
 * The Standard Webhooks secret (`whsec_…`) the mail provider signs POST /api/mail-events with (Resend:
 * the endpoint's signing secret); set with `firebase functions:secrets:set MAIL_EVENTS_SECRET`.
 */
export const mailEventsSecret = defineSecret('MAIL_EVENTS_SECRET');

/** The reCAPTCHA secret key the bot check verifies a token with. */
export const recaptchaSecret = defineSecret('RECAPTCHA_SECRET_KEY');

/** Each secret a route can declare (@silk/schema/api-routes), as the parameter its function binds. */
export const SECRET_PARAMS = {
  MAIL_TOKEN_SECRET: mailTokenSecret,
  RECAPTCHA_SECRET_KEY: recaptchaSecret,
  INVITE_VERIFY_KEY: inviteVerifyKey,
  MAIL_EVENTS_SECRET: mailEventsSecret,
  SMTP_CONNECTION_URI: smtpConnectionUri,
} as const satisfies Record<ServerSecret, ReturnType<typeof defineSecret>>;
