// A local HTTP server standing in for our functions and the lookup services in tests.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}

export type StubHandler = (request: RecordedRequest, response: ServerResponse) => void;

export interface StubServer {
  url: string;
  requests: RecordedRequest[];
  /** Sets the answer for a path (method-agnostic); unknown paths answer 404. */
  on(path: string, handler: StubHandler): void;
  close(): Promise<void>;
}

export function json(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

/** Never answers (the socket stays open until the server closes). */
export const hang: StubHandler = () => undefined;

export async function startStubServer(): Promise<StubServer> {
  const handlers = new Map<string, StubHandler>();
  const requests: RecordedRequest[] = [];
  const open = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      requests.push(recorded);
      open.add(res);
      res.on('close', () => open.delete(res));
      const handler = handlers.get(url.pathname);
      if (handler) handler(recorded, res);
      else json(res, 404, { error: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    on: (path, handler) => handlers.set(path, handler),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of open) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
