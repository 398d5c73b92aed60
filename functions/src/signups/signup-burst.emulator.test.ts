// A launch-day burst on /api/subscribe, with real concurrency: the real handler served by the Functions
// Framework (as Cloud Functions runs it) against the Firestore emulator, reached through stand-ins of the
// platform's front ends that append the connecting client to X-Forwarded-For. 50 concurrent requests from
// one address get only 200 or 429, exactly `limit` of them 200 — also when each one forges its own
// X-Forwarded-For entries, through Hosting (2 trusted hops, production's setting) or straight to the
// function's URL (1 hop).
import { RATE_LIMITED } from '@silk/schema/messages';
import { EMULATOR_APP_CHECK_AUDIENCE, EMULATOR_APP_CHECK_ISSUER } from '@silk/stack/app-check-stub';
import { appCheckStubUrl } from '@silk/stack/stack';
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readServerConfig, type ServerConfig } from '../shared/config';
import { makeSubscribeHandler } from '../subscribers/subscribe';
import { appCheckHeaders, post, uniqueEmail } from '../../test-support/emulator';
import { startFrontEnd } from '../../test-support/front-end';
import { serveWithFunctionsFramework } from '../../test-support/functions-framework';
import type { ServedHandler } from '../../test-support/serve-handler';

const LIMIT = 10;
const BURST = 50;
const running: ServedHandler[] = [];

beforeAll(() => {
  // The link-signing key the confirmation e-mail needs (functions/env/.secret.local in the emulator).
  vi.stubEnv('MAIL_TOKEN_SECRET', process.env.MAIL_TOKEN_SECRET ?? 'emulator-only-mail-token-secret');
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await Promise.all(running.map((served) => served.close()));
});

function config(clientIpHops: number): ServerConfig {
  const base = readServerConfig({});
  return {
    ...base,
    clientIpHops,
    rateLimits: { ...base.rateLimits, subscribe: { perIp: LIMIT, perKey: 5 } },
    appCheck: {
      jwksUrl: `${appCheckStubUrl()}/jwks`,
      issuer: EMULATOR_APP_CHECK_ISSUER,
      audiences: EMULATOR_APP_CHECK_AUDIENCE,
    },
  };
}

async function serve(handler: Promise<ServedHandler>): Promise<ServedHandler> {
  const served = await handler;
  running.push(served);
  return served;
}

/** A documentation address (198.18.0.0/15) of its own for each test: the client the front end sees. */
const simulatedClient = () => `198.18.${randomInt(256)}.${randomInt(1, 255)}`;

/** BURST concurrent signups of different e-mails, each forging X-Forwarded-For when asked; the statuses. */
async function burst(url: string, forge: boolean): Promise<number[]> {
  const headers = await appCheckHeaders();
  const responses = await Promise.all(
    Array.from({ length: BURST }, (_, i) =>
      post(
        url,
        { email: uniqueEmail('burst') },
        {
          headers: forge
            ? { ...headers, 'X-Forwarded-For': `203.0.113.${i + 1}, 192.0.2.${i + 1}` }
            : headers,
        },
      ),
    ),
  );
  for (const response of responses.filter((answer) => answer.status === 429)) {
    expect(response.body).toEqual({ error: RATE_LIMITED });
  }
  return responses.map((response) => response.status);
}

function expectExactlyLimit(statuses: number[]) {
  expect(statuses.filter((status) => status !== 200 && status !== 429)).toEqual([]);
  expect(statuses.filter((status) => status === 200)).toHaveLength(LIMIT);
}

describe('a burst of signups from one address', () => {
  it('through Hosting (2 trusted hops): only 200 or 429, exactly the limit of 200s, forged or not', async () => {
    const fn = await serve(serveWithFunctionsFramework(makeSubscribeHandler({ config: () => config(2) })));
    // Cloud Run's front end appends the Hosting edge that connected; Hosting's edge appends the client.
    const googleFrontEnd = await serve(startFrontEnd(fn.url, () => '199.36.158.100'));
    for (const forge of [false, true]) {
      const client = simulatedClient();
      const hosting = await serve(startFrontEnd(googleFrontEnd.url, () => client));
      expectExactlyLimit(await burst(hosting.url, forge));
    }
  });

  it("straight to the function's URL (1 trusted hop): the same", async () => {
    const fn = await serve(serveWithFunctionsFramework(makeSubscribeHandler({ config: () => config(1) })));
    for (const forge of [false, true]) {
      const client = simulatedClient();
      const googleFrontEnd = await serve(startFrontEnd(fn.url, () => client));
      expectExactlyLimit(await burst(googleFrontEnd.url, forge));
    }
  });
});
