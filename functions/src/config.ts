// Region, limits and the server configuration every function reads (from the environment: the
// Functions runtime loads functions/deploy/.env.<project>; see .env.example and functions/env/).
import { FUNCTIONS_REGION, RECAPTCHA_MIN_SCORE } from '@silk/schema/constants';
import type { GlobalOptions } from 'firebase-functions/v2';

export const GLOBAL_OPTIONS: GlobalOptions = {
  region: FUNCTIONS_REGION,
  maxInstances: 10,
};

/**
 * Options of every HTTP function: callable by anyone (Hosting rewrites, browsers), and `cors: false`
 * so that neither the framework nor the emulator (which otherwise allows every origin) answers CORS:
 * lib/http.ts does, for the configured origins only.
 */
export const HTTP_FUNCTION_OPTIONS = { invoker: 'public', cors: false } as const;

export const DEFAULT_RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
export const RECAPTCHA_TIMEOUT_MS = 5000;

/** Requests allowed per fixed window, per client IP and per key (an e-mail or the caller). */
export interface RateLimitRule {
  perIp: number;
  perKey: number;
}

export type LimitedFunction = 'subscribe' | 'waitlistUpdate' | 'createTeamMember' | 'exportWaitlist';

export interface ServerConfig {
  /** Exact origins ("https://silk.travel") or loopback with any port ("http://127.0.0.1:*"). */
  allowedOrigins: string[];
  recaptcha: { verifyUrl: string; allowedHostnames: string[]; minScore: number; timeoutMs: number };
  rateLimits: { windowMs: number } & Record<LimitedFunction, RateLimitRule>;
}

/** Production defaults; the emulator's functions/env/.env.demo-silk raises the per-IP limits. */
export const DEFAULT_RATE_LIMITS: Record<LimitedFunction, RateLimitRule> = {
  subscribe: { perIp: 30, perKey: 5 },
  waitlistUpdate: { perIp: 30, perKey: 10 },
  createTeamMember: { perIp: 30, perKey: 10 },
  exportWaitlist: { perIp: 30, perKey: 10 },
};

const ENV_NAMES: Record<LimitedFunction, string> = {
  subscribe: 'SUBSCRIBE',
  waitlistUpdate: 'WAITLIST_UPDATE',
  createTeamMember: 'CREATE_TEAM_MEMBER',
  exportWaitlist: 'EXPORT_WAITLIST',
};

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

function positiveNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}".`);
  return value;
}

/**
 * The verify URL. In the Functions emulator only, a loopback URL (the tests' siteverify stub) is
 * shifted by SILK_PORT_OFFSET, like every other port of a shifted test stack.
 */
function recaptchaVerifyUrl(env: NodeJS.ProcessEnv): string {
  const url = new URL(env.RECAPTCHA_VERIFY_URL?.trim() || DEFAULT_RECAPTCHA_VERIFY_URL);
  const offset = Number(env.SILK_PORT_OFFSET ?? 0);
  if (env.FUNCTIONS_EMULATOR === 'true' && offset > 0 && url.hostname === '127.0.0.1' && url.port) {
    url.port = String(Number(url.port) + offset);
  }
  return url.toString();
}

function minScore(env: NodeJS.ProcessEnv): number {
  const raw = env.RECAPTCHA_MIN_SCORE?.trim();
  if (!raw) return RECAPTCHA_MIN_SCORE;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > 1) {
    throw new Error(`RECAPTCHA_MIN_SCORE must be between 0 and 1, got "${raw}".`);
  }
  return value;
}

export function readServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const rateLimits = Object.fromEntries(
    (Object.keys(DEFAULT_RATE_LIMITS) as LimitedFunction[]).map((name) => {
      const prefix = `RATE_LIMIT_${ENV_NAMES[name]}`;
      const defaults = DEFAULT_RATE_LIMITS[name];
      return [
        name,
        {
          perIp: positiveNumber(env, `${prefix}_PER_IP`, defaults.perIp),
          perKey: positiveNumber(env, `${prefix}_PER_KEY`, defaults.perKey),
        },
      ];
    }),
  ) as Record<LimitedFunction, RateLimitRule>;
  return {
    allowedOrigins: list(env.ALLOWED_ORIGINS),
    recaptcha: {
      verifyUrl: recaptchaVerifyUrl(env),
      allowedHostnames: list(env.RECAPTCHA_ALLOWED_HOSTNAMES).map((host) => host.toLowerCase()),
      minScore: minScore(env),
      timeoutMs: RECAPTCHA_TIMEOUT_MS,
    },
    rateLimits: { windowMs: positiveNumber(env, 'RATE_LIMIT_WINDOW_SECONDS', 60) * 1000, ...rateLimits },
  };
}
