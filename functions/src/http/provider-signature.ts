// The access of a route a mail provider calls: a Standard Webhooks signature of the raw body
// (https://www.standardwebhooks.com), checked by the `standardwebhooks` library with the shared
// secret. Svix-based providers (Resend) send the same scheme under `svix-*` header names: either set is
// read. The library refuses a timestamp more than five minutes away (replays) and compares the
// signature in constant time; an unset secret lets nobody in. The library is loaded at the first check:
// only mailEvents checks a signature, and every function loads what the bundle imports.
import { MAIL_EVENT_SIGNATURE_INVALID } from '@silk/schema/messages';
import { HttpError, type HttpRequest } from './http';

const HEADERS = ['id', 'timestamp', 'signature'] as const;

function header(req: HttpRequest, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The `webhook-*` headers of the request, taken from `svix-*` when those are the ones sent. */
function signatureHeaders(req: HttpRequest): Record<string, string> {
  const prefix = header(req, 'webhook-signature') !== undefined ? 'webhook' : 'svix';
  return Object.fromEntries(
    HEADERS.map((name) => [`webhook-${name}`, header(req, `${prefix}-${name}`) ?? '']),
  );
}

/** 401 unless `raw` is signed with `secret` (`whsec_…` or its base64 key) and fresh. */
export async function verifyProviderSignature(req: HttpRequest, raw: Buffer, secret: string): Promise<void> {
  if (secret === '') throw new HttpError(401, MAIL_EVENT_SIGNATURE_INVALID);
  const { Webhook, WebhookVerificationError } = await import('standardwebhooks');
  try {
    new Webhook(secret).verify(raw.toString('utf8'), signatureHeaders(req));
  } catch (error) {
    if (error instanceof WebhookVerificationError || error instanceof Error) {
      throw new HttpError(401, MAIL_EVENT_SIGNATURE_INVALID);
    }
    throw error;
  }
}

/** The id of the provider's message (`webhook-id` or `svix-id`: the header set signed), once verified. */
export function providerMessageId(req: HttpRequest): string {
  return signatureHeaders(req)['webhook-id'] ?? '';
}
