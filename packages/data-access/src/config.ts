// Client configuration of both apps, validated once from an `import.meta.env`-like record.
// Without any variable the result targets the emulators of project demo-silk (dev and tests).
import {
  DEFAULT_API_BASE,
  DEFAULT_GEO_LOOKUP_URL,
  DEFAULT_IP_LOOKUP_URL,
} from '@silk/schema/constants';
import { z } from 'zod';

const DEMO_PROJECT_ID = 'demo-silk';

/** An empty string in a .env file means "not set". */
const optionalText = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string().trim().optional(),
);

const hostAndPort = z
  .string()
  .trim()
  .regex(/^[^\s:/]+:\d{1,5}$/, 'expected host:port');

export const clientEnvSchema = z
  .object({
    VITE_FIREBASE_API_KEY: optionalText,
    VITE_FIREBASE_AUTH_DOMAIN: optionalText,
    VITE_FIREBASE_PROJECT_ID: optionalText,
    VITE_FIREBASE_APP_ID: optionalText,
    VITE_USE_EMULATORS: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      z.enum(['true', 'false']).optional(),
    ),
    VITE_AUTH_EMULATOR_HOST: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      hostAndPort.default('127.0.0.1:9099'),
    ),
    VITE_FIRESTORE_EMULATOR_HOST: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      hostAndPort.default('127.0.0.1:8080'),
    ),
    VITE_API_BASE: optionalText,
    VITE_IP_LOOKUP_URL: optionalText.pipe(z.url().optional()),
    VITE_GEO_LOOKUP_URL: optionalText.pipe(z.url().optional()),
    VITE_RECAPTCHA_SITE_KEY: optionalText,
  })
  .transform((env, ctx) => {
    const projectId = env.VITE_FIREBASE_PROJECT_ID ?? DEMO_PROJECT_ID;
    const isDemo = projectId.startsWith('demo-');
    // Emulators: explicit flag, otherwise on for demo projects (which only exist in the emulators).
    const useEmulators = env.VITE_USE_EMULATORS ? env.VITE_USE_EMULATORS === 'true' : isDemo;
    if (!useEmulators) {
      for (const key of ['VITE_FIREBASE_API_KEY', 'VITE_FIREBASE_AUTH_DOMAIN', 'VITE_FIREBASE_APP_ID'] as const) {
        if (!env[key]) {
          ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required outside the emulators` });
        }
      }
    }
    const config: ClientConfig = {
      firebase: {
        apiKey: env.VITE_FIREBASE_API_KEY ?? 'demo-api-key',
        authDomain: env.VITE_FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`,
        projectId,
        appId: env.VITE_FIREBASE_APP_ID ?? '1:000000000000:web:0000000000000000',
      },
      emulators: useEmulators
        ? { auth: env.VITE_AUTH_EMULATOR_HOST, firestore: env.VITE_FIRESTORE_EMULATOR_HOST }
        : null,
      apiBase: (env.VITE_API_BASE ?? DEFAULT_API_BASE).replace(/\/+$/, ''),
      ipLookupUrl: env.VITE_IP_LOOKUP_URL ?? DEFAULT_IP_LOOKUP_URL,
      geoLookupUrl: env.VITE_GEO_LOOKUP_URL ?? DEFAULT_GEO_LOOKUP_URL,
      recaptchaSiteKey: env.VITE_RECAPTCHA_SITE_KEY ?? null,
    };
    return config;
  });

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
}

/** Validates the raw env once; throws a readable error listing every bad variable. */
export function parseClientEnv(raw: Record<string, unknown>): ClientConfig {
  const result = clientEnvSchema.safeParse(raw);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid client configuration:\n${problems.join('\n')}`);
  }
  return result.data;
}

/** Splits 'host:port'. */
export function splitHostPort(value: string): { host: string; port: number } {
  const index = value.lastIndexOf(':');
  return { host: value.slice(0, index), port: Number(value.slice(index + 1)) };
}
