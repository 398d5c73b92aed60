// One attempt against local servers: it connects to the address that was checked (the host name is never
// looked up again), keeps the start of the answer, and records no answer within the timeout or no
// connection as answers of their own; the headers are Standard Webhooks' and verify with the library.
import { WEBHOOK_ANSWER_KEPT_CHARS } from '@silk/schema/webhooks';
import { webhookTimedOut, webhookUnreachable } from '@silk/schema/messages';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { postWebhook, signedHeaders } from './attempt';
import type { CheckedTarget } from './target';

const SECRET = `whsec_${Buffer.alloc(32, 1).toString('base64')}`;
const servers: Server[] = [];

async function serve(handler: Parameters<typeof createServer>[1]): Promise<number> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A name that does not resolve, pinned to the loopback address the check would have returned. */
const pinned = (port: number): CheckedTarget => ({
  url: new URL(`http://hooks.invalid:${port}/in`),
  address: '127.0.0.1',
  family: 4,
});

describe('postWebhook', () => {
  it('posts the body with signed headers to the checked address and keeps the start of the answer', async () => {
    let seen: { headers: IncomingHttpHeaders; body: string; method?: string } | undefined;
    const port = await serve((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        seen = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), method: req.method };
        res.writeHead(202).end('x'.repeat(10_000));
      });
    });
    const body = JSON.stringify({
      type: 'signup.created',
      timestamp: '2026-01-01T00:00:00.000Z',
      data: { email: 'a@example.com' },
    });
    const headers = await signedHeaders(SECRET, 'msg_1', body, new Date());
    const answer = await postWebhook(pinned(port), body, headers, 5000);
    expect(answer).toEqual({ status: 202, answer: 'x'.repeat(WEBHOOK_ANSWER_KEPT_CHARS) });
    expect(seen?.method).toBe('POST');
    expect(seen?.body).toBe(body);
    expect(seen?.headers).toMatchObject({
      'content-type': 'application/json',
      'webhook-id': 'msg_1',
      host: `hooks.invalid:${port}`,
    });
    expect(new Webhook(SECRET).verify(seen!.body, headers)).toEqual(JSON.parse(body));
  });

  it('records a receiver that does not answer in time, and one that cannot be reached', async () => {
    const port = await serve(() => {
      // never answers
    });
    expect(await postWebhook(pinned(port), '{}', {}, 200)).toEqual({
      status: null,
      answer: webhookTimedOut(0.2),
    });
    const closed = await serve(() => undefined);
    await new Promise((resolve) => servers.pop()!.close(resolve));
    expect(await postWebhook(pinned(closed), '{}', {}, 2000)).toEqual({
      status: null,
      answer: webhookUnreachable('ECONNREFUSED'),
    });
  });

  it('does not follow a redirect: a 3xx is the answer', async () => {
    const port = await serve((_req, res) =>
      res.writeHead(307, { location: 'http://169.254.169.254/' }).end(),
    );
    expect(await postWebhook(pinned(port), '{}', {}, 2000)).toEqual({ status: 307, answer: '' });
  });
});
