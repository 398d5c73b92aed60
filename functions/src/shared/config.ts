// Region, limits and the server configuration every function reads (from the environment: the
// Functions runtime loads functions/deploy/.env.<project>; see .env.example and functions/env/).
import type { RateLimitGroup } from '@silk/schema/api-routes';
import { FUNCTIONS_REGION, RECAPTCHA_MIN_SCORE } from '@silk/schema/constants';
import type { GlobalOptions } from 'firebase-functions/v2';
import { trustedProxyList } from './trusted-proxies';

export const GLOBAL_OPTIONS: GlobalOptions = {
  region: FUNCTIONS_REGION,
  maxInstances: 10,
};

/**
 * Options of every HTTP function: callable by anyone (Hosting rewrites, browsers), and `cors: false`
 * so that neither the framework nor the emulator (which otherwise allows every origin) answers CORS:
 * http/http.ts does, for the configured origins only.
 */
export const HTTP_FUNCTION_OPTIONS = { invoker: 'public', cors: false } as const;

export const DEFAULT_RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
export const RECAPTCHA_TIMEOUT_MS = 5000;

/** App Check's public keys (production); APP_CHECK_JWKS_URL overrides it (the emulator's stand-in issuer). */
export const DEFAULT_APP_CHECK_JWKS_URL = 'https://firebaseappcheck.googleapis.com/v1/jwks';

/**
 * Which X-Forwarded-For entry is the client, counted from the right: the one place this is decided.
 * Every proxy appends the address that connected to it, so entries left of those our own front ends
 * appended are whatever the client wrote. Through Firebase Hosting (every /api route) the header reaches
 * the function as `<anything the client sent>, <client>, <Hosting edge>`: Hosting's edge appends the
 * client that connected to it, then the Google front end of Cloud Run appends the Hosting edge. Hence 2.
 * 1 would be right for calls made straight to the function's own URL (the front end appends the caller);
 * 0 trusts no header and uses the socket's peer (local servers; the emulators append nothing).
 */
export const DEFAULT_CLIENT_IP_HOPS = 2;

/** Requests allowed per fixed window, per client IP and per key (an e-mail or the caller). */
export interface RateLimitRule {
  perIp: number;
  perKey: number;
}

/** The groups of rate limits (their per-route use is declared in @silk/schema/api-routes). */
export type LimitedFunction = RateLimitGroup;

export interface ServerConfig {
  /** Exact origins ("https://silk.travel") or loopback with any port ("http://127.0.0.1:*"). */
  allowedOrigins: string[];
  recaptcha: { verifyUrl: string; allowedHostnames: string[]; minScore: number; timeoutMs: number };
  rateLimits: { windowMs: number } & Record<LimitedFunction, RateLimitRule>;
  /** The project's web API key, for the Auth REST calls (password check, reset e-mail). */
  authApiKey: string;
  /** See DEFAULT_CLIENT_IP_HOPS. */
  clientIpHops: number;
  /**
   * The networks of the proxies in front of the functions whose X-Forwarded-For entries are trusted
   * (Firebase Hosting's edge; TRUSTED_PROXY_NETWORKS, comma-separated CIDRs): only the referral network
   * rule reads them (http/trusted-client.ts). Empty: no client address is trusted and the rule is skipped.
   */
  trustedProxyNetworks: string[];
  /** What an App Check token must be: signed by a key of `jwksUrl`, from `issuer`, for one of `audiences`. */
  appCheck: { jwksUrl: string; issuer: string; audiences: string[] };
  /** See DEFAULT_CEILINGS. */
  ceilings: Ceilings;
  /**
   * /api/join and /api/subscribe answer an accepted call at the next whole step of this many
   * milliseconds after it began (http/answer-time.ts; ANSWER_TIME_STEP_MS, 0: at once).
   */
  answerTimeStepMs: number;
  /** The security log (anonymous callers' events): entries kept per hour at most, and for how long. */
  securityLog: { maxEntriesPerHour: number; retentionDays: number };
  /** A password change without the current password needs a sign-in this recent (ID token auth_time). */
  passwordChange: { recentSignInSeconds: number };
  /** See ReferralRules. */
  referrals: ReferralRules;
  /**
   * The product's sign-up address (PRODUCT_SIGNUP_URL) a redeemed invitation continues to, with its
   * one-time token in `?token=`; empty: redeeming refuses (the deployment is not configured).
   */
  productSignupUrl: string;
}

/**
 * When referral credit is withheld for review (beyond the same-person rule, which needs no setting):
 * a referred address on a throwaway domain (the npm list plus `extraDisposableDomains`), a referral
 * from the referrer's network or another referral's within `networkWindowSeconds` (0: the rule is off),
 * and credits beyond `dailyCap` per referrer in 24 hours (0: every referral goes to review).
 */
export interface ReferralRules {
  networkWindowSeconds: number;
  dailyCap: number;
  extraDisposableDomains: string[];
}

