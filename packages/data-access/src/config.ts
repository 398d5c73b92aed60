// Client configuration of both apps, validated once from an `import.meta.env`-like record.
// Without any variable the result targets the emulators of project demo-silk (dev and tests).
// zod/mini, not zod: the site reads its config at page load and full zod alone is ~94 KB gzip.
import { DEFAULT_API_BASE, DEFAULT_GEO_LOOKUP_URL, DEFAULT_IP_LOOKUP_URL } from '@silk/schema/constants';
import * as z from 'zod/mini';

const DEMO_PROJECT_ID = 'demo-silk';
const HOST_AND_PORT = /^[^\s:/]+:\d{1,5}$/;

const text = z.optional(z.string());
const hostAndPort = z.optional(z.string().check(z.regex(HOST_AND_PORT, 'expected host:port')));
const url = z.optional(z.url());

/** The raw variables (blank values are removed before parsing: an empty .env entry means unset). */
export const clientEnvSchema = z.object({
  VITE_FIREBASE_API_KEY: text,
  VITE_FIREBASE_AUTH_DOMAIN: text,
  VITE_FIREBASE_PROJECT_ID: text,
  VITE_FIREBASE_APP_ID: text,
  VITE_USE_EMULATORS: z.optional(z.enum(['true', 'false'])),
  VITE_AUTH_EMULATOR_HOST: hostAndPort,
  VITE_FIRESTORE_EMULATOR_HOST: hostAndPort,
  VITE_API_BASE: text,
  VITE_IP_LOOKUP_URL: url,
  VITE_GEO_LOOKUP_URL: url,
  VITE_RECAPTCHA_SITE_KEY: text,
  VITE_APP_CHECK_SITE_KEY: text,
  VITE_APP_CHECK_STUB_URL: url,
});
export type ClientEnv = z.infer<typeof clientEnvSchema>;

export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId: string;
}

export interface ClientConfig {
  firebase: FirebaseWebConfig;
  /** host:port of each emulator, or null in production. */
  emulators: { auth: string; firestore: string } | null;
  /** Base of our functions' HTTP API without a trailing slash ('/api' by default). */
  apiBase: string;
  ipLookupUrl: string;
  geoLookupUrl: string;
  /** reCAPTCHA v3 site key; null disables the bot check. */
  recaptchaSiteKey: string | null;
  /**
   * Where App Check tokens come from: reCAPTCHA v3 with App Check's site key in production, the stack's
   * stand-in issuer in an emulator build (App Check has no emulator).
   */
  appCheck: { provider: 'recaptcha-v3'; siteKey: string } | { provider: 'stand-in'; url: string };
}

/** The stand-in issuer of `pnpm dev` (tests shift it with their ports, see @silk/stack emulatorBuildEnv). */
const DEFAULT_APP_CHECK_STUB_URL = 'http://127.0.0.1:5998';

/** Trimmed string values of the variables we read; blank or non-string values dropped. */
function clean(raw: Record<string, unknown>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const key of Object.keys(clientEnvSchema.shape)) {
    const value = raw[key];
    if (typeof value === 'string' && value.trim() !== '') values[key] = value.trim();
    else if (value !== undefined && typeof value !== 'string') values[key] = value as string; // refused below
  }
  return values;
}

/** Validates the raw env once; throws a readable error listing every bad variable. */
export function parseClientEnv(raw: Record<string, unknown>): ClientConfig {
  const result = clientEnvSchema.safeParse(clean(raw));
  const problems = result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  const env: ClientEnv = result.success ? result.data : {};
  const projectId = env.VITE_FIREBASE_PROJECT_ID ?? DEMO_PROJECT_ID;
  // Emulators: the explicit flag, otherwise on for demo projects (which only exist in the emulators).
  const useEmulators = env.VITE_USE_EMULATORS
    ? env.VITE_USE_EMULATORS === 'true'
    : projectId.startsWith('demo-');
  if (result.success && !useEmulators) {
    for (const key of [
      'VITE_FIREBASE_API_KEY',
      'VITE_FIREBASE_AUTH_DOMAIN',
      'VITE_FIREBASE_APP_ID',
      'VITE_APP_CHECK_SITE_KEY',
    ] as const) {
      if (!env[key]) problems.push(`${key}: required outside the emulators`);
    }
  }
  if (problems.length > 0) throw new Error(`Invalid client configuration:\n${problems.join('\n')}`);
  return {
    firebase: {
      apiKey: env.VITE_FIREBASE_API_KEY ?? 'demo-api-key',
      authDomain: env.VITE_FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`,
      projectId,
      appId: env.VITE_FIREBASE_APP_ID ?? '1:000000000000:web:0000000000000000',
    },
    emulators: useEmulators
      ? {
          auth: env.VITE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099',
          firestore: env.VITE_FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080',
        }
      : null,
    apiBase: (env.VITE_API_BASE ?? DEFAULT_API_BASE).replace(/\/+$/, ''),
    ipLookupUrl: env.VITE_IP_LOOKUP_URL ?? DEFAULT_IP_LOOKUP_URL,
    geoLookupUrl: env.VITE_GEO_LOOKUP_URL ?? DEFAULT_GEO_LOOKUP_URL,
    recaptchaSiteKey: env.VITE_RECAPTCHA_SITE_KEY ?? null,
    appCheck: useEmulators
      ? {
          provider: 'stand-in',
          url: (env.VITE_APP_CHECK_STUB_URL ?? DEFAULT_APP_CHECK_STUB_URL).replace(/\/+$/, ''),
        }
      : { provider: 'recaptcha-v3', siteKey: env.VITE_APP_CHECK_SITE_KEY ?? '' },
  };
}
