// Test and benchmark support (not deployed): serves one handler on a plain local Node HTTP server, so
// handlers built with injected dependencies can be exercised over real HTTP without the Functions
// emulator. No framework reads the body first: the handler gets the unread request stream (http/http.ts
// reads it up to the limit). functions-framework.ts serves a handler the way Cloud Functions does.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HttpHandler, HttpRequest } from '../src/http/http';

export interface ServedHandler {
  url: string;
  close: () => Promise<void>;
}

/** Listens on a free loopback port; `close` ends open connections too. */
export async function listen(server: Server): Promise<ServedHandler> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export function serveHandler(handler: HttpHandler): Promise<ServedHandler> {
  return listen(
    createServer((req, res) => {
      // A server's request always has a method (IncomingMessage types it optional for client responses).
      handler(req as typeof req & HttpRequest, res).catch((error: unknown) => {
        res.destroy(error as Error);
      });
    }),
  );
}
