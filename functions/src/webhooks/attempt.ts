// One delivery attempt over HTTP: POST the event's JSON body with the Standard Webhooks headers, signed
// by the `standardwebhooks` library with the endpoint's secret, to the address checked (target.ts; no
// redirect is followed). The answer's status and the start of its body are kept; no answer within the
// timeout, or no connection, is an answer of its own (status null). The library is loaded at the first
// signature: only the webhook functions sign, and every function loads what the bundle imports.
import { WEBHOOK_ANSWER_KEPT_CHARS } from '@silk/schema/webhooks';
import { webhookTimedOut, webhookUnreachable } from '@silk/schema/messages';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { pinnedLookup, type CheckedTarget } from './target';

export interface AttemptAnswer {
  /** The HTTP status, or null without an answer. */
  status: number | null;
  /** The start of the answer's body, or why there was none. */
  answer: string;
  /** The answer's Retry-After header (a 429's wait: retry-after.ts). */
  retryAfter?: string;
}

/** The three Standard Webhooks headers for one attempt (a new timestamp and signature each time). */
export async function signedHeaders(
  secret: string,
  eventId: string,
  body: string,
  at: Date,
): Promise<Record<string, string>> {
  const { Webhook } = await import('standardwebhooks');
  return {
    'webhook-id': eventId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(eventId, at, body),
  };
}

/** Reads at most a few times the kept characters of the answer, then stops reading. */
function readStart(response: IncomingMessage): Promise<string> {
  const limit = WEBHOOK_ANSWER_KEPT_CHARS * 4;
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => resolve(Buffer.concat(chunks).toString('utf8').slice(0, WEBHOOK_ANSWER_KEPT_CHARS));
    response.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= limit) {
        response.destroy();
        done();
      }
    });
    response.on('end', done);
    response.on('error', done);
    response.on('close', done);
  });
}

export function postWebhook(
  target: CheckedTarget,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<AttemptAnswer> {
  const send = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const settle = (answer: AttemptAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(answer);
    };
    const request = send(
      target.url,
      {
        method: 'POST',
        lookup: pinnedLookup(target),
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Silk-Webhooks/1',
        },
      },
      (response) => {
        const retryAfter = response.headers['retry-after'];
        void readStart(response).then((answer) =>
          settle({
            status: response.statusCode ?? null,
            answer,
            ...(retryAfter === undefined ? {} : { retryAfter }),
          }),
        );
      },
    );
    const timer = setTimeout(
      () => settle({ status: null, answer: webhookTimedOut(timeoutMs / 1000) }),
      timeoutMs,
    );
    request.on('error', (error: Error & { code?: string }) =>
      settle({ status: null, answer: webhookUnreachable(error.code ?? error.message) }),
    );
    request.end(body);
  });
}
