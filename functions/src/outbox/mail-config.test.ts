import { describe, expect, it } from 'vitest';
import { DEFAULT_MAIL_FROM, DEFAULT_SITE_ORIGIN, readMailConfig, smtpUrl } from './mail-config';

describe('readMailConfig', () => {
  it('has production defaults', () => {
    expect(readMailConfig({})).toEqual({
      from: DEFAULT_MAIL_FROM,
      siteOrigin: DEFAULT_SITE_ORIGIN,
      sendTries: 3,
      sendBackoffMs: 2000,
      retryBaseMs: 60_000,
      retryMaxMs: 3_600_000,
      maxAttempts: 60,
      leaseMs: 300_000,
      smtpTimeoutMs: 10_000,
      ratePerSecond: 10,
      slotWaitMs: 75_000,
      slotLeadMs: 70_000,
    });
  });

  it('reads the environment; the site origin without a trailing path', () => {
    const config = readMailConfig({
      MAIL_FROM: 'Team <team@silk.travel>',
      SITE_ORIGIN: 'https://silk.travel/',
      MAIL_SEND_TRIES: '2',
    });
    expect(config).toMatchObject({
      from: 'Team <team@silk.travel>',
      siteOrigin: 'https://silk.travel',
      sendTries: 2,
    });
    expect(() => readMailConfig({ MAIL_MAX_ATTEMPTS: '0' })).toThrow(/MAIL_MAX_ATTEMPTS/);
  });

  it('shifts a loopback site and SMTP server by SILK_PORT_OFFSET in the Functions emulator only', () => {
    const env = { SITE_ORIGIN: 'http://127.0.0.1:5000', SILK_PORT_OFFSET: '1000' };
    expect(readMailConfig({ ...env, FUNCTIONS_EMULATOR: 'true' }).siteOrigin).toBe('http://127.0.0.1:6000');
    expect(readMailConfig(env).siteOrigin).toBe('http://127.0.0.1:5000');
    expect(smtpUrl('smtp://127.0.0.1:1025', { ...env, FUNCTIONS_EMULATOR: 'true' })).toBe(
      'smtp://127.0.0.1:2025',
    );
    expect(smtpUrl('smtps://user:pass@smtp.example.com:465', { ...env, FUNCTIONS_EMULATOR: 'true' })).toBe(
      'smtps://user:pass@smtp.example.com:465',
    );
    expect(() => smtpUrl('')).toThrow(/SMTP_CONNECTION_URI/);
  });

  it('lets `pnpm dev` point the links at the Vite site (SILK_SITE_ORIGIN, emulator only)', () => {
    const env = { SITE_ORIGIN: 'http://127.0.0.1:5000', SILK_SITE_ORIGIN: 'http://localhost:5173' };
    expect(readMailConfig({ ...env, FUNCTIONS_EMULATOR: 'true' }).siteOrigin).toBe('http://localhost:5173');
    expect(readMailConfig(env).siteOrigin).toBe('http://127.0.0.1:5000');
  });
});
