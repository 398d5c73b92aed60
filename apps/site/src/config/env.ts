// The site's configuration. The VITE_* variables are validated once with the shared zod schema
// (`parseClientEnv` from @silk/data-access/config) when Vite starts, by the clientConfig plugin of
// @silk/vite-config: a bad value fails the build. The parsed result is embedded as the constant
// __SILK_CLIENT_CONFIG__, so zod (≈ 15 KB gzip) never ships in the site's initial bundle (DESIGN §8:
// ≤ 75 KB). Only the page entries import this; components receive the config as a prop.
import type { ClientConfig } from '@silk/data-access/config';

declare const __SILK_CLIENT_CONFIG__: ClientConfig;

export const env: ClientConfig = __SILK_CLIENT_CONFIG__;
