// The configuration of production's handlers as a bench serves them with the Functions Framework: behind
// one proxy hop (the client plays Google's front end) and verifying App Check tokens with the session's stub.
import { readServerConfig, type ServerConfig } from '@silk/functions/bench';
import { EMULATOR_APP_CHECK_AUDIENCE, EMULATOR_APP_CHECK_ISSUER } from '@silk/stack/app-check-stub';
import { appCheckStubUrl } from '@silk/stack/stack';

/** Production's defaults with the stand-ins at `offset`; `settings` adds the bench's own (e.g. its stubs). */
export function benchServerConfig(offset: number, settings: NodeJS.ProcessEnv = {}): ServerConfig {
  return readServerConfig({
    CLIENT_IP_HOPS: '1',
    APP_CHECK_JWKS_URL: `${appCheckStubUrl(offset)}/jwks`,
    APP_CHECK_ISSUER: EMULATOR_APP_CHECK_ISSUER,
    APP_CHECK_AUDIENCE: EMULATOR_APP_CHECK_AUDIENCE.join(','),
    ...settings,
  });
}
