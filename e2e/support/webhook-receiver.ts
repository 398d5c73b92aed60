// A receiver for the stack's webhook deliveries, run by the test (a local http server on 127.0.0.1: the
// emulator's configuration allows local http targets): each request is answered as the test says.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Arrival {
  /** The request's path (the endpoint URL's, after the origin). */
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
}

export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>`: the endpoint URL is this and a path of the test's. */
  origin: string;
  close(): Promise<void>;
}

/** Starts a receiver that answers every delivery with `answer(arrival)` (status and a text body). */
export async function startWebhookReceiver(
  answer: (arrival: Arrival) => { status: number; body: string },
): Promise<WebhookReceiver> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const { status, body } = answer({
        path: req.url ?? '/',
        headers: req.headers,
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
