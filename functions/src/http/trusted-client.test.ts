// The client address the referral network rule may trust: X-Forwarded-For walked from the right past the
// trusted proxies only, so an entry the client wrote never counts (over HTTP: referral-credit-once.emulator.test.ts).
import { describe, expect, it } from 'vitest';
import { readServerConfig } from '../shared/config';
import type { HttpRequest } from './http';
import { trustedClientAddress } from './trusted-client';

const EDGE = ['198.18.0.0/15', '2001:db8:e::/48'];
const request = (forwardedFor?: string): HttpRequest => ({
  method: 'POST',
  headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  socket: { remoteAddress: '169.254.8.1' },
});

describe('trustedClientAddress', () => {
  it("through Hosting: the entry Hosting's edge appended, whatever the client wrote before it", () => {
    expect(trustedClientAddress(request('203.0.113.7, 198.18.0.9'), EDGE)).toBe('203.0.113.7');
    expect(trustedClientAddress(request('10.0.0.1, 192.0.2.1, 203.0.113.7, 198.18.0.9'), EDGE)).toBe(
      '203.0.113.7',
    );
    expect(trustedClientAddress(request('2001:db8:1::5, 2001:db8:e::1'), EDGE)).toBe('2001:db8:1::5');
    expect(trustedClientAddress(request('[::ffff:203.0.113.7], 198.18.0.9'), EDGE)).toBe('203.0.113.7');
  });

  it("a direct call: the front end's rightmost entry is the caller, a forged edge entry left of it is ignored", () => {
    expect(trustedClientAddress(request('203.0.113.7, 198.18.0.9, 192.0.2.77'), EDGE)).toBe('192.0.2.77');
    expect(trustedClientAddress(request('192.0.2.77'), EDGE)).toBe('192.0.2.77');
  });

  it('trusts nothing without proxies configured, without a header, past a malformed entry or with only proxies', () => {
    expect(trustedClientAddress(request('203.0.113.7, 198.18.0.9'), [])).toBeNull();
    expect(trustedClientAddress(request(), EDGE)).toBeNull();
    expect(trustedClientAddress(request('unknown, 198.18.0.9'), EDGE)).toBeNull();
    expect(trustedClientAddress(request('198.18.0.1, 198.18.0.9'), EDGE)).toBeNull();
  });
});

describe('TRUSTED_PROXY_NETWORKS', () => {
  it('reads comma-separated networks, none by default, and refuses one that is not a network', () => {
    expect(readServerConfig({}).trustedProxyNetworks).toEqual([]);
    expect(
      readServerConfig({ TRUSTED_PROXY_NETWORKS: ' 198.18.0.0/15 , 2001:db8::/32' }).trustedProxyNetworks,
    ).toEqual(['198.18.0.0/15', '2001:db8::/32']);
    for (const bad of ['198.18.0.0/33', 'edge.example', '2001:db8::/129'])
      expect(() => readServerConfig({ TRUSTED_PROXY_NETWORKS: bad })).toThrow(/TRUSTED_PROXY_NETWORKS/);
  });
});
