// Test support (not deployed): a reverse proxy standing for a front end of the platform (Firebase
// Hosting's edge, or the Google front end of Cloud Run). Like them it appends the address of whoever
// connected to it to X-Forwarded-For and passes everything else on, so the client controls only the
// entries left of it. `peer` says which address the connecting client has (loopback tests cannot give
// each simulated client an address of its own).
import { createServer, request, type IncomingMessage } from 'node:http';
import { listen, type ServedHandler } from './serve-handler';

export function startFrontEnd(
  target: string,
  peer: (req: IncomingMessage) => string,
): Promise<ServedHandler> {
  return listen(
    createServer((req, res) => {
      const forwarded = req.headers['x-forwarded-for'];
      const upstream = request(
        new URL(req.url ?? '/', target),
        {
          method: req.method,
          headers: {
            ...req.headers,
            'x-forwarded-for': forwarded ? `${String(forwarded)}, ${peer(req)}` : peer(req),
          },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    }),
  );
}
