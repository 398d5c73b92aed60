// A static server for the built site, behaving like Firebase Hosting for what the benchmark needs:
// cleanUrls (/waitlist → waitlist.html), 404.html for unknown paths, gzip for text, long cache for
// /assets. It also answers the two visitor lookups with fixed JSON (stand-ins for the third-party
// ip/geo services, which this machine cannot reach) so the page behaves as it would online.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { createGzip, gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.webm': 'video/webm',
  '.mp4': 'video/mp4',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.txt', '.json']);

export const LOOKUP_PATHS = { ip: '/__lookup/ip', geo: '/__lookup/geo' } as const;
const LOOKUP_BODIES: Record<string, unknown> = {
  [LOOKUP_PATHS.ip]: { ip: '203.0.113.7' },
  [LOOKUP_PATHS.geo]: {
    city: 'Lisbon',
    region: 'Lisbon',
    country_name: 'Portugal',
    country: 'PT',
    country_code: 'PT',
    latitude: 38.72,
    longitude: -9.14,
  },
};

function resolveFile(root: string, pathname: string): { file: string; status: number } {
  const clean = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
  const candidates = clean.endsWith('/') ? [join(clean, 'index.html')] : [clean, `${clean}.html`];
  for (const candidate of candidates) {
    const file = join(root, candidate);
    if (file.startsWith(root) && existsSync(file) && statSync(file).isFile()) return { file, status: 200 };
  }
  return { file: join(root, '404.html'), status: 404 };
}

/**
 * `extraHeaders`: sent with every file (e.g. the Content-Security-Policy of firebase.json's site target).
 * `rendered`: pages a function renders (path → HTML), served gzipped and uncached as a function answers.
 */
export function serveSite(
  root: string,
  port = 0,
  extraHeaders: Record<string, string> = {},
  rendered: Record<string, string> = {},
): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const lookup = LOOKUP_BODIES[url.pathname];
    if (lookup) {
      response.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      response.end(JSON.stringify(lookup));
      return;
    }
    const page = rendered[url.pathname];
    if (page !== undefined) {
      const body = gzipSync(page);
      response.writeHead(200, {
        ...extraHeaders,
        'Content-Type': TYPES['.html']!,
        'Content-Encoding': 'gzip',
        'Content-Length': String(body.length),
        'Cache-Control': 'no-store',
      });
      response.end(body);
      return;
    }
    // Hosting cleanUrls: /waitlist.html redirects to /waitlist.
    if (url.pathname.endsWith('.html') && url.pathname !== '/404.html') {
      const target = url.pathname === '/index.html' ? '/' : url.pathname.slice(0, -'.html'.length);
      response.writeHead(301, { Location: target });
      response.end();
      return;
    }
    const { file, status } = resolveFile(root, url.pathname);
    const extension = extname(file);
    const headers: Record<string, string> = {
      ...extraHeaders,
      'Content-Type': TYPES[extension] ?? 'application/octet-stream',
      'Cache-Control': url.pathname.startsWith('/assets/')
        ? 'public, max-age=31536000, immutable'
        : 'max-age=3600',
    };
    const gzip =
      COMPRESSIBLE.has(extension) && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    if (gzip) headers['Content-Encoding'] = 'gzip';
    response.writeHead(status, headers);
    const stream = createReadStream(file);
    if (gzip) stream.pipe(createGzip()).pipe(response);
    else stream.pipe(response);
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const actualPort = typeof address === 'object' && address ? address.port : port;
      resolve({ server, origin: `http://127.0.0.1:${actualPort}` });
    });
  });
}
