import { describe, expect, it } from 'vitest';
import { isOriginAllowed } from './cors';

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
