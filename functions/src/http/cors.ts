// Origin allow-list: exact origins, or a loopback host with any port ("http://127.0.0.1:*",
// "http://localhost:*") — the latter only in the emulator configuration of the demo project.
import type { HttpRequest } from './http';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function isOriginAllowed(origin: string, allowed: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin !== origin) return false; // paths, credentials or odd spellings are not origins
  return allowed.some((pattern) => {
    if (pattern === origin) return true;
    const wildcard = /^(https?):\/\/([^/:]+):\*$/.exec(pattern);
    if (!wildcard) return false;
    const [, protocol, host = ''] = wildcard;
    return LOOPBACK_HOSTS.has(host) && url.protocol === `${protocol}:` && url.hostname === host;
  });
}

/**
 * The page a request was sent from (its Referer, with the query) when that page is one of ours — an
 * allowed origin —, else null. A native form post carries it: the site's Referrer-Policy
 * (strict-origin-when-cross-origin) sends the whole URL to the same origin.
 */
export function sameSiteReferer(req: HttpRequest, allowedOrigins: readonly string[]): URL | null {
  const { referer } = req.headers;
  if (!referer) return null;
  try {
    const url = new URL(referer);
    return isOriginAllowed(url.origin, allowedOrigins) ? url : null;
  } catch {
    return null;
  }
}
