import { describe, expect, it } from 'vitest';
import { isOriginAllowed, sameSiteReferer } from './cors';
import type { HttpRequest } from './http';

const PRODUCTION = ['https://silk.travel', 'https://admin.silk.travel'];
const EMULATOR = ['http://127.0.0.1:*', 'http://localhost:*'];

/** The origins among `candidates` that the allow-list `origins` lets through, in order. */
const allowedAmong = (candidates: string[], origins: string[]) =>
  candidates.filter((origin) => isOriginAllowed(origin, origins));

describe('isOriginAllowed', () => {
  it('allows exactly the configured origins', () => {
    const refused = ['https://evil.silk.travel', 'http://silk.travel', 'https://silk.travel.evil.example'];
    expect(allowedAmong([...PRODUCTION, ...refused], PRODUCTION)).toEqual(PRODUCTION);
  });

  it('allows any port of a loopback host when configured with :*', () => {
    const loopback = ['http://127.0.0.1:5000', 'http://localhost:5174'];
    const refused = ['https://localhost:5174', 'http://127.0.0.2:5000', 'http://localhost.evil.example:5000'];
    expect(allowedAmong([...loopback, ...refused], EMULATOR)).toEqual(loopback);
  });

  it('never widens :* to a host that is not loopback', () => {
    expect(isOriginAllowed('https://silk.travel:8443', ['https://silk.travel:*'])).toBe(false);
  });

  it('refuses things that are not origins', () => {
    expect(allowedAmong(['null', 'http://localhost:5173/path'], EMULATOR)).toEqual([]);
    expect(isOriginAllowed('', PRODUCTION)).toBe(false);
    expect(isOriginAllowed('https://silk.travel', [])).toBe(false);
  });
});

describe('sameSiteReferer', () => {
  const from = (referer?: string) => ({ headers: referer === undefined ? {} : { referer } }) as HttpRequest;

  it('is the posting page of an allowed origin, with its query', () => {
    expect(sameSiteReferer(from('https://silk.travel/?utm_source=x&ref=abcd2345'), PRODUCTION)?.href).toBe(
      'https://silk.travel/?utm_source=x&ref=abcd2345',
    );
    expect(sameSiteReferer(from('http://127.0.0.1:5000/faq'), EMULATOR)?.pathname).toBe('/faq');
  });

  it('is null for another site, an origin alone that is not ours, something not a URL, or none', () => {
    expect(sameSiteReferer(from('https://evil.example/?utm_source=x'), PRODUCTION)).toBeNull();
    expect(sameSiteReferer(from('not a url'), PRODUCTION)).toBeNull();
    expect(sameSiteReferer(from(''), PRODUCTION)).toBeNull();
    expect(sameSiteReferer(from(), PRODUCTION)).toBeNull();
  });
});
