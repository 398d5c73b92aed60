import { LOOKUP_TIMEOUT_MS } from '@silk/schema/constants';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, hang, startStubServer, type StubServer } from '../test-support/stub-server';
import { readLocation, resetVisitorLookup, startVisitorLookup, UNKNOWN_LOCATION } from './visitor-lookup';

let stub: StubServer;
beforeAll(async () => {
  stub = await startStubServer();
});
afterAll(() => stub.close());
beforeEach(() => {
  resetVisitorLookup();
  stub.requests.length = 0;
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

const config = () => ({ ipLookupUrl: `${stub.url}/ip`, geoLookupUrl: `${stub.url}/geo` });
const IPAPI_ANSWER = {
  ip: '203.0.113.7',
  city: 'Lisbon',
  region: 'Lisbon',
  country: 'PT',
  country_name: 'Portugal',
  country_code: 'PT',
  latitude: 38.7223,
  longitude: -9.1393,
};

describe('startVisitorLookup (PRODUCT.md#api)', () => {
  it('reads ip, and city, region, country name and code, latitude, longitude', async () => {
    stub.on('/ip', (_req, res) => json(res, 200, { ip: '203.0.113.7' }));
    stub.on('/geo', (_req, res) => json(res, 200, IPAPI_ANSWER));
    const { city, region, country_name, country_code, latitude, longitude } = IPAPI_ANSWER;
    await expect(startVisitorLookup(config())).resolves.toEqual({
      ip: '203.0.113.7',
      // The country's name (not its code) as `country`.
      location: { city, region, country: country_name, country_code, latitude, longitude },
    });
  });

  it('is started once and reused (memoised per pair of endpoints)', async () => {
    stub.on('/ip', (_req, res) => json(res, 200, { ip: '203.0.113.7' }));
    stub.on('/geo', (_req, res) => json(res, 200, IPAPI_ANSWER));
    const first = startVisitorLookup(config());
    const second = startVisitorLookup(config());
    expect(second).toBe(first);
    await first;
    await startVisitorLookup(config());
    expect(stub.requests.map((request) => request.path).sort()).toEqual(['/geo', '/ip']);
  });

  it("answers 'N/A' for everything when both services fail", async () => {
    stub.on('/ip', (_req, res) => json(res, 500, { error: 'down' }));
    stub.on('/geo', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{not json');
    });
    await expect(startVisitorLookup(config())).resolves.toEqual({ ip: 'N/A', location: UNKNOWN_LOCATION });
  });

  it("answers 'N/A' when a service is unreachable", async () => {
    const closed = await startStubServer();
    const url = closed.url;
    await closed.close();
    await expect(
      startVisitorLookup({ ipLookupUrl: `${url}/ip`, geoLookupUrl: `${url}/geo` }),
    ).resolves.toEqual({
      ip: 'N/A',
      location: UNKNOWN_LOCATION,
    });
  });

  it("answers 'N/A' for a hanging service within the 2 s timeout, keeping the other's values", async () => {
    stub.on('/ip', hang);
    stub.on('/geo', (_req, res) => json(res, 200, IPAPI_ANSWER));
    const started = Date.now();
    const context = await startVisitorLookup(config());
    const elapsed = Date.now() - started;
    expect(context.ip).toBe('N/A');
    expect(context.location.city).toBe('Lisbon');
    expect(elapsed).toBeGreaterThanOrEqual(LOOKUP_TIMEOUT_MS - 50);
    expect(elapsed).toBeLessThan(LOOKUP_TIMEOUT_MS + 1000);
  });

  it('resolves at the timeout under fake timers, never later', async () => {
    stub.on('/ip', hang);
    stub.on('/geo', hang);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let settled = false;
      const lookup = startVisitorLookup(config(), { timeoutMs: 500 }).then((value) => {
        settled = true;
        return value;
      });
      await vi.advanceTimersByTimeAsync(499);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await expect(lookup).resolves.toEqual({ ip: 'N/A', location: UNKNOWN_LOCATION });
    } finally {
      vi.useRealTimers();
    }
  });

  it('never waits longer than 2 s even when asked to', async () => {
    stub.on('/ip', hang);
    stub.on('/geo', hang);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const lookup = startVisitorLookup(config(), { timeoutMs: 60_000 });
      await vi.advanceTimersByTimeAsync(LOOKUP_TIMEOUT_MS);
      await expect(lookup).resolves.toEqual({ ip: 'N/A', location: UNKNOWN_LOCATION });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('UNKNOWN_LOCATION', () => {
  it("is 'N/A' in each of the six parts, in order", () => {
    expect(Object.entries(UNKNOWN_LOCATION)).toEqual(
      ['city', 'region', 'country', 'country_code', 'latitude', 'longitude'].map((part) => [part, 'N/A']),
    );
  });
});

describe('readLocation', () => {
  it("gives 'N/A' for missing, blank and non-scalar values and caps long text", () => {
    expect(
      readLocation({
        city: '  ',
        region: { formula: '1+1' },
        country: 'DE',
        latitude: Number.NaN,
        longitude: '13.4',
        postal: 1,
      }),
    ).toEqual({
      city: 'N/A',
      region: 'N/A',
      country: 'DE',
      country_code: 'N/A',
      latitude: 'N/A',
      longitude: '13.4',
    });
    expect(readLocation({ city: 'x'.repeat(500) }).city).toHaveLength(200);
    expect(readLocation(null)).toEqual(UNKNOWN_LOCATION);
    expect(readLocation(['a'])).toEqual(UNKNOWN_LOCATION);
  });
});
