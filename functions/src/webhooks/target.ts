// Where a webhook may be sent: an https URL whose host resolves only to public unicast addresses
// (ipaddr.js's `range() === 'unicast'`, an IPv4-mapped IPv6 address judged as its IPv4 address), so
// no endpoint reaches loopback, private, link-local (the cloud metadata server), CGNAT, unique-local,
// multicast, unspecified or reserved addresses. Checked when an endpoint is saved and again before each
// attempt; the attempt connects to the address checked (`pinnedLookup`), so a DNS answer that changes in
// between (rebinding) cannot redirect it. The emulator's configuration allows any http(s) target.
// ipaddr.js is loaded at the first check: only the webhook functions check a target, and every function
// loads what the bundle imports.
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import type { IPv6 } from 'ipaddr.js';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** The addresses a host name resolves to (the system resolver; tests inject their answers). */
export type Resolve = (host: string) => Promise<ResolvedAddress[]>;

export const systemResolve: Resolve = (host) => dnsLookup(host, { all: true, verbatim: true });

/** A target we will not send to. `lasting`: the URL itself is refused (no retry helps); else a DNS failure. */
export class TargetRefused extends Error {
  constructor(
    message: string,
    readonly lasting: boolean,
  ) {
    super(message);
  }
}

export interface CheckedTarget {
  url: URL;
  /** The address the attempt connects to (one that was checked). */
  address: string;
  family: 4 | 6;
}

async function loadIpaddr() {
  return (await import('ipaddr.js')).default;
}

type Ipaddr = Awaited<ReturnType<typeof loadIpaddr>>;

function isPublic(ipaddr: Ipaddr, text: string): boolean {
  if (!ipaddr.isValid(text)) return false;
  let address = ipaddr.parse(text);
  if (address.kind() === 'ipv6' && (address as IPv6).isIPv4MappedAddress()) {
    address = (address as IPv6).toIPv4Address();
  }
  return address.range() === 'unicast';
}

/** Whether the address is public unicast (an IPv4-mapped IPv6 address is judged as its IPv4 address). */
export async function isPublicAddress(text: string): Promise<boolean> {
  return isPublic(await loadIpaddr(), text);
}

function familyOf(ipaddr: Ipaddr, address: string): 4 | 6 {
  return ipaddr.parse(address).kind() === 'ipv6' ? 6 : 4;
}

/** Checks the URL and its host's addresses; TargetRefused when it may not be a webhook's target. */
export async function checkTarget(
  raw: string,
  options: { allowLocal: boolean; resolve?: Resolve },
): Promise<CheckedTarget> {
  if (!URL.canParse(raw)) throw new TargetRefused('not a URL', true);
  const url = new URL(raw);
  const schemes = options.allowLocal ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) throw new TargetRefused(`scheme ${url.protocol}`, true);
  if (url.username !== '' || url.password !== '') throw new TargetRefused('credentials in the URL', true);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const ipaddr = await loadIpaddr();
  let addresses: ResolvedAddress[];
  if (ipaddr.isValid(host)) {
    addresses = [{ address: host, family: familyOf(ipaddr, host) }];
  } else {
    try {
      addresses = await (options.resolve ?? systemResolve)(host);
    } catch (error) {
      throw new TargetRefused(String((error as { code?: unknown }).code ?? 'DNS lookup failed'), false);
    }
  }
  // IPv4 first: Cloud Functions' egress has no IPv6 route unless it is set up.
  const first = addresses.find((entry) => familyOf(ipaddr, entry.address) === 4) ?? addresses[0];
  if (!first) throw new TargetRefused('no address', false);
  if (!options.allowLocal) {
    const refused = addresses.find((entry) => !isPublic(ipaddr, entry.address));
    if (refused) throw new TargetRefused(`${refused.address} is not a public address`, true);
  }
  return { url, address: first.address, family: familyOf(ipaddr, first.address) };
}

/** A `lookup` for the request that answers the checked address whatever the host name. */
export function pinnedLookup(target: CheckedTarget): LookupFunction {
  return (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) {
      (callback as unknown as (error: null, addresses: ResolvedAddress[]) => void)(null, [
        { address: target.address, family: target.family },
      ]);
    } else {
      callback(null, target.address, target.family);
    }
  };
}
