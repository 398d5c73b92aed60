// Visitor IP and approximate location (PRODUCT.md#api, DESIGN §7). No Firebase import: the site may
// start the lookup at page load so that a submit never waits longer than the timeout.
import { LOOKUP_TIMEOUT_MS, MAX_SHORT_TEXT_LENGTH, NOT_AVAILABLE } from '@silk/schema/constants';
import type { VisitorContext, VisitorLocation } from '@silk/schema/entities';
import type { ClientConfig } from './config';

export interface VisitorLookupOptions {
  /** Per-lookup timeout (capped at LOOKUP_TIMEOUT_MS, 2 s). */
  timeoutMs?: number;
}

type LookupConfig = Pick<ClientConfig, 'ipLookupUrl' | 'geoLookupUrl'>;

const started = new Map<string, Promise<VisitorContext>>();

/**
 * Starts (once per pair of endpoints) the IP and geolocation lookups and returns the memoised
 * promise. It never rejects: every missing, malformed, failed or late value is 'N/A'.
 */
export function startVisitorLookup(
  config: LookupConfig,
  options: VisitorLookupOptions = {},
): Promise<VisitorContext> {
  const key = `${config.ipLookupUrl}\n${config.geoLookupUrl}`;
  let lookup = started.get(key);
  if (!lookup) {
    const timeoutMs = Math.min(options.timeoutMs ?? LOOKUP_TIMEOUT_MS, LOOKUP_TIMEOUT_MS);
    lookup = Promise.all([
      fetchJson(config.ipLookupUrl, timeoutMs),
      fetchJson(config.geoLookupUrl, timeoutMs),
    ]).then(([ipBody, geoBody]) => ({ ip: readIp(ipBody), location: readLocation(geoBody) }));
    started.set(key, lookup);
  }
  return lookup;
}

/** Forgets the memoised lookups (tests, or a page that wants fresh values). */
export function resetVisitorLookup(): void {
  started.clear();
}

export const UNKNOWN_LOCATION: VisitorLocation = {
  city: NOT_AVAILABLE,
  region: NOT_AVAILABLE,
  country: NOT_AVAILABLE,
  country_code: NOT_AVAILABLE,
  latitude: NOT_AVAILABLE,
  longitude: NOT_AVAILABLE,
};

/** GETs JSON with a hard deadline; resolves null on any failure (logged, never thrown). */
async function fetchJson(url: string, timeoutMs: number): Promise<unknown> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<null>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(null);
    }, timeoutMs);
  });
  const request = (async () => {
    try {
      const response = await fetch(url, {
        signal: controller.signal,
        headers: { Accept: 'application/json' },
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return (await response.json()) as unknown;
    } catch (error) {
      if (!controller.signal.aborted) console.warn(`Visitor lookup failed (${url}):`, error);
      return null;
    }
  })();
  try {
    return await Promise.race([request, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

function record(body: unknown): Record<string, unknown> {
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** A non-blank string capped to the stored length, else 'N/A'. */
function text(value: unknown): string {
  if (typeof value !== 'string') return NOT_AVAILABLE;
  const trimmed = value.trim();
  return trimmed === '' ? NOT_AVAILABLE : trimmed.slice(0, MAX_SHORT_TEXT_LENGTH);
}

/** A finite number, a non-blank string, else 'N/A'. */
function coordinate(value: unknown): number | string {
  if (typeof value === 'number') return Number.isFinite(value) ? value : NOT_AVAILABLE;
  return text(value);
}

export function readIp(body: unknown): string {
  return text(record(body).ip);
}

/**
 * PRODUCT.md#api reads city, region, country_name, country, latitude, longitude. ipapi.co answers
 * country = 'PT', country_name = 'Portugal', country_code = 'PT': the stored `country` is the name
 * when there is one, `country_code` the code.
 */
export function readLocation(body: unknown): VisitorLocation {
  const geo = record(body);
  const countryName = text(geo.country_name);
  const country = countryName !== NOT_AVAILABLE ? countryName : text(geo.country);
  let countryCode = text(geo.country_code);
  if (countryCode === NOT_AVAILABLE && countryName !== NOT_AVAILABLE) countryCode = text(geo.country);
  return {
    city: text(geo.city),
    region: text(geo.region),
    country,
    country_code: countryCode,
    latitude: coordinate(geo.latitude),
    longitude: coordinate(geo.longitude),
  };
}
