// The real handlers served by the Functions Framework for one test file, each under the configuration
// the test gives: the link-signing key set for the file, every server closed after it, ceilings in a
// window of their own, and the stack's App Check stand-in.
import { EMULATOR_APP_CHECK_AUDIENCE, EMULATOR_APP_CHECK_ISSUER } from '@silk/stack/app-check-stub';
import { appCheckStubUrl } from '@silk/stack/stack';
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, vi } from 'vitest';
import { readServerConfig, type Ceilings, type ServerConfig } from '../src/shared/config';
import { serveWithFunctionsFramework } from './functions-framework';
import { startFrontEnd } from './front-end';
import { EMULATOR_MAIL_TOKEN_SECRET } from './mail';
import type { ServedHandler } from './serve-handler';

type Handler = Parameters<typeof serveWithFunctionsFramework>[0];

/** Production's per-IP and per-e-mail limits of these groups raised, so only the ceilings and budgets stop calls. */
function roomyRateLimits(groups: string[]): Record<string, string> {
  return Object.fromEntries(
    groups.flatMap((group) => [
      [`RATE_LIMIT_${group}_PER_IP`, '100000'],
      [`RATE_LIMIT_${group}_PER_KEY`, '100000'],
    ]),
  );
}

/**
 * The server's configuration with `ceilings` (and `given`), the rate limits of subscribe and status links
 * raised: production's would stop the calls for one mailbox before its budget or a ceiling does.
 */
export function configUnderCeilings(
  ceilings: Ceilings,
  given: Partial<ServerConfig> = {},
): () => ServerConfig {
  const env = roomyRateLimits(['SUBSCRIBE', 'STATUS_LINK']);
  return () => ({ ...readServerConfig(env), ...given, ceilings });
}

/**
 * Ceilings in a window of their own (a length no other test uses is a counter of its own), so long
 * that no test straddles two windows: 1,000 of everything unless given.
 */
export function ceilingsInOwnWindow(given: Partial<Ceilings> = {}): Ceilings {
  return {
    windowMs: 1000 * 3600 * 24 * 365 * 100 + randomInt(1_000_000),
    joinSignups: 1000,
    subscribeSignups: 1000,
    confirmationMails: 1000,
    statusLinkMails: 1000,
    mailboxMailsPerDay: 1000,
    ...given,
  };
}

/** App Check as the stack's stand-in issuer signs it. */
export function emulatorAppCheck(): ServerConfig['appCheck'] {
  return {
    jwksUrl: `${appCheckStubUrl()}/jwks`,
    issuer: EMULATOR_APP_CHECK_ISSUER,
    audiences: EMULATOR_APP_CHECK_AUDIENCE,
  };
}

/** Registers the file's hooks; `serve` answers a handler's URL, `serveBehindFrontEnd` the URL of Cloud Run's stand-in before it. */
export function servedRoutes() {
  const running: ServedHandler[] = [];
  beforeAll(() => {
    vi.stubEnv('MAIL_TOKEN_SECRET', process.env.MAIL_TOKEN_SECRET ?? EMULATOR_MAIL_TOKEN_SECRET);
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await Promise.all(running.map((served) => served.close()));
  });
  return {
    async serve(handler: Handler): Promise<string> {
      const served = await serveWithFunctionsFramework(handler);
      running.push(served);
      return served.url;
    },
    /** The function behind a stand-in of Cloud Run's front end, which appends `clientIp` as the real client. */
    async serveBehindFrontEnd(handler: Handler, clientIp: string): Promise<string> {
      const fn = await serveWithFunctionsFramework(handler);
      const frontEnd = await startFrontEnd(fn.url, () => clientIp);
      running.push(fn, frontEnd);
      return frontEnd.url;
    },
  };
}