/** REFERRAL_NETWORK_WINDOW_SECONDS, REFERRAL_DAILY_CAP, REFERRAL_EXTRA_DISPOSABLE_DOMAINS (comma-separated). */
export const DEFAULT_REFERRAL_RULES: ReferralRules = {
  networkWindowSeconds: 3600,
  dailyCap: 25,
  extraDisposableDomains: [],
};

export function readReferralRules(env: NodeJS.ProcessEnv = process.env): ReferralRules {
  return {
    networkWindowSeconds: wholeNumber(
      env,
      'REFERRAL_NETWORK_WINDOW_SECONDS',
      DEFAULT_REFERRAL_RULES.networkWindowSeconds,
    ),
    dailyCap: wholeNumber(env, 'REFERRAL_DAILY_CAP', DEFAULT_REFERRAL_RULES.dailyCap),
    extraDisposableDomains: list(env.REFERRAL_EXTRA_DISPOSABLE_DOMAINS).map((domain) => domain.toLowerCase()),
  };
}

/**
 * Global ceilings per fixed window, whatever client address the requests claim (a caller of a function's
 * own URL writes its own X-Forwarded-For, so per-IP limits are defence in depth only): calls of /api/join
 * and of /api/subscribe, listed address or new alike (beyond it: 429, nothing stored, for everyone), so
 * the signups and subscribers a flood creates are bounded; confirmation e-mails released to the mail
 * queue (beyond it a confirmation waits in mail_waiting and the redrive releases it in a later window:
 * never dropped); status-link requests (beyond it no mail is sent, and the answer is the same). 0 allows
 * none. Next to them, per mailbox (mailboxKey) and not global: the mails Silk sends on a stranger's
 * request (confirmations, status links) per day; beyond it a mail is not queued.
 */
export interface Ceilings {
  windowMs: number;
  joinSignups: number;
  subscribeSignups: number;
  confirmationMails: number;
  statusLinkMails: number;
  mailboxMailsPerDay: number;
}

/** ServerConfig.answerTimeStepMs: above production's mailing-list work (a few Firestore round trips, ~100–200 ms). */
export const DEFAULT_ANSWER_TIME_STEP_MS = 300;

export const DEFAULT_CEILINGS: Ceilings = {
  windowMs: 3600 * 1000,
  joinSignups: 500,
  // A front-page launch brings ~100,000 signups in its first hour: the ceiling bounds a flood, not a launch.
  subscribeSignups: 100_000,
  confirmationMails: 2000,
  statusLinkMails: 500,
  mailboxMailsPerDay: 5,
};

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a whole number ≥ 0, got "${raw}".`);
  return value;
}

/**
 * CEILING_WINDOW_SECONDS, CEILING_JOIN_SIGNUPS, CEILING_SUBSCRIBE_SIGNUPS, CEILING_CONFIRMATION_MAILS,
 * CEILING_STATUS_LINK_MAILS, MAIL_BUDGET_PER_MAILBOX_PER_DAY; DEFAULT_CEILINGS when unset.
 */
export function readCeilings(env: NodeJS.ProcessEnv = process.env): Ceilings {
  return {
    windowMs: positiveNumber(env, 'CEILING_WINDOW_SECONDS', DEFAULT_CEILINGS.windowMs / 1000) * 1000,
    joinSignups: wholeNumber(env, 'CEILING_JOIN_SIGNUPS', DEFAULT_CEILINGS.joinSignups),
    subscribeSignups: wholeNumber(env, 'CEILING_SUBSCRIBE_SIGNUPS', DEFAULT_CEILINGS.subscribeSignups),
    confirmationMails: wholeNumber(env, 'CEILING_CONFIRMATION_MAILS', DEFAULT_CEILINGS.confirmationMails),
    statusLinkMails: wholeNumber(env, 'CEILING_STATUS_LINK_MAILS', DEFAULT_CEILINGS.statusLinkMails),
    mailboxMailsPerDay: wholeNumber(
      env,
      'MAIL_BUDGET_PER_MAILBOX_PER_DAY',
      DEFAULT_CEILINGS.mailboxMailsPerDay,
    ),
  };
}

/** See ServerConfig.securityLog and passwordChange (SECURITY_LOG_MAX_PER_HOUR, SECURITY_LOG_RETENTION_DAYS, PASSWORD_CHANGE_RECENT_SIGN_IN_SECONDS). */
export const DEFAULT_SECURITY_LOG = { maxEntriesPerHour: 200, retentionDays: 30 };
export const DEFAULT_RECENT_SIGN_IN_SECONDS = 300;

/** Production defaults; the emulator's functions/env/.env.demo-silk raises the per-IP limits. */
export const DEFAULT_RATE_LIMITS: Record<LimitedFunction, RateLimitRule> = {
  subscribe: { perIp: 30, perKey: 5 },
  waitlistUpdate: { perIp: 30, perKey: 10 },
  createTeamMember: { perIp: 30, perKey: 10 },
  exportWaitlist: { perIp: 30, perKey: 10 },
  manageTeam: { perIp: 60, perKey: 30 },
  account: { perIp: 30, perKey: 10 },
  // Per identifier (username or e-mail): a password guesser is slowed whatever address it comes from.
  signIn: { perIp: 30, perKey: 10 },
  passwordReset: { perIp: 10, perKey: 3 },
  // The links in our e-mails (confirm, unsubscribe, erase), per subscriber.
  subscription: { perIp: 30, perKey: 10 },
  // The status page (per address) and a fresh status link (per address and per e-mail asked for).
  statusPage: { perIp: 60, perKey: 60 },
  statusLink: { perIp: 10, perKey: 3 },
  // The invitation's page and forms (per address), and the product backend's verify calls.
  invitePage: { perIp: 60, perKey: 60 },
  inviteVerify: { perIp: 600, perKey: 600 },
  // An import's chunks (per caller): 100,000 rows are 200 chunks.
  importRows: { perIp: 600, perKey: 600 },
  // The mail provider's reports (per sending address of the provider).
  mailEvents: { perIp: 600, perKey: 600 },
};

const ENV_NAMES: Record<LimitedFunction, string> = {
  subscribe: 'SUBSCRIBE',
  waitlistUpdate: 'WAITLIST_UPDATE',
  createTeamMember: 'CREATE_TEAM_MEMBER',
  exportWaitlist: 'EXPORT_WAITLIST',
  manageTeam: 'MANAGE_TEAM',
  account: 'ACCOUNT',
  signIn: 'SIGN_IN',
  passwordReset: 'PASSWORD_RESET',
  subscription: 'SUBSCRIPTION',
  statusPage: 'STATUS_PAGE',
  statusLink: 'STATUS_LINK',
  invitePage: 'INVITE_PAGE',
  inviteVerify: 'INVITE_VERIFY',
  importRows: 'IMPORT_ROWS',
  mailEvents: 'MAIL_EVENTS',
};

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

export function positiveNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, got "${raw}".`);
  return value;
}

