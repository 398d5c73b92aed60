import { describe, expect, it } from 'vitest';
import { isOriginAllowed } from './cors';

const PRODUCTION = ['https://silk.travel', 'https://admin.silk.travel'];
const EMULATOR = ['http://127.0.0.1:*', 'http://localhost:*'];

describe('isOriginAllowed', () => {
  it('allows exactly the configured origins', () => {
    expect(isOriginAllowed('https://silk.travel', PRODUCTION)).toBe(true);
    expect(isOriginAllowed('https://admin.silk.travel', PRODUCTION)).toBe(true);
    expect(isOriginAllowed('https://evil.silk.travel', PRODUCTION)).toBe(false);
    expect(isOriginAllowed('http://silk.travel', PRODUCTION)).toBe(false);
    expect(isOriginAllowed('https://silk.travel.evil.example', PRODUCTION)).toBe(false);
  });

  it('allows any port of a loopback host when configured with :*', () => {
    expect(isOriginAllowed('http://127.0.0.1:5000', EMULATOR)).toBe(true);
    expect(isOriginAllowed('http://localhost:5174', EMULATOR)).toBe(true);
    expect(isOriginAllowed('https://localhost:5174', EMULATOR)).toBe(false);
    expect(isOriginAllowed('http://127.0.0.2:5000', EMULATOR)).toBe(false);
    expect(isOriginAllowed('http://localhost.evil.example:5000', EMULATOR)).toBe(false);
  });

  it('never widens :* to a host that is not loopback', () => {
    expect(isOriginAllowed('https://silk.travel:8443', ['https://silk.travel:*'])).toBe(false);
  });

  it('refuses things that are not origins', () => {
    expect(isOriginAllowed('null', EMULATOR)).toBe(false);
    expect(isOriginAllowed('http://localhost:5173/path', EMULATOR)).toBe(false);
    expect(isOriginAllowed('', PRODUCTION)).toBe(false);
    expect(isOriginAllowed('https://silk.travel', [])).toBe(false);
  });
});
