// The panel's client configuration. The VITE_* variables are validated once, with the shared
// data-access schema (parseClientEnv), when Vite starts (the clientConfig plugin of @silk/vite-config),
// which injects the result here.
import type { ClientConfig } from '@silk/data-access/config';

declare const __SILK_CLIENT_CONFIG__: ClientConfig;

export const env: ClientConfig = __SILK_CLIENT_CONFIG__;
