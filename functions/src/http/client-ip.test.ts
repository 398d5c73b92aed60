// Which X-Forwarded-For entry is the client: counted from the right, so entries the client wrote itself
// never count (the burst over HTTP is in signup-burst.emulator.test.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readServerConfig } from '../shared/config';
import { clientIp, type HttpRequest } from './http';

const HOSTING_EDGE = '199.36.158.100';
const CLIENT = '203.0.113.7';

function request(forwardedFor?: string | string[], remoteAddress = '169.254.8.1'): HttpRequest {
  return {
    method: 'POST',
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor as string },
    socket: { remoteAddress },
  };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('clientIp', () => {
  it('through Hosting (2 hops): the entry Hosting appended, whatever the client wrote before it', () => {
    expect(clientIp(request(`${CLIENT}, ${HOSTING_EDGE}`), 2)).toBe(CLIENT);
    expect(clientIp(request(`10.0.0.1, 192.0.2.1, ${CLIENT}, ${HOSTING_EDGE}`), 2)).toBe(CLIENT);
    expect(clientIp(request(`,garbage, ${CLIENT},${HOSTING_EDGE}`), 2)).toBe(CLIENT);
  });

  it("straight to the function's URL (1 hop): the entry the Google front end appended", () => {
    expect(clientIp(request(CLIENT), 1)).toBe(CLIENT);
    expect(clientIp(request(`192.0.2.1, ${CLIENT}`), 1)).toBe(CLIENT);
  });

  it('a header shorter than the hops was written by the front ends alone: its first entry', () => {
    expect(clientIp(request(CLIENT), 2)).toBe(CLIENT);
  });

  it('0 hops, or no header: the socket peer, else "unknown"', () => {
    expect(clientIp(request(`192.0.2.1, ${CLIENT}`, '127.0.0.1'), 0)).toBe('127.0.0.1');
    expect(clientIp(request(undefined, '127.0.0.1'), 2)).toBe('127.0.0.1');
    expect(clientIp({ method: 'POST', headers: {} }, 0)).toBe('unknown');
  });

  it('takes the hops from the injected configuration, CLIENT_IP_HOPS (production default: 2)', () => {
    const req = request(`192.0.2.1, ${CLIENT}, ${HOSTING_EDGE}`);
    const hops = (env: NodeJS.ProcessEnv) => readServerConfig(env).clientIpHops;
    expect(clientIp(req, hops({}))).toBe(CLIENT);
    expect(clientIp(req, hops({ CLIENT_IP_HOPS: '1' }))).toBe(HOSTING_EDGE);
    expect(clientIp(req, hops({ CLIENT_IP_HOPS: '0' }))).toBe('169.254.8.1');
  });

  it('never reads the process environment itself', () => {
    vi.stubEnv('CLIENT_IP_HOPS', '0');
    const req = request(`192.0.2.1, ${CLIENT}, ${HOSTING_EDGE}`);
    expect(clientIp(req, readServerConfig({}).clientIpHops)).toBe(CLIENT);
  });
});
