// The client address as far as it can be trusted, for rules that must not be forged (the referral network
// rule), unlike clientIp (rate limits), which counts a fixed number of hops. X-Forwarded-For is walked from
// the right: the rightmost entry was appended by the platform's front end (Google's, in front of every
// function) and is whoever connected to it; while that is one of the trusted proxies (Firebase Hosting's
// edge: config.trustedProxyNetworks), the entry to its left is the one that proxy appended. The first
// entry that is not a trusted proxy is the client. Anything left of it was written by the client itself.
// No trusted address (no proxies configured, no header, a malformed entry, only proxies): null.
import { isIP } from 'node:net';
import { trustedProxyList } from '../shared/trusted-proxies';
import { header, type HttpRequest } from './http';

/** An entry as an address (an IPv4-mapped IPv6 address as its IPv4 address), or null. */
function addressOf(entry: string): { address: string; family: 'ipv4' | 'ipv6' } | null {
  const address = entry
    .trim()
    .replace(/^\[|\]$/g, '')
    .replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');
  const family = isIP(address);
  if (family === 0) return null;
  return { address, family: family === 6 ? 'ipv6' : 'ipv4' };
}

export function trustedClientAddress(req: HttpRequest, trustedProxies: readonly string[]): string | null {
  if (trustedProxies.length === 0) return null;
  const proxies = trustedProxyList(trustedProxies);
  const entries = (header(req, 'x-forwarded-for') ?? '').split(',').filter((entry) => entry.trim() !== '');
  for (let index = entries.length - 1; index >= 0; index -= 1) {
    const entry = addressOf(entries[index] ?? '');
    if (!entry) return null;
    if (!proxies.check(entry.address, entry.family)) return entry.address;
  }
  return null;
}
