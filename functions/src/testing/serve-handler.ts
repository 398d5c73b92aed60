// Test and benchmark support (not deployed): serves one handler on a local HTTP server the way the
// Functions framework calls it (rawBody set, client address in `ip`), so handlers built with injected
// dependencies can be exercised over real HTTP without the Functions emulator.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HttpHandler, HttpRequest } from '../lib/http';

export interface ServedHandler {
  url: string;
  close: () => Promise<void>;
}

export async function serveHandler(handler: HttpHandler): Promise<ServedHandler> {
  const server: Server = createServer((incoming, res) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const req = incoming as typeof incoming & HttpRequest;
      const rawBody = Buffer.concat(chunks);
      if (rawBody.length > 0) req.rawBody = rawBody;
      req.ip = incoming.socket.remoteAddress;
      handler(req, res).catch((error: unknown) => {
        res.destroy(error as Error);
      });
    });
  });
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