/**
 * A URL from the environment. In the Functions emulator only, a loopback URL (a stand-in service of the
 * test stack) is shifted by SILK_PORT_OFFSET, like every other port of a shifted test stack.
 */
export function serviceUrl(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const url = new URL(env[name]?.trim() || fallback);
  const offset = Number(env.SILK_PORT_OFFSET ?? 0);
  if (env.FUNCTIONS_EMULATOR === 'true' && offset > 0 && url.hostname === '127.0.0.1' && url.port) {
    url.port = String(Number(url.port) + offset);
  }
  return url.toString();
}

/** CLIENT_IP_HOPS (a whole number ≥ 0), DEFAULT_CLIENT_IP_HOPS when unset. */
export function clientIpHops(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.CLIENT_IP_HOPS?.trim();
  if (!raw) return DEFAULT_CLIENT_IP_HOPS;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`CLIENT_IP_HOPS must be a whole number ≥ 0, got "${raw}".`);
  return value;
}

/** TRUSTED_PROXY_NETWORKS (comma-separated CIDRs), checked here so a malformed one stops the function at start. */
export function trustedProxyNetworks(env: NodeJS.ProcessEnv = process.env): string[] {
  const networks = list(env.TRUSTED_PROXY_NETWORKS);
  trustedProxyList(networks);
  return networks;
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
      verifyUrl: serviceUrl(env, 'RECAPTCHA_VERIFY_URL', DEFAULT_RECAPTCHA_VERIFY_URL),
      allowedHostnames: list(env.RECAPTCHA_ALLOWED_HOSTNAMES).map((host) => host.toLowerCase()),
      minScore: minScore(env),
      timeoutMs: RECAPTCHA_TIMEOUT_MS,
    },
    rateLimits: { windowMs: positiveNumber(env, 'RATE_LIMIT_WINDOW_SECONDS', 60) * 1000, ...rateLimits },
    authApiKey: env.AUTH_API_KEY?.trim() ?? '',
    clientIpHops: clientIpHops(env),
    trustedProxyNetworks: trustedProxyNetworks(env),
    appCheck: {
      jwksUrl: serviceUrl(env, 'APP_CHECK_JWKS_URL', DEFAULT_APP_CHECK_JWKS_URL),
      issuer: env.APP_CHECK_ISSUER?.trim() ?? '',
      audiences: list(env.APP_CHECK_AUDIENCE),
    },
    ceilings: readCeilings(env),
    answerTimeStepMs: wholeNumber(env, 'ANSWER_TIME_STEP_MS', DEFAULT_ANSWER_TIME_STEP_MS),
    securityLog: {
      maxEntriesPerHour: positiveNumber(
        env,
        'SECURITY_LOG_MAX_PER_HOUR',
        DEFAULT_SECURITY_LOG.maxEntriesPerHour,
      ),
      retentionDays: positiveNumber(env, 'SECURITY_LOG_RETENTION_DAYS', DEFAULT_SECURITY_LOG.retentionDays),
    },
    passwordChange: {
      recentSignInSeconds: positiveNumber(
        env,
        'PASSWORD_CHANGE_RECENT_SIGN_IN_SECONDS',
        DEFAULT_RECENT_SIGN_IN_SECONDS,
      ),
    },
    referrals: readReferralRules(env),
    productSignupUrl: env.PRODUCT_SIGNUP_URL?.trim() ?? '',
  };
}
