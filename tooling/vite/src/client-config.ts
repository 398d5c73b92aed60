// The apps' client configuration, validated once when Vite starts (build or dev server) with the shared
// parseClientEnv, and injected as the constant __SILK_CLIENT_CONFIG__ that each app's src/config/env.ts
// reads: a bad value fails the build, and zod never reaches the browser bundles.
import { parseClientEnv } from '@silk/data-access/config';
import { loadEnv, type Plugin, type UserConfig } from 'vite';

/**
 * The define for `mode`. loadEnv reads the VITE_* variables of the .env files in Vite's env folder (the
 * app's root unless the config says otherwise) and of the process environment, which wins.
 */
export function clientConfigDefine(mode: string, config: UserConfig): Record<string, string> {
  const envDir = typeof config.envDir === 'string' ? config.envDir : (config.root ?? process.cwd());
  const validated = parseClientEnv(loadEnv(mode, envDir, 'VITE_'));
  return { __SILK_CLIENT_CONFIG__: JSON.stringify(validated) };
}

export function clientConfig(): Plugin {
  return {
    name: 'silk-client-config',
    config: (config, { mode }) => ({ define: clientConfigDefine(mode, config) }),
  };
}
