import { RECAPTCHA_MIN_SCORE } from '@silk/schema/constants';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_APP_CHECK_JWKS_URL,
  DEFAULT_CEILINGS,
  DEFAULT_CLIENT_IP_HOPS,
  DEFAULT_RATE_LIMITS,
  DEFAULT_RECAPTCHA_VERIFY_URL,
  DEFAULT_RECENT_SIGN_IN_SECONDS,
  DEFAULT_REFERRAL_RULES,
  DEFAULT_SECURITY_LOG,
  readServerConfig,
} from './config';

/** Lists and some limits set; every other setting left to its default. */
const SETTINGS = {
  ALLOWED_ORIGINS: ' https://silk.travel , https://admin.silk.travel,',
  RECAPTCHA_ALLOWED_HOSTNAMES: 'Silk.Travel',
  RECAPTCHA_MIN_SCORE: '0.7',
  RATE_LIMIT_WINDOW_SECONDS: '30',
  RATE_LIMIT_SUBSCRIBE_PER_IP: '1000',
  RATE_LIMIT_EXPORT_WAITLIST_PER_KEY: '3',
};

describe('readServerConfig', () => {
  it('has production defaults: no origin allowed, Google siteverify, score 0.5, one-minute windows', () => {
    const config = readServerConfig({});
    expect(config.allowedOrigins).toEqual([]);
    expect(config.recaptcha.verifyUrl).toBe(DEFAULT_RECAPTCHA_VERIFY_URL);
    expect(config.recaptcha.minScore).toBe(RECAPTCHA_MIN_SCORE);
    expect(config.rateLimits.windowMs).toBe(60_000);
    expect(config.rateLimits.subscribe).toEqual(DEFAULT_RATE_LIMITS.subscribe);
  });

  it('reads lists and limits from the environment', () => {
    const config = readServerConfig(SETTINGS);
    expect(config.allowedOrigins).toEqual(['https://silk.travel', 'https://admin.silk.travel']);
    expect(config.recaptcha.allowedHostnames).toEqual(['silk.travel']);
    expect(config.recaptcha.minScore).toBe(0.7);
    expect(config.rateLimits.windowMs).toBe(30_000);
    expect(config.rateLimits.subscribe).toEqual({
      perIp: 1000,
      perKey: DEFAULT_RATE_LIMITS.subscribe.perKey,
    });
    expect(config.rateLimits.exportWaitlist.perKey).toBe(3);
  });

  it('bounds the security log and the recent sign-in of a password change, by default and from the environment', () => {
    expect(readServerConfig({}).securityLog).toEqual(DEFAULT_SECURITY_LOG);
    expect(readServerConfig({}).passwordChange).toEqual({
      recentSignInSeconds: DEFAULT_RECENT_SIGN_IN_SECONDS,
    });
    const config = readServerConfig({
      SECURITY_LOG_MAX_PER_HOUR: '50',
      SECURITY_LOG_RETENTION_DAYS: '7',
      PASSWORD_CHANGE_RECENT_SIGN_IN_SECONDS: '120',
    });
    expect(config.securityLog).toEqual({ maxEntriesPerHour: 50, retentionDays: 7 });
    expect(config.passwordChange.recentSignInSeconds).toBe(120);
    expect(() => readServerConfig({ SECURITY_LOG_MAX_PER_HOUR: '0' })).toThrow('SECURITY_LOG_MAX_PER_HOUR');
  });

  it('refuses malformed numbers instead of silently disabling a check', () => {
    expect(() => readServerConfig({ RATE_LIMIT_SUBSCRIBE_PER_KEY: 'many' })).toThrow(
      'RATE_LIMIT_SUBSCRIBE_PER_KEY',
    );
    expect(() => readServerConfig({ RATE_LIMIT_WINDOW_SECONDS: '0' })).toThrow();
    expect(() => readServerConfig({ RECAPTCHA_MIN_SCORE: 'high' })).toThrow('RECAPTCHA_MIN_SCORE');
    expect(() => readServerConfig({ RECAPTCHA_MIN_SCORE: '1.5' })).toThrow('RECAPTCHA_MIN_SCORE');
  });

  it('shifts a loopback verify URL by SILK_PORT_OFFSET in the Functions emulator only', () => {
    const env = { RECAPTCHA_VERIFY_URL: 'http://127.0.0.1:5999/siteverify', SILK_PORT_OFFSET: '200' };
    expect(readServerConfig({ ...env, FUNCTIONS_EMULATOR: 'true' }).recaptcha.verifyUrl).toBe(
      'http://127.0.0.1:6199/siteverify',
    );
    expect(readServerConfig(env).recaptcha.verifyUrl).toBe('http://127.0.0.1:5999/siteverify');
    expect(
      readServerConfig({
        ...env,
        RECAPTCHA_VERIFY_URL: DEFAULT_RECAPTCHA_VERIFY_URL,
        FUNCTIONS_EMULATOR: 'true',
      }).recaptcha.verifyUrl,
    ).toBe(DEFAULT_RECAPTCHA_VERIFY_URL);
  });

  it('trusts two X-Forwarded-For hops by default (Hosting, then the Google front end); CLIENT_IP_HOPS sets it', () => {
    expect(DEFAULT_CLIENT_IP_HOPS).toBe(2);
    expect(readServerConfig({}).clientIpHops).toBe(2);
    expect(readServerConfig({ CLIENT_IP_HOPS: '0' }).clientIpHops).toBe(0);
    expect(readServerConfig({ CLIENT_IP_HOPS: ' 1 ' }).clientIpHops).toBe(1);
    expect(() => readServerConfig({ CLIENT_IP_HOPS: '-1' })).toThrow('CLIENT_IP_HOPS');
    expect(() => readServerConfig({ CLIENT_IP_HOPS: '1.5' })).toThrow('CLIENT_IP_HOPS');
  });

  it("reads the App Check issuer and audiences; the JWKS URL defaults to App Check's own", () => {
    expect(readServerConfig({}).appCheck).toEqual({
      jwksUrl: DEFAULT_APP_CHECK_JWKS_URL,
      issuer: '',
      audiences: [],
    });
    const config = readServerConfig({
      APP_CHECK_JWKS_URL: 'http://127.0.0.1:5998/jwks',
      APP_CHECK_ISSUER: 'https://firebaseappcheck.googleapis.com/123',
      APP_CHECK_AUDIENCE: 'projects/123, projects/silk',
      SILK_PORT_OFFSET: '200',
      FUNCTIONS_EMULATOR: 'true',
    });
    expect(config.appCheck).toEqual({
      jwksUrl: 'http://127.0.0.1:6198/jwks',
      issuer: 'https://firebaseappcheck.googleapis.com/123',
      audiences: ['projects/123', 'projects/silk'],
    });
  });

  it('reads the global ceilings, the mail budget per mailbox and the referral rules unless set', () => {
    expect(readServerConfig({}).ceilings).toEqual(DEFAULT_CEILINGS);
    expect(DEFAULT_CEILINGS.mailboxMailsPerDay).toBe(5);
    expect(readServerConfig({}).referrals).toEqual(DEFAULT_REFERRAL_RULES);
  });

  it.each([
    [
      'the global ceilings (whole numbers, 0 allowed) and their window',
      'ceilings',
      { CEILING_WINDOW_SECONDS: '60', CEILING_JOIN_SIGNUPS: '0', CEILING_CONFIRMATION_MAILS: ' 7 ' },
      { ...DEFAULT_CEILINGS, windowMs: 60_000, joinSignups: 0, confirmationMails: 7 },
    ],
    [
      'the subscribe and status-link ceilings and the mail budget per mailbox per day',
      'ceilings',
      {
        CEILING_SUBSCRIBE_SIGNUPS: '40',
        CEILING_STATUS_LINK_MAILS: '0',
        MAIL_BUDGET_PER_MAILBOX_PER_DAY: '2',
      },
      { ...DEFAULT_CEILINGS, subscribeSignups: 40, statusLinkMails: 0, mailboxMailsPerDay: 2 },
    ],
    [
      'the referral rules: window, daily cap (0 allowed) and extra throwaway domains',
      'referrals',
      {
        REFERRAL_NETWORK_WINDOW_SECONDS: '0',
        REFERRAL_DAILY_CAP: '0',
        REFERRAL_EXTRA_DISPOSABLE_DOMAINS: ' Fresh-Throwaway.example, other.example ,',
      },
      {
        networkWindowSeconds: 0,
        dailyCap: 0,
        extraDisposableDomains: ['fresh-throwaway.example', 'other.example'],
      },
    ],
  ] as const)('reads %s', (_, section, env, expected) => {
    expect(readServerConfig(env)[section]).toEqual(expected);
  });

  it('reads the answer time step of the mailing-list routes (300 ms unless set, 0 allowed)', () => {
    expect(readServerConfig({}).answerTimeStepMs).toBe(300);
    expect(readServerConfig({ ANSWER_TIME_STEP_MS: '0' }).answerTimeStepMs).toBe(0);
    expect(readServerConfig({ ANSWER_TIME_STEP_MS: '450' }).answerTimeStepMs).toBe(450);
  });

  /** A value each of these variables refuses. */
  const REFUSED = {
    CEILING_JOIN_SIGNUPS: '-1',
    CEILING_CONFIRMATION_MAILS: '2.5',
    CEILING_WINDOW_SECONDS: '0',
    MAIL_BUDGET_PER_MAILBOX_PER_DAY: '-1',
    CEILING_STATUS_LINK_MAILS: '1.5',
    ANSWER_TIME_STEP_MS: '-5',
    REFERRAL_DAILY_CAP: '-1',
    REFERRAL_NETWORK_WINDOW_SECONDS: 'soon',
  };
  it.each(Object.entries(REFUSED))('refuses %s=%s, naming the variable', (name, value) => {
    expect(() => readServerConfig({ [name]: value })).toThrow(name);
  });
});
