// A local stand-in for reCAPTCHA's siteverify, on the port the emulator configuration points at
// (functions/env/.env.demo-silk: 127.0.0.1:5999, shifted by SILK_PORT_OFFSET). Verdicts are keyed by token.
import { createServer, type Server } from 'node:http';
import type { SiteverifyResult } from '../src/signups/siteverify';

export const STUB_BASE_PORT = 5999;
/** The dummy secret of functions/env/.secret.local. */
export const EMULATOR_SECRET = 'emulator-only-dummy-secret';

export interface SiteverifyStub {
  verdicts: Map<string, SiteverifyResult | { status: number }>;
  requests: Array<Record<string, string>>;
  close: () => Promise<void>;
}

export async function startSiteverifyStub(
  offset = Number(process.env.SILK_PORT_OFFSET ?? 0),
): Promise<SiteverifyStub> {
  const verdicts = new Map<string, SiteverifyResult | { status: number }>();
  const requests: Array<Record<string, string>> = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(raw));
      requests.push(form);
      const verdict =
        form.secret !== EMULATOR_SECRET
          ? { success: false, 'error-codes': ['invalid-input-secret'] }
          : (verdicts.get(form.response ?? '') ?? {
              success: false,
              'error-codes': ['invalid-input-response'],
            });
      if ('status' in verdict) {
        res.writeHead(verdict.status).end('upstream trouble');
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(verdict));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(STUB_BASE_PORT + offset, '127.0.0.1', resolve);
  });
  return {
    verdicts,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
